import Foundation
import ScryNeural
import Testing

/// A classifier's last layer narrowed to some classes, checked on the real PP-OCR recognizer
/// (against the whole model's scores) and on models written by hand.
@Suite struct ONNXClassSubsetTests {
    /// Field `number` holding `bytes`, and one holding a varint, encoded by hand.
    func field(_ number: Int, _ bytes: [UInt8]) -> [UInt8] { [UInt8(number << 3 | 2), UInt8(bytes.count)] + bytes }
    func varint(_ number: Int, _ value: UInt8) -> [UInt8] { [UInt8(number << 3), value] }
    func floats(_ values: [Float]) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) } }

    /// A ModelProto (ir_version 8) whose graph holds a float initializer "w" of `dims` with
    /// `data` (raw_data, or float_data when `packedFloats`) and one output of shape [?, 3].
    func model(dims: [UInt8], data: [Float], packedFloats: Bool = false) -> [UInt8] {
        let tensor = dims.flatMap { varint(1, $0) } + varint(2, 1) + field(8, Array("w".utf8))
            + (packedFloats ? field(4, floats(data)) : field(9, floats(data)))
        let dimensions = field(1, field(2, Array("n".utf8))) + field(1, varint(1, 3))
        let output = field(1, Array("scores".utf8)) + field(2, field(1, varint(1, 1) + field(2, dimensions)))
        return varint(1, 8) + field(7, field(5, tensor) + field(12, output))
    }

    /// The initializer's dims and floats, and the output's fixed dimensions, of `model`'s form.
    func parse(_ bytes: [UInt8]) -> (dims: [Int], data: [Float], outputDims: [Int]) {
        var dims: [Int] = [], data: [Float] = [], outputDims: [Int] = []
        // The graph, its initializer and output; the output's type, tensor type, shape, dim.
        let descents: Set<[Int]> = [[7], [7, 5], [7, 12], [7, 12, 2], [7, 12, 2, 1], [7, 12, 2, 1, 2], [7, 12, 2, 1, 2, 1]]
        func walk(_ bytes: ArraySlice<UInt8>, path: [Int]) {
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let key = Int(bytes[index]), number = key >> 3
                index += 1
                if key & 7 == 0 {
                    let value = Int(bytes[index])
                    index += 1
                    if path == [7, 5], number == 1 { dims.append(value) }
                    if path == [7, 12, 2, 1, 2, 1], number == 1 { outputDims.append(value) }
                    continue
                }
                let length = Int(bytes[index])
                index += 1
                let body = bytes[index..<index + length]
                index += length
                if path == [7, 5], number == 9 {
                    data = stride(from: body.startIndex, to: body.endIndex, by: 4).map { start in
                        Float(bitPattern: body[start..<start + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) })
                    }
                } else if descents.contains(path + [number]) {
                    walk(body, path: path + [number])
                }
            }
        }
        walk(bytes[...], path: [])
        return (dims, data, outputDims)
    }

    @Test func theKeptColumnsAreCopiedInTheirNewOrder() throws {
        let weights: [Float] = [0, 1, 2, 10, 11, 12]  // two rows of three classes
        for packed in [false, true] {
            let narrowed = try #require(ONNXClassSubset.narrowed(model(dims: [2, 3], data: weights, packedFloats: packed), classCount: 3, keeping: [2, 0]))
            let parsed = parse(narrowed)
            #expect(parsed.dims == [2, 2])
            #expect(parsed.data == [2, 0, 12, 10])
            #expect(parsed.outputDims == [2])
        }
        // A bias: one dimension.
        let bias = try #require(ONNXClassSubset.narrowed(model(dims: [3], data: [5, 6, 7]), classCount: 3, keeping: [1]))
        #expect(parse(bias).dims == [1] && parse(bias).data == [6])
    }

    @Test func nothingToNarrowOrBrokenInputIsRefused() {
        let good = model(dims: [2, 3], data: [0, 1, 2, 3, 4, 5])
        #expect(ONNXClassSubset.narrowed(good, classCount: 4, keeping: [0]) == nil)  // no dimension of 4
        #expect(ONNXClassSubset.narrowed(good, classCount: 3, keeping: [3]) == nil)  // no class 3
        #expect(ONNXClassSubset.narrowed(good, classCount: 3, keeping: []) == nil)
        #expect(ONNXClassSubset.narrowed(model(dims: [2, 3], data: [0, 1, 2]), classCount: 3, keeping: [0]) == nil)  // data too short
        #expect(ONNXClassSubset.narrowed(Array(good.dropLast(5)), classCount: 3, keeping: [0]) == nil)  // cut short
        #expect(ONNXClassSubset.narrowed([0x3A, 0x02, 0x2A, 0x7F], classCount: 3, keeping: [0]) == nil)
    }

    /// The narrowed recognizer's softmax over the kept classes is the whole model's, divided by
    /// what the kept classes hold of it.
    @Test func theNarrowedRecognizerScoresItsClassesAsTheWholeOneDoes() throws {
        let runtime = try NeuralRuntime.shared()
        let path = NeuralPaths.model("PP-OCRv6_rec_small.onnx")
        let bytes = try ModelFile.contents(of: path)
        let kept = [0] + Array(1...95) + [18709]  // the blank, ASCII's printable characters, the space
        let narrowed = try #require(ONNXClassSubset.narrowed(bytes, classCount: 18710, keeping: kept))
        let whole = try InferenceSession(modelPath: path, runtime: runtime)
        let part = try InferenceSession(model: narrowed, modelPath: path, runtime: runtime)
        #expect(part.outputShape == [nil, nil, kept.count])
        // Dark strokes on white: vertical bars of three widths, enough to give classes weight.
        var input = NeuralTensor(shape: [1, 3, 48, 128], repeating: 1)
        for channel in 0..<3 {
            for y in 10..<38 {
                for x in 0..<128 where x % 16 < 2 + (x / 40) { input.values[(channel * 48 + y) * 128 + x] = -1 }
            }
        }
        let all = try whole.run(input), some = try part.run(input)
        #expect(all.shape == [1, 16, 18710] && some.shape == [1, 16, kept.count])
        for column in 0..<16 {
            let row = all.values[column * 18710..<(column + 1) * 18710]
            let share = kept.reduce(Float(0)) { $0 + row[row.startIndex + $1] }
            for (index, number) in kept.enumerated() {
                let expected = row[row.startIndex + number] / share
                #expect(abs(some.values[column * kept.count + index] - expected) <= 0.02 * max(expected, 0.01))
            }
        }
    }
}

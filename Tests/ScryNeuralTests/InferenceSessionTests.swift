import Foundation
import ScryNeural
import ScryTestSupport
import Testing

@Suite struct InferenceSessionTests {
    let runtime: NeuralRuntime
    init() throws { runtime = try NeuralRuntime.shared() }

    /// A white 64x96 page with one black bar across it (text-like ink), as the detector's input.
    static func pageWithABar() -> NeuralTensor {
        var input = NeuralTensor(shape: [1, 3, 64, 96], repeating: 1)
        for channel in 0..<3 {
            for y in 28..<36 {
                for x in 10..<86 { input.values[(channel * 64 + y) * 96 + x] = -1 }
            }
        }
        return input
    }

    @Test func theDetectorsShapesComeFromTheModel() throws {
        let session = try InferenceSession(modelPath: NeuralPaths.model("PP-OCRv6_det_small.onnx"), runtime: runtime)
        #expect(session.inputShape == [nil, 3, nil, nil])
        #expect(session.outputShape == [nil, 1, nil, nil])
        #expect(session.threads == 1)
    }

    @Test func aDetectorMapHasTheInputsSizeAndProbabilities() throws {
        let session = try InferenceSession(modelPath: NeuralPaths.model("PP-OCRv6_det_small.onnx"), runtime: runtime)
        let input = Self.pageWithABar()
        let map = try session.run(input)
        #expect(map.shape == [1, 1, 64, 96])
        #expect(map.values.allSatisfy { $0 >= 0 && $0 <= 1 })
        // The same session runs again, at another size.
        let other = try session.run(NeuralTensor(shape: [1, 3, 32, 32], repeating: 1))
        #expect(other.shape == [1, 1, 32, 32])
    }

    @Test func theRecognizerGivesOneScoreRowPerFourColumns() throws {
        let session = try InferenceSession(modelPath: NeuralPaths.model("PP-OCRv6_rec_small.onnx"), runtime: runtime)
        #expect(session.inputShape == [nil, 3, 48, nil])
        let scores = try session.run(NeuralTensor(shape: [1, 3, 48, 320], repeating: 0))
        #expect(scores.shape == [1, 40, 18710])
    }

    @Test func aSessionThatForgetsItsPreparedShapesRunsAsBefore() throws {
        let session = try InferenceSession(modelPath: NeuralPaths.model("PP-OCRv6_det_small.onnx"), runtime: runtime)
        let input = Self.pageWithABar()
        let before = try session.run(input)
        _ = try session.run(NeuralTensor(shape: [1, 3, 160, 320], repeating: 1))
        try session.forgetPreparedShapes()
        try session.forgetPreparedShapes()
        #expect(session.recompilations == 2)
        #expect(try session.run(input) == before)
        #expect(try session.run(NeuralTensor(shape: [1, 3, 32, 32], repeating: 1)).shape == [1, 1, 32, 32])
        runtime.returnFreedMemory()
    }

    @Test func aSessionFixedToOneShapeGivesWhatItGaveForThatShape() throws {
        let session = try InferenceSession(modelPath: NeuralPaths.model("PP-OCRv6_det_small.onnx"), runtime: runtime)
        let input = Self.pageWithABar()
        let open = try session.run(input)
        try session.fixInputShape([1, 3, 64, 96])
        #expect(session.inputShape == [1, 3, 64, 96])
        let fixed = try session.run(input)
        #expect(fixed.shape == open.shape)
        // Kernels planned for one shape may add in another order: the same map within rounding.
        // (NeuralTextEngineZoomTests reads a page through a detector of fixed shape.)
        #expect(zip(fixed.values, open.values).allSatisfy { abs($0 - $1) < 1e-3 })
        // It stays fixed when compiled again.
        try session.forgetPreparedShapes()
        #expect(session.inputShape == [1, 3, 64, 96])
        #expect(try session.run(input).shape == [1, 1, 64, 96])
    }

    @Test func aMissingModelIsReportedWithTheSystemsReason() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("absent.onnx").path
        #expect(throws: NeuralRuntimeError.modelNotLoaded(path: path, reason: "No such file or directory")) {
            try InferenceSession(modelPath: path, runtime: runtime)
        }
    }

    @Test(arguments: ["truncated", "text", "empty"])
    func aCorruptModelIsReportedNotFatal(kind: String) throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("model.onnx")
        switch kind {
        case "truncated":
            let whole = try Data(contentsOf: URL(fileURLWithPath: NeuralPaths.model("PP-OCRv6_det_small.onnx")))
            try whole.prefix(whole.count / 3).write(to: path)
        case "text": try Data("this is not a model\n".utf8).write(to: path)
        default: try Data().write(to: path)
        }
        do {
            _ = try InferenceSession(modelPath: path.path, runtime: runtime)
            Issue.record("a \(kind) model loaded")
        } catch {
            guard case .modelNotLoaded(let reported, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reported == path.path)
            #expect(!reason.isEmpty && !reason.contains("\n"))
        }
    }
}

/// An ONNX classifier narrowed to some of its classes. Its last layer's weights and bias, the
/// float initializers whose last dimension is the class count, keep only the kept classes'
/// columns, so the model scores those alone (its softmax normalizes over them) and does not
/// spend time scoring the rest. PP-OCR's recognizer scores 18,710 classes, mostly Chinese
/// characters; a reader of Latin text needs about 600, and its last layer and softmax are
/// about a seventh of its work (`NeuralTextEngine`, `RecognitionScript`).
///
/// The model is rewritten in its protocol-buffer encoding: `ModelProto.graph` (field 7),
/// `GraphProto.initializer` (5) and `GraphProto.output` (12), `TensorProto`'s `dims` (1),
/// `data_type` (2), `float_data` (4) and `raw_data` (9), and an output's
/// `ValueInfoProto.type.tensor_type.shape.dim.dim_value` (2, 1, 2, 1, 1).
public enum ONNXClassSubset {
    /// `model`, an encoded `ModelProto`, scoring only the classes `kept` (numbers below
    /// `classCount`, in the order the narrowed model scores them). Nil when the encoding is
    /// broken, when a class number is out of range, or when no float initializer ends in a
    /// dimension of `classCount` (nothing to narrow).
    public static func narrowed(_ model: [UInt8], classCount: Int, keeping kept: [Int]) -> [UInt8]? {
        guard classCount > 0, !kept.isEmpty, kept.allSatisfy({ (0..<classCount).contains($0) }) else { return nil }
        var narrowedTensors = 0
        let rewritten = ProtobufWriter.rewritten(model[...]) { field, value in
            guard field == 7, case .bytes(let graph) = value else { return .unchanged }
            let narrowedGraph = ProtobufWriter.rewritten(graph) { field, value in
                guard case .bytes(let message) = value else { return .unchanged }
                switch field {
                case 5:
                    guard let tensor = Tensor(message) else { return .broken }
                    guard tensor.isFloat, tensor.dimensions.last == Int64(classCount) else { return .unchanged }
                    guard let narrowed = tensor.narrowed(message, classCount: classCount, keeping: kept) else { return .broken }
                    narrowedTensors += 1
                    return .fields(ProtobufWriter.field(5, bytes: narrowed))
                case 12:
                    guard let output = output(message, classCount: classCount, becoming: kept.count) else { return .broken }
                    return .fields(ProtobufWriter.field(12, bytes: output))
                default:
                    return .unchanged
                }
            }
            guard let narrowedGraph else { return .broken }
            return .fields(ProtobufWriter.field(7, bytes: narrowedGraph))
        }
        guard let rewritten, narrowedTensors > 0 else { return nil }
        return rewritten
    }

    /// An initializer's dimensions and element type as read from its `TensorProto`.
    private struct Tensor {
        var dimensions: [Int64] = []
        var elementType: UInt64 = 0
        /// ONNX's `TensorProto.DataType.FLOAT`.
        var isFloat: Bool { elementType == 1 }

        init?(_ message: ArraySlice<UInt8>) {
            var reader = ProtobufReader(bytes: message)
            while !reader.isAtEnd {
                guard let (field, value) = reader.nextField() else { return nil }
                switch (field, value) {
                case (1, .varint(let dimension)): dimensions.append(Int64(bitPattern: dimension))
                case (1, .bytes(let packed)):
                    guard let values = ProtobufReader.packedVarints(packed) else { return nil }
                    dimensions += values.map { Int64(bitPattern: $0) }
                case (2, .varint(let type)): elementType = type
                default: break
                }
            }
        }

        /// The tensor's encoding with its last dimension cut to the `kept` classes: dims and
        /// data written anew (the data as `raw_data`, little-endian floats), every other field
        /// as it was. Nil when its data does not hold as many floats as its dimensions say.
        func narrowed(_ message: ArraySlice<UInt8>, classCount: Int, keeping kept: [Int]) -> [UInt8]? {
            guard dimensions.allSatisfy({ $0 > 0 }) else { return nil }
            let count = dimensions.reduce(1, *)
            var data: [UInt8]?
            var reader = ProtobufReader(bytes: message)
            while !reader.isAtEnd {
                guard let (field, value) = reader.nextField() else { return nil }
                // raw_data, or float_data packed.
                if field == 9 || field == 4, case .bytes(let bytes) = value { data = Array(bytes) }
            }
            guard let data, Int64(data.count) == count * 4 else { return nil }
            let rows = Int(count) / classCount
            var narrowedData = [UInt8](repeating: 0, count: rows * kept.count * 4)
            data.withUnsafeBufferPointer { source in
                narrowedData.withUnsafeMutableBufferPointer { target in
                    for row in 0..<rows {
                        for (column, number) in kept.enumerated() {
                            let from = (row * classCount + number) * 4, to = (row * kept.count + column) * 4
                            for byte in 0..<4 { target[to + byte] = source[from + byte] }
                        }
                    }
                }
            }
            var newDimensions = dimensions
            newDimensions[newDimensions.count - 1] = Int64(kept.count)
            var wroteDimensions = false, wroteData = false
            let rewritten = ProtobufWriter.rewritten(message) { field, _ in
                switch field {
                case 1:
                    guard !wroteDimensions else { return .fields([]) }
                    wroteDimensions = true
                    return .fields(newDimensions.flatMap { ProtobufWriter.field(1, varint: UInt64(bitPattern: $0)) })
                case 4:
                    return .fields([])
                case 9:
                    wroteData = true
                    return .fields(ProtobufWriter.field(9, bytes: narrowedData))
                default:
                    return .unchanged
                }
            }
            // A tensor whose data was float_data gets raw_data in its place.
            guard let rewritten else { return nil }
            return wroteData ? rewritten : rewritten + ProtobufWriter.field(9, bytes: narrowedData)
        }
    }

    /// A graph output's `ValueInfoProto` with each dimension of `classCount` made `count`.
    private static func output(_ message: ArraySlice<UInt8>, classCount: Int, becoming count: Int) -> [UInt8]? {
        /// The message with field `number`'s messages rewritten by `inner`.
        func descend(_ message: ArraySlice<UInt8>, _ number: Int, _ inner: @escaping (ArraySlice<UInt8>) -> [UInt8]?) -> [UInt8]? {
            ProtobufWriter.rewritten(message) { field, value in
                guard field == number, case .bytes(let child) = value else { return .unchanged }
                guard let rewritten = inner(child) else { return .broken }
                return .fields(ProtobufWriter.field(number, bytes: rewritten))
            }
        }
        let dimension: (ArraySlice<UInt8>) -> [UInt8]? = { dimension in
            ProtobufWriter.rewritten(dimension) { field, value in
                guard field == 1, case .varint(let size) = value, size == UInt64(classCount) else { return .unchanged }
                return .fields(ProtobufWriter.field(1, varint: UInt64(count)))
            }
        }
        // ValueInfoProto.type (2) -> TypeProto.tensor_type (1) -> shape (2) -> dim (1).
        return descend(message, 2) { type in
            descend(type, 1) { tensorType in
                descend(tensorType, 2) { shape in descend(shape, 1, dimension) }
            }
        }
    }
}

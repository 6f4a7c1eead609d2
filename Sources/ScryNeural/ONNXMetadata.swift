import Glibc

/// The `metadata_props` of an ONNX model file: the key-value strings its authors stored beside
/// the graph (PP-OCR recognizers keep their character list under `character`). OpenVINO's C
/// API does not expose them, so they are read here from the file's protocol-buffer encoding,
/// walking only the top level of its `ModelProto` message and skipping the graph unread.
public struct ONNXMetadata: Sendable, Equatable {
    /// The stored strings by key.
    public var properties: [String: String]

    /// `ModelProto.metadata_props`, field 14; in each entry the key is field 1, the value 2.
    private static let metadataField = 14

    /// Reads the metadata of the ONNX file at `path`. Throws `modelNotLoaded` for a file that
    /// cannot be read or is not a well-formed protocol buffer.
    public init(contentsOf path: String) throws(NeuralRuntimeError) {
        guard let bytes = Self.read(path) else {
            throw .modelNotLoaded(path: path, reason: String(cString: strerror(errno)))
        }
        guard let properties = Self.properties(in: bytes) else {
            throw .modelNotLoaded(path: path, reason: "not an ONNX model (its encoding is broken)")
        }
        self.properties = properties
    }

    /// The metadata in the encoded `ModelProto` `bytes`, or nil when they are malformed.
    public static func properties(in bytes: [UInt8]) -> [String: String]? {
        var reader = ProtobufReader(bytes: bytes[...])
        var properties: [String: String] = [:]
        while !reader.isAtEnd {
            guard let (field, value) = reader.nextField() else { return nil }
            guard field == metadataField, case .bytes(let entry) = value else { continue }
            var entryReader = ProtobufReader(bytes: entry)
            var key: String?, text: String?
            while !entryReader.isAtEnd {
                guard let (entryField, entryValue) = entryReader.nextField() else { return nil }
                if case .bytes(let string) = entryValue {
                    if entryField == 1 { key = String(decoding: string, as: UTF8.self) }
                    if entryField == 2 { text = String(decoding: string, as: UTF8.self) }
                }
            }
            if let key { properties[key] = text ?? "" }
        }
        return properties
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[..<count])
            if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
        }
    }
}

/// Reads fields of a protocol-buffer message, one after another.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed
    }

    var bytes: ArraySlice<UInt8>
    var isAtEnd: Bool { bytes.isEmpty }

    /// The next field's number and value, or nil when the encoding is broken.
    mutating func nextField() -> (Int, Value)? {
        guard let key = varint(), key >> 3 > 0, key >> 3 <= UInt64(Int32.max) else { return nil }
        let field = Int(key >> 3)
        switch key & 7 {
        case 0:
            guard let value = varint() else { return nil }
            return (field, .varint(value))
        case 1, 5:
            let size = key & 7 == 1 ? 8 : 4
            guard bytes.count >= size else { return nil }
            bytes = bytes.dropFirst(size)
            return (field, .fixed)
        case 2:
            guard let length = varint(), length <= UInt64(bytes.count) else { return nil }
            let value = bytes.prefix(Int(length))
            bytes = bytes.dropFirst(Int(length))
            return (field, .bytes(value))
        default:
            return nil
        }
    }

    private mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard let byte = bytes.popFirst() else { return nil }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}

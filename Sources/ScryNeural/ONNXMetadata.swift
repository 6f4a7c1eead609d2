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
        try self.init(encoded: try ModelFile.contents(of: path), path: path)
    }

    /// Reads the metadata of an ONNX model already in memory, `bytes`, read from `path`.
    /// Throws `modelNotLoaded` when they are not a well-formed protocol buffer.
    public init(encoded bytes: [UInt8], path: String) throws(NeuralRuntimeError) {
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
}

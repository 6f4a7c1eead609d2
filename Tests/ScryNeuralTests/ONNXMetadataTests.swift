import ScryNeural
import Testing

@Suite struct ONNXMetadataTests {
    @Test func theRecognizersCharacterListIsRead() throws {
        let metadata = try ONNXMetadata(contentsOf: NeuralPaths.model("PP-OCRv6_rec_small.onnx"))
        let characters = try #require(metadata.properties["character"]).split(separator: "\n", omittingEmptySubsequences: false)
        // The recognizer scores these, a blank before them and a space after: 18,710 classes.
        #expect(characters.count == 18708)
        #expect(characters.contains("a") && characters.contains("Z") && characters.contains("7"))
    }

    /// A `ModelProto` written by hand: ir_version 8, a graph (field 7) to skip, and two
    /// metadata entries (field 14).
    @Test func metadataEntriesAreFoundBesideOtherFields() {
        func entry(_ key: String, _ value: String) -> [UInt8] {
            let body = [0x0A, UInt8(key.utf8.count)] + Array(key.utf8) + [0x12, UInt8(value.utf8.count)] + Array(value.utf8)
            return [0x72, UInt8(body.count)] + body
        }
        let bytes: [UInt8] = [0x08, 0x08] + [0x3A, 0x03, 0x0A, 0x01, 0x78] + entry("character", "a\nb") + entry("k", "")
        #expect(ONNXMetadata.properties(in: bytes) == ["character": "a\nb", "k": ""])
    }

    @Test func brokenEncodingsAreRefused() {
        #expect(ONNXMetadata.properties(in: [0x72, 0x10, 0x0A]) == nil)  // a length past the end
        #expect(ONNXMetadata.properties(in: [0x08]) == nil)  // a varint cut short
        #expect(ONNXMetadata.properties(in: [0x0F]) == nil)  // wire type 7
        #expect(ONNXMetadata.properties(in: []) == [:])
    }
}

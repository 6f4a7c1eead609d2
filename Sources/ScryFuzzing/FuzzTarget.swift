import Glibc
import ScryBarcode
import ScryCore
import ScryDumps
import ScryNotebook
import ScryImageIO
import SystemPackage

/// The fuzzed entry points: each takes arbitrary bytes and must neither crash nor hang,
/// whatever they hold. `Fuzz/` builds each into a libFuzzer binary (`scripts/fuzz`); the test
/// suite runs every file of `Fuzz/Corpus/` (seeds, and every input that ever crashed) through
/// the same functions.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A frame dump: header, records, CRCs, then every frame converted to gray.
    case frameDump = "frame-dump"
    /// A barcode payload parsed into a value (URL, Wi-Fi, vCard, GS1...): the first byte picks
    /// the symbology, the second whether it declared GS1, the rest is the payload.
    case barcodeValue = "barcode-value"
    /// An image file decoded to gray (Leptonica: PNG, JPEG, PNM, WebP, TIFF, GIF, BMP).
    case imageFile = "image-file"
    /// Recognized text lines turned into vocabulary (sentences, hyphenation, apostrophes).
    case vocabulary

    /// Runs one input.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .frameDump: Self.readDump(bytes)
        case .barcodeValue: Self.parseValue(bytes)
        case .imageFile: Self.decodeImage(bytes)
        case .vocabulary: Self.extractVocabulary(bytes)
        }
    }

    private static func readDump(_ bytes: [UInt8]) {
        // The reader works on files: the input goes to a scratch file of this process.
        let path = FilePath("/tmp/scry-fuzz-\(getpid()).scrydump")
        defer { unlink(path.string) }
        do {
            let file = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
            try file.closeAfter { _ = try bytes.withUnsafeBytes { try file.writeAll($0) } }
        } catch {
            fatalError("\(path): \(error)")
        }
        guard let reader = try? FrameDumpReader(path: path) else { return }
        while let frame = try? reader.next() {
            _ = try? GrayImage(frame: frame)
        }
        _ = reader.truncation?.description
    }

    private static func parseValue(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let symbologies = Symbology.allCases
        let symbology = symbologies[Int(bytes[0]) % symbologies.count]
        let value = BarcodeValue.parse(payload: Array(bytes.dropFirst(2)), symbology: symbology, isGS1: bytes[1] & 1 == 1)
        _ = JSONValue.object(value.fields).serialized
    }

    private static func decodeImage(_ bytes: [UInt8]) {
        guard let image = try? ImageFile.decodeGray(bytes) else { return }
        precondition(image.pixels.count == image.width * image.height, "decoded size and pixels disagree")
    }

    private static let extractor = VocabularyExtractor(
        wordList: WordList(["quick", "brown", "fox", "example", "well", "known", "o'clock", "dog", "cat"]))

    private static func extractVocabulary(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        _ = extractor.words(inLines: lines.map(String.init))
    }
}

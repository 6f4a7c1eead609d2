import Foundation
import ScryCapture
import ScryTestSupport
import Testing

/// Real JPEG files of ../shared/eval, each ending with its end-of-image marker.
@Suite struct JPEGExtentTests {
    /// Baseline (dm-2), baseline with restart markers (#199b) and progressive (dm-1).
    static let files = ["datamatrix-3/dm-2.jpg", "qrcode-2/#199b.jpg", "datamatrix-3/dm-1.jpg"]

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: RepositoryPaths.eval.appendingPathComponent("barcodes").appendingPathComponent(name)))
    }

    @Test(arguments: files) func aWholeFileEndsAtItsLastByte(name: String) throws {
        let jpeg = try Self.bytes(name)
        #expect(JPEGExtent.length(of: jpeg) == jpeg.count)
    }

    /// What a driver reporting the whole buffer gives: the frame, then zeros and older frames,
    /// whose own end markers must not be taken for this one's.
    @Test(arguments: files) func aBufferLongerThanTheImageIsCutAfterItsEnd(name: String) throws {
        let jpeg = try Self.bytes(name)
        let older = try Self.bytes("datamatrix-3/dm-c.jpg")
        let buffer = jpeg + [UInt8](repeating: 0, count: 5000) + [0xFF, 0xD9] + older + [UInt8](repeating: 0, count: 100)
        #expect(JPEGExtent.length(of: buffer) == jpeg.count)
    }

    /// An end marker inside a segment (an Exif thumbnail is a whole JPEG in an APP1 segment)
    /// is skipped with its segment.
    @Test func anEndMarkerInsideASegmentIsNotTheImagesEnd() throws {
        let jpeg = try Self.bytes("datamatrix-3/dm-2.jpg")
        let thumbnail = try Self.bytes("falsepositives-1/MQR-falsepositive.jpg")
        let body = Array("Exif".utf8) + [0, 0] + thumbnail
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        let withThumbnail = Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
        #expect(JPEGExtent.length(of: withThumbnail + [UInt8](repeating: 0xFF, count: 64)) == withThumbnail.count)
    }

    @Test func aCutImageOrOtherBytesHaveNoEnd() throws {
        let jpeg = try Self.bytes("datamatrix-3/dm-2.jpg")
        #expect(JPEGExtent.length(of: Array(jpeg[0..<(jpeg.count / 2)])) == nil)
        #expect(JPEGExtent.length(of: Array(jpeg[0..<(jpeg.count - 1)])) == nil)
        #expect(JPEGExtent.length(of: Array(jpeg.dropFirst())) == nil)
        #expect(JPEGExtent.length(of: [UInt8](repeating: 0, count: 100)) == nil)
        #expect(JPEGExtent.length(of: [0xFF, 0xD8, 0xFF, 0xD9]) == 4)
    }
}

import Foundation
import ScryCore
import ScryTestSupport
import Testing

@testable import ScryJPEG

@Suite struct JPEGCodecTests {
    /// A 64x48 gray gradient with a black square.
    let gray: GrayImage = {
        var pixels = [UInt8](repeating: 0, count: 64 * 48)
        for y in 0..<48 { for x in 0..<64 { pixels[y * 64 + x] = (10...20).contains(x) && (10...20).contains(y) ? 0 : UInt8(x * 4) } }
        return GrayImage(width: 64, height: 48, pixels: pixels)
    }()

    /// 64x48: red on the left half, blue on the right.
    let colour: ColourImage = {
        var pixels = [UInt8](repeating: 0, count: 64 * 48 * 3)
        for y in 0..<48 {
            for x in 0..<64 {
                let o = (y * 64 + x) * 3
                if x < 32 { pixels[o] = 220; pixels[o + 1] = 30; pixels[o + 2] = 30 } else { pixels[o] = 30; pixels[o + 1] = 30; pixels[o + 2] = 220 }
            }
        }
        return ColourImage(width: 64, height: 48, pixels: pixels)
    }()

    @Test func aGrayJPEGDecodesBackNearlyAsItWas() throws {
        let codec = try JPEGCodec()
        let bytes = try codec.encode(gray, quality: 95)
        #expect(bytes.starts(with: [0xFF, 0xD8]))
        let back = try codec.decodeGray(bytes, expected: gray.size)
        #expect(back.size == gray.size)
        let error = zip(back.pixels, gray.pixels).map { abs(Int($0) - Int($1)) }.max()!
        #expect(error < 24)
        #expect(back[15, 15] < 30)
    }

    @Test func aColourJPEGsLumaIsItsGrayAndItsChromaKeepsTheColours() throws {
        let codec = try JPEGCodec()
        let bytes = try codec.encode(colour, quality: 95)
        let luma = try codec.decodeGray(bytes)
        let (size, payload) = try codec.decodeYU12(bytes)
        #expect(size == colour.size)
        #expect(payload.count == 64 * 48 + 2 * 32 * 24)
        #expect(Array(payload[0..<(64 * 48)]) == luma.pixels)
        // Cr (V) is high on the red side, Cb (U) on the blue side.
        let u = Array(payload[(64 * 48)..<(64 * 48 + 32 * 24)]), v = Array(payload[(64 * 48 + 32 * 24)...])
        #expect(v[12 * 32 + 4] > 180 && u[12 * 32 + 4] < 110)
        #expect(u[12 * 32 + 28] > 180 && v[12 * 32 + 28] < 120)
    }

    @Test(arguments: ["2x1", "1x1"]) func webcamSubsamplingsAreBroughtTo420(_ factor: String) throws {
        // A webcam's 4:2:2 (and a 4:4:4) JPEG, made by ImageMagick: red left, blue right.
        let path = try makeTemporaryDirectory().appendingPathComponent("camera.jpg").path
        try runTool("convert", [
            "-size", "64x48", "xc:rgb(220,30,30)", "-fill", "rgb(30,30,220)", "-draw", "rectangle 32,0 63,47",
            "-type", "TrueColor", "-sampling-factor", factor, "-quality", "95", path,
        ])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let codec = try JPEGCodec()
        let (size, payload) = try codec.decodeYU12(bytes, expected: ImageSize(width: 64, height: 48))
        #expect(size == ImageSize(width: 64, height: 48))
        #expect(Array(payload[0..<(64 * 48)]) == (try codec.decodeGray(bytes)).pixels)
        let u = Array(payload[(64 * 48)..<(64 * 48 + 32 * 24)]), v = Array(payload[(64 * 48 + 32 * 24)...])
        #expect(v[12 * 32 + 4] > 180 && u[12 * 32 + 4] < 110, "\(factor)")
        #expect(u[12 * 32 + 28] > 180 && v[12 * 32 + 28] < 120, "\(factor)")
    }

    @Test func damagedTruncatedAndForeignDataAreErrors() throws {
        let codec = try JPEGCodec()
        let bytes = try codec.encode(gray)
        #expect(throws: JPEGError.self) { try codec.decodeGray(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: JPEGError.self) { try codec.decodeGray(Array("not a jpeg at all".utf8)) }
        #expect(throws: JPEGError.self) { try codec.decodeGray([]) }
        var damaged = bytes
        for index in stride(from: damaged.count / 2, to: damaged.count - 2, by: 7) { damaged[index] = 0xFF }
        #expect(throws: JPEGError.self) { try codec.decodeYU12(damaged) }
        #expect(throws: JPEGError.sizeMismatch(expected: ImageSize(width: 1280, height: 720), actual: gray.size)) {
            try codec.decodeGray(bytes, expected: ImageSize(width: 1280, height: 720))
        }
    }

    /// `jpeg` with its frame header (the baseline SOF0 marker TurboJPEG writes) changed by `change`,
    /// given the marker's offset.
    func withFrameHeader(_ jpeg: [UInt8], _ change: (inout [UInt8], Int) -> Void) throws -> [UInt8] {
        let marker = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        var changed = jpeg
        change(&changed, marker)
        return changed
    }

    @Test func aJPEGTheLibraryRefusesDoesNotBlindTheCodecToTheNextOnes() throws {
        let codec = try JPEGCodec()
        let good = try codec.encode(colour)
        let refused = [
            // 12-bit samples, a lossless (SOF3) frame, a 0x0 frame.
            try withFrameHeader(good) { $0[$1 + 4] = 12 },
            try withFrameHeader(good) { $0[$1 + 1] = 0xC3 },
            try withFrameHeader(good) { for offset in 5...8 { $0[$1 + offset] = 0 } },
        ]
        for (index, bad) in refused.enumerated() {
            #expect(throws: JPEGError.self, "\(index)") { try codec.decodeGray(bad) }
            #expect(try codec.decodeGray(good).size == colour.size, "\(index)")
            #expect(throws: JPEGError.self, "\(index)") { try codec.decodeYU12(bad) }
            #expect(try codec.decodeYU12(good).size == colour.size, "\(index)")
        }
    }

    @Test func mjpgFramesBecomeGrayOrYU12AndOthersPassThrough() throws {
        let codec = try JPEGCodec()
        let frame = Frame(
            sequence: 7, timestampNanoseconds: 99, pixelFormat: .mjpeg, width: 64, height: 48, bytesPerLine: 0,
            payload: try codec.encode(colour))
        let gray = try MJPEGFrameDecoder().decoded(frame)
        #expect(gray.pixelFormat == .grey && gray.sequence == 7 && gray.timestampNanoseconds == 99)
        #expect(try GrayImage(frame: gray).size == colour.size)
        let yu12 = try MJPEGFrameDecoder(keepsColour: true).decoded(frame)
        #expect(yu12.pixelFormat == .yuv420 && yu12.sequence == 7)
        #expect(try GrayImage(frame: yu12) == GrayImage(frame: gray))
        let reduced = try ColourImage(reducing: yu12, orientation: .up, scale: 1)
        #expect(reduced[4, 20].red > 150 && reduced[60, 20].blue > 150)
        let raw = try Frame(image: self.gray, pixelFormat: .yuyv, sequence: 1, timestampNanoseconds: 0)
        #expect(try MJPEGFrameDecoder().decoded(raw) == raw)
    }
}

import Testing
import ScryCore

@Test func yuyvKeepsTheLumaBytes() throws {
    // Two pixels per 4 bytes: Y0 U Y1 V. Lines padded to 12 bytes.
    let payload: [UInt8] = [10, 99, 20, 98, 30, 97, 40, 96, 0, 0, 0, 0,
                            50, 95, 60, 94, 70, 93, 80, 92, 0, 0, 0, 0]
    let frame = Frame(sequence: 0, timestampNanoseconds: 0, pixelFormat: .yuyv, width: 4, height: 2,
                      bytesPerLine: 12, payload: payload)
    #expect(try GrayImage(frame: frame).pixels == [10, 20, 30, 40, 50, 60, 70, 80])
}

@Test func greyDropsLinePadding() throws {
    let frame = Frame(sequence: 0, timestampNanoseconds: 0, pixelFormat: .grey, width: 2, height: 2,
                      bytesPerLine: 3, payload: [1, 2, 0, 3, 4, 0])
    #expect(try GrayImage(frame: frame).pixels == [1, 2, 3, 4])
}

@Test func unsupportedAndShortFramesAreRejected() {
    let mjpeg = Frame(sequence: 0, timestampNanoseconds: 0, pixelFormat: .mjpeg, width: 2, height: 2,
                      bytesPerLine: 0, payload: [0xff, 0xd8])
    #expect(throws: FrameConversionError.unsupportedPixelFormat(.mjpeg)) { try GrayImage(frame: mjpeg) }
    let short = Frame(sequence: 0, timestampNanoseconds: 0, pixelFormat: .yuyv, width: 4, height: 2,
                      bytesPerLine: 8, payload: [UInt8](repeating: 0, count: 10))
    #expect(throws: FrameConversionError.payloadTooShort(expected: 16, actual: 10)) { try GrayImage(frame: short) }
}

@Test func grayToYUYVAndBack() throws {
    let image = GrayImage(width: 3, height: 2, pixels: [0, 50, 100, 150, 200, 255])
    let frame = try Frame(image: image, pixelFormat: .yuyv, sequence: 7, timestampNanoseconds: 9)
    #expect(frame.bytesPerLine == 6)
    #expect(try GrayImage(frame: frame) == image)
}

@Test func pixelFormatFourcc() {
    #expect(PixelFormat.yuyv.rawValue == 0x5659_5559)
    #expect(PixelFormat.grey.fourcc == "GREY")
    #expect(PixelFormat(fourcc: "TOOLONG") == nil)
}

@Test func yu12KeepsItsYPlaneWithPadding() throws {
    // 4x2 Y plane with stride 6, then 2x1 U and V planes with stride 3: 12 + 3 + 3 bytes.
    let payload: [UInt8] = [1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 0, 0, 90, 91, 0, 92, 93, 0]
    let frame = Frame(
        sequence: 0, timestampNanoseconds: 0, pixelFormat: .yuv420, width: 4, height: 2,
        bytesPerLine: 6, payload: payload)
    #expect(try GrayImage(frame: frame).pixels == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(PixelFormat.yuv420.maximumPayloadLength(bytesPerLine: 6, height: 2) == 18)
    let image = GrayImage(width: 4, height: 2, pixels: [9, 8, 7, 6, 5, 4, 3, 2])
    let built = try Frame(image: image, pixelFormat: .yuv420, sequence: 1, timestampNanoseconds: 2)
    #expect(built.payload.count == 12)
    #expect(try GrayImage(frame: built) == image)
}

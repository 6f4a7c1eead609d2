import Testing

import ScryCore

struct CaptureFormatNegotiationTests {
    let hd = ImageSize(width: 1280, height: 720)
    let webcamSizes = FrameSizeOffer.discrete([
        .init(width: 640, height: 480), .init(width: 1280, height: 720), .init(width: 1920, height: 1080),
    ])

    private func offer(_ code: String, emulated: Bool = false, _ sizes: FrameSizeOffer) -> CameraFormatOffer {
        CameraFormatOffer(pixelFormat: PixelFormat(fourcc: code)!, isEmulated: emulated, sizes: sizes)
    }

    @Test func yuyvIsPreferredOverEverythingElse() {
        let offers = [offer("MJPG", webcamSizes), offer("GREY", webcamSizes), offer("YUYV", webcamSizes)]
        #expect(CaptureFormatNegotiation.choose(from: offers, size: hd) == .success(.yuyv))
    }

    @Test func greyWhenYUYVLacksTheSize() {
        let offers = [
            offer("YUYV", .discrete([.init(width: 640, height: 480)])), offer("GREY", webcamSizes),
        ]
        #expect(CaptureFormatNegotiation.choose(from: offers, size: hd) == .success(.grey))
    }

    @Test func mjpegOnlyCamerasAreCapturedAsTheJPEGsTheySend() {
        // A UVC camera offering 720p only as MJPEG: libv4l2 adds emulated formats, which scry
        // passes over: it decodes the JPEGs itself and records them as they came.
        let offers = [
            offer("YUYV", .discrete([.init(width: 640, height: 480)])), offer("MJPG", webcamSizes),
            offer("RGB3", emulated: true, webcamSizes), offer("YU12", emulated: true, webcamSizes),
        ]
        #expect(CaptureFormatNegotiation.choose(from: offers, size: hd) == .success(.mjpeg))
    }

    @Test func otherFormatsGoThroughLibv4lconvert() {
        // A camera whose 720p is only a format scry does not read (UYVY), converted by libv4l2.
        let offers = [offer("UYVY", webcamSizes), offer("YU12", emulated: true, webcamSizes)]
        #expect(CaptureFormatNegotiation.choose(from: offers, size: hd) == .success(.yuv420))
    }

    @Test func stepwiseSizesAreHonoured() {
        // vivid's HDMI input: any size from 16x16 to 16384x8640.
        let range = FrameSizeOffer.stepwise(
            minimum: .init(width: 16, height: 16), maximum: .init(width: 16384, height: 8640),
            widthStep: 1, heightStep: 1)
        #expect(range.contains(hd))
        let coarse = FrameSizeOffer.stepwise(
            minimum: .init(width: 100, height: 100), maximum: .init(width: 2000, height: 2000),
            widthStep: 64, heightStep: 64)
        #expect(!coarse.contains(hd))
        #expect(CaptureFormatNegotiation.choose(from: [offer("YUYV", range)], size: hd) == .success(.yuyv))
    }

    @Test func aCameraWithout720pGetsTheSizesItOffers() {
        let offers = [offer("YUYV", .discrete([.init(width: 640, height: 480), .init(width: 320, height: 240)]))]
        let result = CaptureFormatNegotiation.choose(from: offers, size: hd)
        guard case .failure(let mismatch) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(mismatch == .sizeNotOffered(hd, offered: ["YUYV 640x480, 320x240"]))
        #expect(mismatch.description == "the camera cannot capture 1280x720; it offers YUYV 640x480, 320x240")
    }

    @Test func formatsScryCannotReadAreNamed() {
        let offers = [offer("BA81", webcamSizes)]  // Bayer, without libv4l2 emulation.
        #expect(
            CaptureFormatNegotiation.choose(from: offers, size: hd)
                == .failure(.noUsableFormat(hd, offered: [PixelFormat(fourcc: "BA81")!])))
    }
}

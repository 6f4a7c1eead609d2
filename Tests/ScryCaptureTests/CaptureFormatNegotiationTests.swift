import Testing

import ScryCapture
import ScryCore

struct CaptureFormatNegotiationTests {
    let hd = ImageSize(width: 1280, height: 720)
    let webcamSizes = FrameSizeOffer.discrete([
        .init(width: 640, height: 480), .init(width: 1280, height: 720), .init(width: 1920, height: 1080),
    ])

    private func offer(
        _ code: String, emulated: Bool = false, _ sizes: FrameSizeOffer, rates: [Double]? = nil
    ) -> CameraFormatOffer {
        // Rates as UVC lists them: intervals in units of 100 ns.
        CameraFormatOffer(
            pixelFormat: PixelFormat(fourcc: code)!, isEmulated: emulated, sizes: sizes,
            rates: rates.map { .discrete($0.map { FrameInterval(numerator: Int((1e7 / $0).rounded()), denominator: 10_000_000) }) })
    }

    /// The format chosen, or the failure.
    private func chosen(
        _ offers: [CameraFormatOffer], fps: Int = 30, forcing: String? = nil
    ) -> Result<PixelFormat, CaptureFormatMismatch> {
        CaptureFormatNegotiation.choose(
            from: offers, size: hd, framesPerSecond: fps, forcing: forcing.map { PixelFormat(fourcc: $0)! }
        ).map(\.pixelFormat)
    }

    @Test func yuyvIsPreferredOverEverythingElse() {
        let offers = [offer("MJPG", webcamSizes), offer("GREY", webcamSizes), offer("YUYV", webcamSizes)]
        #expect(chosen(offers) == .success(.yuyv))
    }

    @Test func greyWhenYUYVLacksTheSize() {
        let offers = [
            offer("YUYV", .discrete([.init(width: 640, height: 480)])), offer("GREY", webcamSizes),
        ]
        #expect(chosen(offers) == .success(.grey))
    }

    @Test func mjpegOnlyCamerasAreCapturedAsTheJPEGsTheySend() {
        // A UVC camera offering 720p only as MJPEG: libv4l2 adds emulated formats, which scry
        // passes over: it decodes the JPEGs itself and records them as they came.
        let offers = [
            offer("YUYV", .discrete([.init(width: 640, height: 480)])), offer("MJPG", webcamSizes),
            offer("RGB3", emulated: true, webcamSizes), offer("YU12", emulated: true, webcamSizes),
        ]
        #expect(chosen(offers) == .success(.mjpeg))
    }

    @Test func otherFormatsGoThroughLibv4lconvert() {
        // A camera whose 720p is only a format scry does not read (UYVY), converted by libv4l2.
        let offers = [offer("UYVY", webcamSizes), offer("YU12", emulated: true, webcamSizes)]
        #expect(chosen(offers) == .success(.yuv420))
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
        #expect(chosen([offer("YUYV", range)]) == .success(.yuyv))
    }

    @Test func aCameraWithout720pGetsTheSizesItOffers() {
        let offers = [offer("YUYV", .discrete([.init(width: 640, height: 480), .init(width: 320, height: 240)]))]
        let result = chosen(offers)
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
            chosen(offers)
                == .failure(.noUsableFormat(hd, offered: [PixelFormat(fourcc: "BA81")!])))
    }

    // MARK: Frame rates

    /// A USB 2 webcam as uvcvideo lists it (a Logitech C920's 1280x720 rows): YUYV at 10 fps
    /// at most, MJPEG at 30; libv4l2 adds YU12 converted from either.
    private var usb2Webcam: [CameraFormatOffer] {
        [
            offer("YUYV", webcamSizes, rates: [10, 7.5, 5]),
            offer("MJPG", webcamSizes, rates: [30, 24, 20, 15, 10, 7.5, 5]),
            offer("YU12", emulated: true, webcamSizes, rates: [30, 24, 20, 15, 10, 7.5, 5]),
        ]
    }

    @Test func aWebcamWhoseYUYVIsSlowIsCapturedInMJPEG() throws {
        let choice = try #require(try? CaptureFormatNegotiation.choose(from: usb2Webcam, size: hd).get())
        #expect(choice.pixelFormat == .mjpeg && !choice.isEmulated && choice.reachesRequestedRate)
        #expect(FrameRateOffer.rounded(choice.highestRate ?? 0) == 30)  // 333333 x 100 ns
    }

    @Test func aRateYUYVReachesKeepsYUYV() {
        #expect(chosen(usb2Webcam, fps: 10) == .success(.yuyv))
        #expect(chosen(usb2Webcam, fps: 5) == .success(.yuyv))
        #expect(chosen(usb2Webcam, fps: 15) == .success(.mjpeg))
    }

    @Test func whenNothingReachesTheRateTheFastestIsTaken() {
        // vivid's webcam input at 1280x720: every format up to 12.5 fps; YUYV comes first.
        let vivid = [
            CameraFormatOffer(
                pixelFormat: .yuyv, isEmulated: false, sizes: webcamSizes,
                rates: .discrete([.init(numerator: 1, denominator: 1), .init(numerator: 2, denominator: 25)])),
            offer("GREY", webcamSizes, rates: [1, 5]),
        ]
        let choice = CaptureFormatNegotiation.choose(from: vivid, size: hd)
        #expect(
            choice == .success(.init(pixelFormat: .yuyv, isEmulated: false, highestRate: 12.5, reachesRequestedRate: false)))
        // A later format that is faster wins over the preferred one.
        let slowYUYV = [offer("YUYV", webcamSizes, rates: [5]), offer("MJPG", webcamSizes, rates: [15])]
        #expect(chosen(slowYUYV, fps: 60) == .success(.mjpeg))
    }

    @Test func ntscRatesCountAsReached() {
        let ntsc = CameraFormatOffer(
            pixelFormat: .yuyv, isEmulated: false, sizes: webcamSizes,
            rates: .discrete([.init(numerator: 1001, denominator: 30000)]))
        #expect(chosen([ntsc, offer("MJPG", webcamSizes, rates: [60])]) == .success(.yuyv))
    }

    @Test func formatsWithoutListedRatesCountAsReaching() {
        // A driver without VIDIOC_ENUM_FRAMEINTERVALS says nothing: its rate is its own.
        #expect(chosen([offer("YUYV", webcamSizes), offer("MJPG", webcamSizes, rates: [30])]) == .success(.yuyv))
    }

    @Test func rangesOfRates() {
        // v4l2loopback before a producer attaches: any interval from 1/60 to 1/1.
        let range = FrameRateOffer.range(
            shortest: .init(framesPerSecond: 60), longest: .init(framesPerSecond: 1))
        #expect(range.highestRate == 60)
        #expect(range.description == "1 to 60 fps")
        let offers = [CameraFormatOffer(pixelFormat: .mjpeg, isEmulated: false, sizes: webcamSizes, rates: range)]
        #expect(chosen(offers, fps: 30) == .success(.mjpeg))
    }

    @Test func ratesAreDescribedHighestFirst() {
        let offer = FrameRateOffer.discrete([
            .init(framesPerSecond: 5), .init(numerator: 2, denominator: 25), .init(framesPerSecond: 30),
            .init(numerator: 1001, denominator: 30000), .init(framesPerSecond: 30),
        ])
        #expect(offer.description == "30, 29.97, 12.5, 5 fps")
        #expect(FrameRateOffer.discrete([]).description == "none")
        #expect(FrameInterval(numerator: 0, denominator: 30).framesPerSecond == 0)
    }

    // MARK: Forcing a format

    @Test func aForcedFormatIsTakenWhateverItsRate() throws {
        let choice = try #require(try? CaptureFormatNegotiation.choose(from: usb2Webcam, size: hd, forcing: .yuyv).get())
        #expect(choice.pixelFormat == .yuyv && !choice.reachesRequestedRate)
        #expect(FrameRateOffer.rounded(choice.highestRate ?? 0) == 10)
        #expect(chosen(usb2Webcam, forcing: "YU12") == .success(.yuv420))
    }

    @Test func aForcedFormatTheCameraLacksListsWhatItHas() {
        let result = CaptureFormatNegotiation.choose(from: usb2Webcam, size: hd, forcing: .grey)
        guard case .failure(let mismatch) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            mismatch.description
                == "the camera does not offer GREY at 1280x720; there it offers YUYV at 10, 7.5, 5 fps; "
                + "MJPG, YU12 (converted) at 30, 24, 20, 15, 10, 7.5, 5 fps")
        // A format offered at other sizes only is lacking too.
        let small = [offer("MJPG", .discrete([.init(width: 640, height: 480)])), offer("YUYV", webcamSizes)]
        #expect(
            chosen(small, forcing: "MJPG")
                == .failure(.formatNotOffered(.mjpeg, hd, offered: ["YUYV"])))
    }
}

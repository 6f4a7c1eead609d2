/// What one frame or image held, in the upright image's coordinates.
public struct FrameAnalysis: Sendable {
    /// The size of the upright image all coordinates refer to.
    public var uprightSize: ImageSize
    public var barcodes: [BarcodeObservation]
    public var texts: [TextObservation]
    /// Nanoseconds spent in each lane, for statistics (nil when the lane is off).
    public var barcodeNanoseconds: UInt64?
    public var textNanoseconds: UInt64?
}

/// Turns a stored image upright and runs the detectors that are on. One analyzer per thread,
/// like the detectors it holds.
public final class FrameAnalyzer {
    /// How the frames are stored; `--orientation auto` changes it as the stream goes.
    public var orientation: ImageOrientation
    /// The detectors that are on.
    public let barcodes: (any BarcodeDetecting)?
    public let text: (any TextDetecting)?

    public init(
        orientation: ImageOrientation, barcodes: (any BarcodeDetecting)?, text: (any TextDetecting)?
    ) {
        self.orientation = orientation
        self.barcodes = barcodes
        self.text = text
    }

    /// Analyses `stored`, an image as the camera or file holds it.
    public func analyze(_ stored: GrayImage) -> FrameAnalysis {
        let upright = stored.turnedUpright(from: orientation)
        var analysis = FrameAnalysis(uprightSize: upright.size, barcodes: [], texts: [])
        if let barcodes {
            let start = ContinuousClock.now
            analysis.barcodes = barcodes.detect(in: upright)
            analysis.barcodeNanoseconds = (ContinuousClock.now - start).nanoseconds
        }
        if let text {
            let start = ContinuousClock.now
            analysis.texts = text.detectText(in: upright)
            analysis.textNanoseconds = (ContinuousClock.now - start).nanoseconds
        }
        return analysis
    }
}

extension Duration {
    /// This duration in whole nanoseconds (0 for negative durations).
    public var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        let total = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return total > 0 ? UInt64(total) : 0
    }
}

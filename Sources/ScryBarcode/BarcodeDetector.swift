import ScryCore

/// Finds barcodes in upright gray images with zxing-cpp and zbar together, and checks each
/// against its symbology's minimum module size. Holds one engine of each kind: use one
/// detector per thread.
public final class BarcodeDetector {
    private let zxing: ZXingReader
    private let zbar: ZBarScanner
    public let thresholds: ModuleSizeThresholds

    /// How much work each image gets.
    public enum Profile: Sendable {
        /// Still images and sequential replays: every engine's extra passes (zxing-cpp's
        /// tryHarder, rotation, inversion, downscaling; zbar on every line, inverted too).
        case stillImage
        /// Video at 30 fps, where the next frame is another chance: zxing-cpp without
        /// tryHarder, zbar on every second line and without its inverted rescan (zxing-cpp
        /// still reads inverted codes). Under half the still-image time per 1280x720 frame.
        case video

        var zxingOptions: ZXingReader.Options {
            var options = ZXingReader.Options()
            if self == .video { options.tryHarder = false }
            return options
        }

        var zbarOptions: ZBarScanner.Options {
            var options = ZBarScanner.Options()
            if self == .video {
                options.scanDensity = 2
                options.tryInvert = false
            }
            return options
        }
    }

    public init(thresholds: ModuleSizeThresholds = .mlKitGuidance, profile: Profile = .stillImage) {
        self.zxing = ZXingReader(options: profile.zxingOptions)
        self.zbar = ZBarScanner(options: profile.zbarOptions)
        self.thresholds = thresholds
    }

    /// Every barcode in `image`, merged across engines, in a stable order. Coordinates are in
    /// `image`'s pixel space.
    public func detect(in image: GrayImage) -> [BarcodeObservation] {
        let readings = zxing.read(image) + zbar.read(image)
        return BarcodeMerger.merge(readings).map { merged in
            var reading = merged.reading
            // Engines extrapolate finder patterns and may place a corner a few pixels outside
            // the image (zxing-cpp does for DataBar); coordinates stay within the image.
            reading.corners = reading.corners.map {
                PixelPoint(x: min(max($0.x, 0), Double(image.width)), y: min(max($0.y, 0), Double(image.height)))
            }
            let modules = ModuleCount.across(
                symbology: reading.symbology, payload: reading.payload, version: reading.symbolVersion)
            let modulePixels = modules.flatMap {
                estimatedModulePixels(corners: reading.corners, modules: $0)
            }
            return BarcodeObservation(
                symbology: reading.symbology, payload: reading.payload, corners: reading.corners,
                engines: merged.engines.sorted().map(\.rawValue), modulePixels: modulePixels,
                meetsMinimum: modulePixels.map { $0 >= thresholds.minimum(for: reading.symbology) })
        }
    }
}

extension BarcodeDetector: BarcodeDetecting {}

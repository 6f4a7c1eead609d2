import ScryCore

/// Finds barcodes in upright gray images with zxing-cpp and zbar together, and checks each
/// against its symbology's minimum module size. Holds one engine of each kind: use one
/// detector per thread.
public final class BarcodeDetector {
    private let zxing: ZXingReader
    private let zbar: ZBarScanner
    public let thresholds: ModuleSizeThresholds

    public init(
        thresholds: ModuleSizeThresholds = .mlKitGuidance,
        zxingOptions: ZXingReader.Options = ZXingReader.Options()
    ) {
        self.zxing = ZXingReader(options: zxingOptions)
        self.zbar = ZBarScanner()
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

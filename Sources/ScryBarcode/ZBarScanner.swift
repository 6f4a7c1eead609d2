internal import CZBar
import ScryCore

/// Reads EAN/UPC and QR codes with zbar, the second opinion beside zxing-cpp. Each image is
/// scanned by a zbar image scanner of its own: zbar's decoder keeps the halves of an EAN/UPC
/// code it has decoded from one scan to the next (`ean_decoder_t`'s left and right halves,
/// cleared only when the decoder is reset, which its image scanner never does), so a scanner
/// used again joins a half seen in the previous image to one in this image. On
/// ../shared/eval/barcodes in one process, ean13-4/13.webp read after ean13-4/12.webp gave
/// zbar a reading of its EAN-13 that the photo alone does not give, and three other photos
/// had their zbar box moved by what came before; a half from another code could make a
/// number printed nowhere. Use one `ZBarScanner` from one thread at a time.
public final class ZBarScanner {
    /// The zbar symbologies enabled.
    private let types: [zbar_symbol_type_t]
    /// Scan every n-th row and column (`Options.scanDensity`).
    private let density: Int32
    private let directions: ScanDirections
    /// Whether no symbology is enabled: `read` then finds nothing without scanning.
    private let isIdle: Bool
    /// Whether an image in which nothing was found is scanned again as its negative.
    private let triesInverted: Bool

    /// The symbologies zbar is asked for: where it adds reads to zxing-cpp's.
    public static let symbologies: [Symbology] = [.ean_13, .ean_8, .upc_e, .qr_code]

    /// How thoroughly zbar scans.
    public struct Options: Sendable, Equatable {
        /// Scan every n-th pixel row and column (zbar's X/Y density; 1 scans every line).
        public var scanDensity = 1
        /// Rescan the inverted image when nothing was found (white-on-black codes).
        public var tryInvert = true
        /// Which scan lines zbar follows: rows find codes whose bars stand upright, columns
        /// codes turned a quarter.
        public var directions = ScanDirections.both
        /// The symbologies looked for, among `ZBarScanner.symbologies` (`upc_a` asks for
        /// EAN-13, which zbar reads UPC-A as).
        public var symbologies = Set(ZBarScanner.symbologies)
        public init() {}
    }

    /// The scan lines zbar follows.
    public enum ScanDirections: Sendable, Equatable {
        case both, rows, columns
    }

    public init(options: Options = Options()) {
        var types: [zbar_symbol_type_t] = []
        if !options.symbologies.isDisjoint(with: [.ean_13, .upc_a]) { types.append(ZBAR_EAN13) }
        if options.symbologies.contains(.ean_8) { types.append(ZBAR_EAN8) }
        if options.symbologies.contains(.upc_e) { types.append(ZBAR_UPCE) }
        if options.directions == .both, options.symbologies.contains(.qr_code) { types.append(ZBAR_QRCODE) }
        isIdle = types.isEmpty
        self.types = types
        directions = options.directions
        density = Int32(max(1, options.scanDensity))
        triesInverted = options.tryInvert
    }

    /// A new zbar image scanner set up as `init` was asked, with nothing decoded yet; the
    /// caller destroys it.
    private func makeScanner() -> OpaquePointer? {
        guard let scanner = zbar_image_scanner_create() else { return nil }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        // UPC-A stays off: zbar then reports it as the equivalent EAN-13 with a leading 0,
        // which is how zxing-cpp reports it too.
        // zbar finds a QR code from finder-pattern crossings on both rows and columns: with
        // one direction it cannot, and QR is left to zxing-cpp.
        for type in types {
            zbar_image_scanner_set_config(scanner, type, ZBAR_CFG_ENABLE, 1)
        }
        // zbar's own inverted rescan (ZBAR_CFG_TEST_INVERTED) does not say which symbols it
        // found: `read` rescans the negative itself and marks what it finds there.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 0)
        // X density spaces the vertical scan lines (columns), Y density the rows; 0 turns a
        // direction off.
        zbar_image_scanner_set_config(
            scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, directions == .rows ? 0 : density)
        zbar_image_scanner_set_config(
            scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, directions == .columns ? 0 : density)
        return scanner
    }

    /// Every code zbar finds in `image`; when it finds none and `Options.tryInvert` is on,
    /// every code it finds in the image's negative, marked `isWhiteOnBlack`. A linear code's
    /// corners are the box around zbar's scan points, from the code's own top-left as zbar
    /// tells which way up it read it (along the box's sides down the picture for a code read
    /// down its columns); a QR code's are its four corners, the symbol's top-left first.
    public func read(_ image: GrayImage) -> [EngineReading] {
        guard !isIdle, image.width > 0, image.height > 0 else { return [] }
        let found = scan(image.pixels, width: image.width, height: image.height)
        guard found.isEmpty, triesInverted else { return found }
        return scan(image.inverted().pixels, width: image.width, height: image.height).map {
            var reading = $0
            reading.isWhiteOnBlack = true
            return reading
        }
    }

    /// zbar's readings of 8-bit gray `pixels`, row by row, by a scanner of their own.
    private func scan(_ pixels: [UInt8], width: Int, height: Int) -> [EngineReading] {
        guard let scanner = makeScanner() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        guard let zbarImage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zbarImage) }
        // 'Y800': 8-bit gray, zbar's native format.
        zbar_image_set_format(zbarImage, 0x3030_3859)
        zbar_image_set_size(zbarImage, UInt32(width), UInt32(height))
        return pixels.withUnsafeBufferPointer { buffer -> [EngineReading] in
            zbar_image_set_data(zbarImage, buffer.baseAddress, UInt(buffer.count), nil)
            guard zbar_scan_image(scanner, zbarImage) > 0 else { return [] }
            var readings: [EngineReading] = []
            var symbol = zbar_image_first_symbol(zbarImage)
            while let current = symbol {
                defer { symbol = zbar_symbol_next(current) }
                guard let symbology = Self.symbology(of: zbar_symbol_get_type(current)),
                    let data = zbar_symbol_get_data(current)
                else { continue }
                let length = Int(zbar_symbol_get_data_length(current))
                var payload = Array(UnsafeRawBufferPointer(start: data, count: length))
                // zxing-cpp reports UPC-E in its 13-digit EAN form; so does Scry.
                if symbology == .upc_e, let expanded = UPCE.expandedToEAN13(String(decoding: payload, as: UTF8.self)) {
                    payload = Array(expanded.utf8)
                }
                readings.append(
                    EngineReading(
                        engine: .zbar, symbology: symbology, payload: payload,
                        corners: Self.corners(of: current, symbology: symbology),
                        symbolVersion: nil))
            }
            return readings
        }
    }

    private static func corners(of symbol: OpaquePointer, symbology: Symbology) -> [PixelPoint] {
        let count = zbar_symbol_get_loc_size(symbol)
        let points = (0..<count).map {
            PixelPoint(
                x: Double(zbar_symbol_get_loc_x(symbol, $0)),
                y: Double(zbar_symbol_get_loc_y(symbol, $0)))
        }
        if symbology == .qr_code, points.count == 4 {
            // zbar lists a QR code's corners counter-clockwise from its top-left.
            return [points[0], points[3], points[2], points[1]]
        }
        guard let box = PixelRect(enclosing: points) else { return [] }
        let topLeft = PixelPoint(x: box.x, y: box.y), topRight = PixelPoint(x: box.x + box.width, y: box.y)
        let bottomRight = PixelPoint(x: box.x + box.width, y: box.y + box.height)
        let bottomLeft = PixelPoint(x: box.x, y: box.y + box.height)
        // The box's corners from the code's own top-left, along its bars' row first: a code
        // zbar read down the picture's columns runs along the box's other sides.
        switch zbar_symbol_get_orientation(symbol) {
        case ZBAR_ORIENT_RIGHT: return [topRight, bottomRight, bottomLeft, topLeft]
        case ZBAR_ORIENT_DOWN: return [bottomRight, bottomLeft, topLeft, topRight]
        case ZBAR_ORIENT_LEFT: return [bottomLeft, topLeft, topRight, bottomRight]
        default: return [topLeft, topRight, bottomRight, bottomLeft]
        }
    }

    private static func symbology(of type: zbar_symbol_type_t) -> Symbology? {
        switch type {
        case ZBAR_EAN13, ZBAR_UPCA, ZBAR_ISBN13: return .ean_13
        case ZBAR_EAN8: return .ean_8
        case ZBAR_UPCE: return .upc_e
        case ZBAR_QRCODE: return .qr_code
        default: return nil
        }
    }
}

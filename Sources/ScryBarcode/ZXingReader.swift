internal import CZXing
import ScryCore

/// Reads barcodes of every format with zxing-cpp 3.x through its C API. One reader holds one
/// set of C reader options; use it from one thread at a time.
public final class ZXingReader {
    /// What zxing-cpp tries beyond a plain pass. Defaults are the library's own except where
    /// noted.
    public struct Options: Sendable, Equatable {
        /// Spend more time looking for codes (zxing-cpp default: true).
        public var tryHarder = true
        /// Also try the image turned 90 degrees (zxing-cpp default: true).
        public var tryRotate = true
        /// Also try white-on-black codes (zxing-cpp default: true).
        public var tryInvert = true
        /// Also try scaled-down copies for large, blurry codes (zxing-cpp default: true).
        public var tryDownscale = true
        /// At most this many symbols per image (zxing-cpp default: 255).
        public var maximumSymbols = 255
        /// How gray levels become black and white modules.
        public var binarizer = Binarizer.localAverage
        /// What happens to an EAN-2/EAN-5 add-on beside an EAN/UPC code.
        public var addOn = AddOn.read
        /// The formats looked for.
        public var formats = Formats.readable
        /// Also report symbols whose check failed, with `passedChecks` false (zxing-cpp's
        /// returnErrors). zxing-cpp then stops at a failed symbol where it might have gone on
        /// to read it elsewhere, so this is for passes that look for symbols, not for reads.
        public var returnsFailedReadings = false
        /// Whether a reader that binarizes by local average, looks for matrix codes and PDF417
        /// alone (whose detectors see the binarized image, where the linear readers scan gray
        /// rows) and does not downscale (which works on the gray image) binarizes here
        /// (`LocalAverageBinarization`), giving zxing-cpp black and white: the same readings,
        /// faster. False: zxing-cpp binarizes (for comparing the two).
        public var binarizesHere = true
        public init() {}
    }

    /// Which formats a reader looks for.
    public enum Formats: Sendable, Equatable {
        /// Every format zxing-cpp reads (Code 32 and PZN as the Code 39 they are).
        case readable
        /// EAN/UPC only: a narrower, faster pass.
        case retail
        /// These symbologies only. Every EAN/UPC symbology asks for the whole EAN/UPC family
        /// (zxing-cpp reads a UPC-A as the EAN-13 it is), and a family such as PDF417 may
        /// bring its variants: readings are to be filtered by `BarcodeFormatSelection`.
        case only(Set<Symbology>)
    }

    /// zxing-cpp's binarizers.
    public enum Binarizer: Sendable, Equatable {
        /// Threshold from each 8x8 block's neighbourhood (zxing-cpp's default, for uneven light).
        case localAverage
        /// One threshold from the whole row's or image's histogram (blurred, evenly lit codes).
        case globalHistogram
        /// Everything darker than 128 is black (high-contrast, noisy codes).
        case fixedThreshold
    }

    /// What to do with an EAN/UPC add-on symbol.
    public enum AddOn: Sendable, Equatable {
        /// Append the add-on's digits when one is found; report the code alone otherwise.
        case read
        /// Report EAN/UPC codes only together with an add-on.
        case require
    }

    private let options: OpaquePointer
    /// The same options thresholding at the middle gray, for images this reader binarized
    /// (`Options.binarizesHere`); nil where it does not.
    private let blackAndWhiteOptions: OpaquePointer?
    private let returnsFailedReadings: Bool

    /// The symbologies whose zxing-cpp detectors see only the binarized image.
    static let binarizedImageSymbologies: Set<Symbology> = [
        .qr_code, .micro_qr_code, .rmqr_code, .data_matrix, .aztec, .aztec_rune, .maxicode, .pdf417, .micro_pdf417,
    ]

    public init(options: Options = Options()) {
        self.options = Self.nativeOptions(options)
        self.returnsFailedReadings = options.returnsFailedReadings
        var binarizesHere = options.binarizesHere && options.binarizer == .localAverage && !options.tryDownscale
        if case .only(let symbologies) = options.formats {
            binarizesHere = binarizesHere && symbologies.isSubset(of: Self.binarizedImageSymbologies)
        } else {
            binarizesHere = false
        }
        var thresholding = options
        thresholding.binarizer = .fixedThreshold
        self.blackAndWhiteOptions = binarizesHere ? Self.nativeOptions(thresholding) : nil
    }

    /// zxing-cpp's reader options for `options`.
    private static func nativeOptions(_ options: Options) -> OpaquePointer {
        let native = ZXing_ReaderOptions_new()!
        ZXing_ReaderOptions_setTryHarder(native, options.tryHarder)
        ZXing_ReaderOptions_setTryRotate(native, options.tryRotate)
        ZXing_ReaderOptions_setTryInvert(native, options.tryInvert)
        ZXing_ReaderOptions_setTryDownscale(native, options.tryDownscale)
        ZXing_ReaderOptions_setMaxNumberOfSymbols(native, Int32(options.maximumSymbols))
        ZXing_ReaderOptions_setTextMode(native, ZXing_TextMode_Plain)
        ZXing_ReaderOptions_setReturnErrors(native, options.returnsFailedReadings)
        // An EAN/UPC add-on (2 or 5 digits) is appended to the main number when present.
        ZXing_ReaderOptions_setEanAddOnSymbol(
            native, options.addOn == .require ? ZXing_EanAddOnSymbol_Require : ZXing_EanAddOnSymbol_Read)
        switch options.binarizer {
        case .localAverage: ZXing_ReaderOptions_setBinarizer(native, ZXing_Binarizer_LocalAverage)
        case .globalHistogram: ZXing_ReaderOptions_setBinarizer(native, ZXing_Binarizer_GlobalHistogram)
        case .fixedThreshold: ZXing_ReaderOptions_setBinarizer(native, ZXing_Binarizer_FixedThreshold)
        }
        let formats: [ZXing_BarcodeFormat]
        switch options.formats {
        case .readable: formats = Self.readableFormats
        case .retail: formats = Self.retailFormats
        case .only(let symbologies):
            // A Code 39 whose text fits Code 32's or PZN's alphabet would be reinterpreted as one
            // (see `readableFormats`): those two are looked for only without Code 39.
            let asked = symbologies.contains(.code_39) ? symbologies.subtracting([.code_32, .pzn]) : symbologies
            formats = Array(Set(asked.flatMap(Self.formats(for:)))).sorted { $0.rawValue < $1.rawValue }
        }
        formats.withUnsafeBufferPointer {
            ZXing_ReaderOptions_setFormats(native, $0.baseAddress, Int32($0.count))
        }
        return native
    }

    /// Every format zxing-cpp reads except Code 32 and PZN: those are Code 39 symbols whose
    /// text zxing-cpp reinterprets when it happens to fit their alphabets, which turns an
    /// ordinary Code 39 such as "SCRY39" into a wrong pharmacode number. They are reported as
    /// the Code 39 they are, with their literal text.
    private static let readableFormats: [ZXing_BarcodeFormat] = {
        var count: Int32 = 0
        guard let list = ZXing_BarcodeFormatsList(ZXing_BarcodeFormat_AllReadable, &count) else { return [] }
        defer { ZXing_free(list) }
        return UnsafeBufferPointer(start: list, count: Int(count)).filter {
            // "Code 39" names the whole family, variants included; its Std and Ext variants stay.
            ![ZXing_BarcodeFormat_Code39, ZXing_BarcodeFormat_Code32, ZXing_BarcodeFormat_PZN].contains($0)
        }
    }()

    /// The zxing-cpp formats that read one symbology: variants where a family would bring
    /// more (QR Code Model 1 and 2, not Micro QR and rMQR).
    private static func formats(for symbology: Symbology) -> [ZXing_BarcodeFormat] {
        switch symbology {
        case .aztec: return [ZXing_BarcodeFormat_AztecCode]
        case .aztec_rune: return [ZXing_BarcodeFormat_AztecRune]
        case .codabar: return [ZXing_BarcodeFormat_Codabar]
        case .code_39: return [ZXing_BarcodeFormat_Code39Std, ZXing_BarcodeFormat_Code39Ext]
        case .code_32: return [ZXing_BarcodeFormat_Code32]
        case .pzn: return [ZXing_BarcodeFormat_PZN]
        case .code_93: return [ZXing_BarcodeFormat_Code93]
        case .code_128: return [ZXing_BarcodeFormat_Code128]
        case .databar: return [ZXing_BarcodeFormat_DataBarOmni]
        case .databar_stacked: return [ZXing_BarcodeFormat_DataBarStk, ZXing_BarcodeFormat_DataBarStkOmni]
        case .databar_limited: return [ZXing_BarcodeFormat_DataBarLtd]
        case .databar_expanded: return [ZXing_BarcodeFormat_DataBarExp]
        case .databar_expanded_stacked: return [ZXing_BarcodeFormat_DataBarExpStk]
        case .dx_film_edge: return [ZXing_BarcodeFormat_DXFilmEdge]
        case .ean_8, .ean_13, .upc_a, .upc_e, .ean_2, .ean_5: return retailFormats
        case .itf: return [ZXing_BarcodeFormat_ITF]
        case .itf_14: return [ZXing_BarcodeFormat_ITF14]
        case .maxicode: return [ZXing_BarcodeFormat_MaxiCode]
        case .micro_pdf417: return [ZXing_BarcodeFormat_MicroPDF417]
        case .pdf417: return [ZXing_BarcodeFormat_PDF417]
        case .micro_qr_code: return [ZXing_BarcodeFormat_MicroQRCode]
        case .qr_code: return [ZXing_BarcodeFormat_QRCodeModel1, ZXing_BarcodeFormat_QRCodeModel2]
        case .rmqr_code: return [ZXing_BarcodeFormat_RMQRCode]
        case .data_matrix: return [ZXing_BarcodeFormat_DataMatrix]
        case .telepen: return [ZXing_BarcodeFormat_Telepen]
        }
    }

    private static let retailFormats: [ZXing_BarcodeFormat] = [
        ZXing_BarcodeFormat_EAN13, ZXing_BarcodeFormat_EAN8, ZXing_BarcodeFormat_UPCA, ZXing_BarcodeFormat_UPCE,
    ]

    deinit {
        ZXing_ReaderOptions_delete(options)
        if let blackAndWhiteOptions { ZXing_ReaderOptions_delete(blackAndWhiteOptions) }
    }

    /// Every barcode zxing-cpp finds in `image`, looking at the image `sampling` names.
    /// Corners are zxing's symbol-relative corners (the symbol's own top-left first) in the
    /// image's pixel space.
    public func read(_ image: GrayImage, sampling: ImageSampling = .everyPixel) -> [EngineReading] {
        read(sampled: sampling.sampled(image), by: sampling, from: image.size)
    }

    /// As `read(_:sampling:)`, given `sampled`, the image `sampling` made of an image of
    /// `size` (`ImageSampling.sampled`): for an image that several readers read, made once.
    func read(sampled: GrayImage, by sampling: ImageSampling, from size: ImageSize) -> [EngineReading] {
        var seen = sampled
        guard seen.width > 0, seen.height > 0 else { return [] }
        var options = self.options
        if let blackAndWhiteOptions, let blackAndWhite = LocalAverageBinarization.binarized(seen) {
            seen = blackAndWhite
            options = blackAndWhiteOptions
        }
        let readings = seen.pixels.withUnsafeBufferPointer { buffer -> [EngineReading] in
            guard
                let view = ZXing_ImageView_new_checked(
                    buffer.baseAddress, Int32(buffer.count), Int32(seen.width),
                    Int32(seen.height), ZXing_ImageFormat_Lum, Int32(seen.width), 1)
            else { return [] }
            defer { ZXing_ImageView_delete(view) }
            guard let barcodes = ZXing_ReadBarcodes(view, options) else { return [] }
            defer { ZXing_Barcodes_delete(barcodes) }
            var readings: [EngineReading] = []
            for index in 0..<ZXing_Barcodes_size(barcodes) {
                guard let barcode = ZXing_Barcodes_at(barcodes, index),
                    returnsFailedReadings || ZXing_Barcode_isValid(barcode),
                    let symbology = Self.symbology(of: ZXing_Barcode_format(barcode))
                else { continue }
                var reading = EngineReading(
                    engine: .zxing, symbology: symbology, payload: Self.payload(of: barcode),
                    corners: Self.corners(of: barcode),
                    symbolVersion: Self.extra(of: barcode, key: "Version"),
                    isGS1: ZXing_Barcode_contentType(barcode) == ZXing_ContentType_GS1,
                    passedChecks: ZXing_Barcode_isValid(barcode))
                reading.undecodedBytes = Self.undecodedBytes(of: barcode, text: reading.payload)
                readings.append(reading)
            }
            return readings
        }
        guard sampling != .everyPixel else { return readings }
        return readings.map { reading in
            var inImage = reading
            inImage.corners = reading.corners.map {
                sampling.pointInImage($0, imageWidth: size.width, imageHeight: size.height)
            }
            return inImage
        }
    }

    /// Binary content keeps its raw bytes; everything else is zxing's text, which it has
    /// already transcoded to UTF-8 from the symbol's ECI or guessed character set.
    private static func payload(of barcode: OpaquePointer) -> [UInt8] {
        if ZXing_Barcode_contentType(barcode) == ZXing_ContentType_Binary {
            var length: Int32 = 0
            guard let bytes = ZXing_Barcode_bytes(barcode, &length) else { return [] }
            defer { ZXing_free(bytes) }
            return Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        var text: [UInt8] = []
        if let pointer = ZXing_Barcode_text(barcode) {
            text = Array(String(cString: pointer).utf8)
            ZXing_free(pointer)
        }
        if !text.isEmpty { return text }
        // zxing-cpp gives no text when it cannot transcode (mixed or unknown ECIs): keep the
        // bytes rather than lose the payload.
        var length: Int32 = 0
        guard let bytes = ZXing_Barcode_bytes(barcode, &length) else { return [] }
        defer { ZXing_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }

    /// The symbol's bytes when zxing-cpp's text is a guess at bytes that are not UTF-8 (text
    /// content without an ECI: zxing-cpp guesses ISO-8859-1 or Shift_JIS), else nil.
    private static func undecodedBytes(of barcode: OpaquePointer, text: [UInt8]) -> [UInt8]? {
        guard ZXing_Barcode_contentType(barcode) == ZXing_ContentType_Text, !ZXing_Barcode_hasECI(barcode) else {
            return nil
        }
        var length: Int32 = 0
        guard let bytes = ZXing_Barcode_bytes(barcode, &length) else { return nil }
        defer { ZXing_free(bytes) }
        let raw = Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
        guard raw != text, String(validating: raw, as: UTF8.self) == nil else { return nil }
        return raw
    }

    private static func corners(of barcode: OpaquePointer) -> [PixelPoint] {
        let position = ZXing_Barcode_position(barcode)
        return [position.topLeft, position.topRight, position.bottomRight, position.bottomLeft].map {
            PixelPoint(x: Double($0.x), y: Double($0.y))
        }
    }

    private static func extra(of barcode: OpaquePointer, key: String) -> String? {
        guard let value = ZXing_Barcode_extra(barcode, key) else { return nil }
        defer { ZXing_free(value) }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    static func symbology(of format: ZXing_BarcodeFormat) -> Symbology? {
        switch format {
        case ZXing_BarcodeFormat_Aztec, ZXing_BarcodeFormat_AztecCode: return .aztec
        case ZXing_BarcodeFormat_AztecRune: return .aztec_rune
        case ZXing_BarcodeFormat_Codabar: return .codabar
        case ZXing_BarcodeFormat_Code39, ZXing_BarcodeFormat_Code39Std, ZXing_BarcodeFormat_Code39Ext:
            return .code_39
        case ZXing_BarcodeFormat_Code32: return .code_32
        case ZXing_BarcodeFormat_PZN: return .pzn
        case ZXing_BarcodeFormat_Code93: return .code_93
        case ZXing_BarcodeFormat_Code128: return .code_128
        case ZXing_BarcodeFormat_DataBar, ZXing_BarcodeFormat_DataBarOmni: return .databar
        case ZXing_BarcodeFormat_DataBarStk, ZXing_BarcodeFormat_DataBarStkOmni: return .databar_stacked
        case ZXing_BarcodeFormat_DataBarLtd: return .databar_limited
        case ZXing_BarcodeFormat_DataBarExp: return .databar_expanded
        case ZXing_BarcodeFormat_DataBarExpStk: return .databar_expanded_stacked
        case ZXing_BarcodeFormat_DXFilmEdge: return .dx_film_edge
        case ZXing_BarcodeFormat_EAN13, ZXing_BarcodeFormat_ISBN, ZXing_BarcodeFormat_EANUPC: return .ean_13
        case ZXing_BarcodeFormat_EAN8: return .ean_8
        case ZXing_BarcodeFormat_EAN5: return .ean_5
        case ZXing_BarcodeFormat_EAN2: return .ean_2
        case ZXing_BarcodeFormat_UPCA: return .upc_a
        case ZXing_BarcodeFormat_UPCE: return .upc_e
        case ZXing_BarcodeFormat_ITF: return .itf
        case ZXing_BarcodeFormat_ITF14: return .itf_14
        case ZXing_BarcodeFormat_MaxiCode: return .maxicode
        case ZXing_BarcodeFormat_PDF417, ZXing_BarcodeFormat_CompactPDF417: return .pdf417
        case ZXing_BarcodeFormat_MicroPDF417: return .micro_pdf417
        case ZXing_BarcodeFormat_QRCode, ZXing_BarcodeFormat_QRCodeModel1, ZXing_BarcodeFormat_QRCodeModel2:
            return .qr_code
        case ZXing_BarcodeFormat_MicroQRCode: return .micro_qr_code
        case ZXing_BarcodeFormat_RMQRCode: return .rmqr_code
        case ZXing_BarcodeFormat_DataMatrix: return .data_matrix
        case ZXing_BarcodeFormat_Telepen, ZXing_BarcodeFormat_TelepenAlpha, ZXing_BarcodeFormat_TelepenNumeric:
            return .telepen
        default: return nil
        }
    }
}

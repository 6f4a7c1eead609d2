import ScryCore

/// Finds barcodes in an upright gray image; coordinates in that image's pixel space.
/// Implementations hold C engines bound to one thread: one detector per thread.
public protocol BarcodeDetecting: AnyObject {
    func detect(in image: GrayImage) -> [BarcodeObservation]
}

/// A barcode found in an upright image.
public struct BarcodeObservation: Sendable, Equatable {
    public var symbology: Symbology
    /// The decoded bytes, exactly as the symbol encodes them (after ECI decoding where the
    /// engine applies it).
    public var payload: [UInt8]
    /// The four corners of the symbol in pixel space of the upright image (origin top-left):
    /// the symbol's own top-left, top-right, bottom-right and bottom-left, so a code seen
    /// upside down has its "top-left" near the image's bottom-right.
    public var corners: [PixelPoint]
    /// Which engines read it (`zxing`, `zbar`), sorted.
    public var engines: [String]
    /// Estimated size of one module in pixels, or nil when the symbology's module count cannot
    /// be derived from what the engine returns.
    public var modulePixels: Double?
    /// Whether `modulePixels` reaches the symbology's calibrated minimum; nil when unknown.
    public var meetsMinimum: Bool?
    /// Whether the symbol declared GS1 content (FNC1 in first position).
    public var isGS1: Bool
    /// The symbol's own bytes when they are not valid UTF-8 and `payload` holds the decoder's
    /// text for them (its guess at their character set: `payloadCharset`), else nil.
    public var undecodedPayload: [UInt8]?
    /// The character set the decoder guessed for `undecodedPayload` ("ISO-8859-1",
    /// "Shift_JIS", or "unknown").
    public var payloadCharset: String?
    public init(
        symbology: Symbology, payload: [UInt8], corners: [PixelPoint], engines: [String],
        modulePixels: Double? = nil, meetsMinimum: Bool? = nil, isGS1: Bool = false
    ) {
        self.symbology = symbology
        self.payload = payload
        self.isGS1 = isGS1
        self.corners = corners
        self.engines = engines
        self.modulePixels = modulePixels
        self.meetsMinimum = meetsMinimum
    }

    /// The payload as text when it is valid UTF-8, else nil.
    public var payloadText: String? {
        String(validating: payload, as: UTF8.self)
    }

    /// The axis-aligned box around the corners, in upright pixel space.
    public var pixelBounds: PixelRect {
        PixelRect(enclosing: corners) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }
}

import ScryCore

/// The engines behind `BarcodeDetector`.
public enum BarcodeEngine: String, Sendable, Comparable {
    case zbar
    case zxing
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One engine's reading of one symbol, before merging. Corners are in pixel space of the
/// image the engine saw (origin top-left), the symbol's own top-left corner first.
public struct EngineReading: Sendable, Equatable {
    public var engine: BarcodeEngine
    public var symbology: Symbology
    public var payload: [UInt8]
    public var corners: [PixelPoint]
    /// The engine's version string for the symbol's size: QR version ("7"), Data Matrix size
    /// ("22x22"), rMQR size ("R7x43"), Aztec layers ("3"); nil when it gives none.
    public var symbolVersion: String?
    /// Whether the symbol declared GS1 content (zxing-cpp tells; zbar reads no GS1 symbologies).
    public var isGS1 = false
    /// False for a symbol the engine located and decoded but whose check failed (a wrong
    /// check digit, too many errors to correct): its payload is not to be trusted, only the
    /// fact that a symbol of that symbology is there. Only readers asked for such readings
    /// (`ZXingReader.Options.returnsFailedReadings`) give them.
    public var passedChecks = true
    /// Whether the engine read the symbol in the image's negative: light bars or modules on a
    /// dark ground (only zbar says; zxing-cpp's inverted passes are not told apart).
    public var isWhiteOnBlack = false
    /// The symbol's own bytes when they are not UTF-8 and `payload` is the engine's guess at
    /// their text (a QR code in byte mode holding Latin-1 or Shift_JIS), else nil.
    public var undecodedBytes: [UInt8]?

    public init(
        engine: BarcodeEngine, symbology: Symbology, payload: [UInt8], corners: [PixelPoint],
        symbolVersion: String?, isGS1: Bool = false, passedChecks: Bool = true
    ) {
        self.engine = engine
        self.symbology = symbology
        self.payload = payload
        self.corners = corners
        self.symbolVersion = symbolVersion
        self.isGS1 = isGS1
        self.passedChecks = passedChecks
    }
}

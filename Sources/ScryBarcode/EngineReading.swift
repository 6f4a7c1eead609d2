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
}

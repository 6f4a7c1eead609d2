import ScryCore

/// Why a JPEG could not be decoded or encoded.
public enum JPEGError: Error, Equatable, CustomStringConvertible {
    /// libjpeg-turbo's message for data it cannot decode (corrupt, truncated, not a JPEG).
    case undecodable(String)
    /// The JPEG is not the size its frame claims.
    case sizeMismatch(expected: ImageSize, actual: ImageSize)
    /// libjpeg-turbo could not set itself up or encode (out of memory).
    case codecFailure(String)

    public var description: String {
        switch self {
        case .undecodable(let message): "undecodable JPEG: \(message)"
        case .sizeMismatch(let expected, let actual):
            "the JPEG is \(actual.width)x\(actual.height), not the \(expected.width)x\(expected.height) its frame claims"
        case .codecFailure(let message): "libjpeg-turbo: \(message)"
        }
    }
}

import ScryCore

/// Decodes a camera's MJPG frames for the detectors: to GREY (the luma component alone, the
/// cheapest decode) or, when a detector wants colour, to YU12 (the JPEG's own Y'CbCr planes,
/// chroma at 4:2:0). Other frames pass through unchanged.
public final class MJPEGFrameDecoder: FrameDecoding {
    /// Whether decoded frames keep their colour (YU12) rather than luma alone (GREY).
    public let keepsColour: Bool
    private let codec: JPEGCodec

    public init(keepsColour: Bool = false) throws(JPEGError) {
        self.keepsColour = keepsColour
        codec = try JPEGCodec()
    }

    public func decoded(_ frame: Frame) throws -> Frame {
        guard frame.pixelFormat == .mjpeg else { return frame }
        let expected = ImageSize(width: frame.width, height: frame.height)
        if keepsColour {
            let (size, payload) = try codec.decodeYU12(frame.payload, expected: expected)
            return Frame(
                sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, pixelFormat: .yuv420,
                width: size.width, height: size.height, bytesPerLine: size.width, payload: payload)
        }
        let gray = try codec.decodeGray(frame.payload, expected: expected)
        return Frame(
            sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, pixelFormat: .grey, width: gray.width,
            height: gray.height, bytesPerLine: gray.width, payload: gray.pixels)
    }
}

import ScryCore

/// ImageMagick's `convert` operation that turns an upright image into the image a camera in
/// `orientation` would store, so orientation tests do not rely on Scry's own transform.
public func storingOperation(_ orientation: ImageOrientation) -> [String] {
    switch orientation {
    case .up: []
    case .upMirrored: ["-flop"]
    case .down: ["-rotate", "180"]
    case .downMirrored: ["-flip"]
    case .leftMirrored: ["-transpose"]
    case .right: ["-rotate", "-90"]
    case .rightMirrored: ["-transverse"]
    case .left: ["-rotate", "90"]
    }
}

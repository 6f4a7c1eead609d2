import ScryCore

/// `scry dump export`: one frame written as a PNG.
public struct ExportedLine: OutputLine {
    public static let lineType = "exported"

    public var frame: UInt64
    /// The PNG's path, as shown (escaped for display).
    public var path: String

    public init(frame: UInt64, path: String) {
        self.frame = frame
        self.path = path
    }

    public var members: [String: JSONValue] { ["frame": .unsigned(frame), "path": .string(path)] }

    public static var examples: [ExportedLine] { [ExportedLine(frame: 41, path: "frames/frame-000041.png")] }
}

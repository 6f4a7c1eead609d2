/// A recognition model, named by ML Kit's identifiers (`DigitalInkRecognitionModelIdentifier`).
public struct InkModel: Sendable, Equatable {
    /// ML Kit's identifier, e.g. `zxx-Zsym-x-shapes`.
    public var identifier: String
    /// Other names it answers to.
    public var aliases: [String]
    /// What it recognizes and where it comes from.
    public var description: String

    /// The models this build has.
    public static let installed: [InkModel] = [
        InkModel(
            identifier: "zxx-Zsym-x-shapes", aliases: ["shapes"],
            description: "rectangle, triangle, ellipse, arrow: built in, geometry over the strokes (ShapeRecognizer)")
    ]

    /// The installed model `name` names (an identifier or an alias, in any case), or nil.
    public static func named(_ name: String) -> InkModel? {
        let wanted = name.lowercased()
        return installed.first { $0.identifier.lowercased() == wanted || $0.aliases.contains { $0.lowercased() == wanted } }
    }
}

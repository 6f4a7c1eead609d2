import ScryCore

/// `scry ink models`: one model this build has.
public struct InkModelLine: OutputLine {
    public static let lineType = "ink_model"
    public var model: InkModel

    public init(_ model: InkModel) { self.model = model }

    public var members: [String: JSONValue] {
        ["model": .string(model.identifier), "aliases": .array(model.aliases.map(JSONValue.string)), "description": .string(model.description)]
    }

    public static var examples: [InkModelLine] { InkModel.installed.map(InkModelLine.init) }
}

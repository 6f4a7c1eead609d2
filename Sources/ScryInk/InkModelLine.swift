import ScryCore

/// `scry ink models`: one model this build has.
public struct InkModelLine: OutputLine {
    public static let lineType = "ink_model"
    public var model: InkModel

    public init(_ model: InkModel) { self.model = model }

    public var members: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "model": .string(model.identifier), "aliases": .array(model.aliases.map(JSONValue.string)),
            "description": .string(model.description),
        ]
        switch model.kind {
        case .shapes: break
        case .zinnia(let path, _, let fonts):
            object["file"] = .string(path)
            if !fonts.isEmpty { object["fonts"] = .array(fonts.map(JSONValue.string)) }
        case .handwriting(wordList: let path, _): object["file"] = .string(path)
        case .tesseract(let language, let frequencies, _):
            object["file"] = .string(InkModel.tessdataDirectory + "/\(language).traineddata")
            object["frequencies"] = .string(frequencies)
        }
        return object
    }

    public static var examples: [InkModelLine] { InkModel.known.map(InkModelLine.init) }
}

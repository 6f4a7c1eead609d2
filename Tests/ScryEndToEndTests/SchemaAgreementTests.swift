import Foundation
import ScryBarcode
import ScryCapture
import ScryCore
import ScryDocuments
import ScryFaces
import ScryGuidance
import ScryInk
import ScryInput
import ScryNotebook
import ScryPipeline
import ScryMotion
import ScrySharpness
import ScryTestSupport
import ScryText
import Testing

@testable import scry

/// Every line type scry writes, one Swift type each.
let everyLineType: [any OutputLine.Type] = [
    SessionLine.self, ImageLine.self, BarcodeLine.self, TextLine.self, FaceLine.self, RectangleLine.self, SharpnessLine.self, HintLine.self, AlignmentLine.self, MotionLine.self, ObjectLine.self, PageLine.self, InkLine.self, InkModelLine.self, OrientationLine.self, StatsLine.self,
    DeviceLine.self, PenDeviceLine.self, DumpInfoLine.self, ExportedLine.self, VocabularyLine.self, NotebookLine.self, KnownWordLine.self,
]

/// The line types docs/schema.json describes: each `oneOf` member's `type` constant, with the
/// properties it allows.
private func schemaLineTypes() throws -> [String: Set<String>] {
    let url = RepositoryPaths.root.appendingPathComponent("docs/schema.json")
    let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    let definitions = schema["$defs"] as! [String: [String: Any]]
    var types: [String: Set<String>] = [:]
    for reference in schema["oneOf"] as! [[String: String]] {
        let name = String(reference["$ref"]!.split(separator: "/").last!)
        let properties = definitions[name]!["properties"] as! [String: [String: Any]]
        let type = properties["type"]!["const"] as! String
        types[type] = Set(properties.keys)
    }
    return types
}

private func examples<Line: OutputLine>(of type: Line.Type) -> [any OutputLine] { Line.examples }

/// docs/schema.json and the Swift line types agree: the same set of line types; every
/// example of every type validates against the schema (with the real JSON Schema validator,
/// so a member the schema does not allow fails); and the examples of each type together use
/// every property the schema gives it, so a documented member no type writes fails too.
@Test func theSchemaAndTheLineTypesAgree() throws {
    let schemaTypes = try schemaLineTypes()
    #expect(Set(everyLineType.map { $0.lineType }) == Set(schemaTypes.keys))
    var text = ""
    for type in everyLineType {
        let lines = examples(of: type)
        #expect(!lines.isEmpty, "\(type.lineType) has no examples")
        var used = Set<String>()
        for line in lines {
            text += line.serialized + "\n"
            guard case .object(let members) = line.json else { continue }
            used.formUnion(members.keys)
        }
        let documented = schemaTypes[type.lineType] ?? []
        #expect(used == documented, "\(type.lineType): written \(used.sorted()), documented \(documented.sorted())")
    }
    let file = try makeTemporaryDirectory().appendingPathComponent("examples.jsonl")
    try Data(text.utf8).write(to: file)
    let validation = try runProcess(RepositoryPaths.root.appendingPathComponent("scripts/validate-jsonl").path, [file.path])
    #expect(validation.status == 0, "\(validation.stderr)")
}

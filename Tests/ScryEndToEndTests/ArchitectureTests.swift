import Foundation
import ScryTestSupport
import Testing

/// docs/architecture.md's module drawing and Package.swift name the same modules: a module
/// added, renamed or removed in one and not the other fails here.
@Test func theArchitectureDrawingNamesEveryModule() throws {
    let package = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    // Every target but the tests' helpers: `.target(name: "X"`, `.systemLibrary(name: "X"`, ...
    let declaration = try Regex(#"\.(?:target|systemLibrary|executableTarget)\(\s*name: "(\w+)""#)
    let modules = Set(package.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
        .subtracting(["ScryTestSupport"])
    #expect(modules.count >= 20, "\(modules.sorted())")
    let document = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    // The drawing: the first fenced block after "## Modules".
    let section = try #require(document.range(of: "## Modules")).upperBound
    let open = try #require(document.range(of: "```", range: section..<document.endIndex))
    let close = try #require(document.range(of: "```", range: open.upperBound..<document.endIndex))
    let drawing = String(document[open.upperBound..<close.lowerBound])
    // Module-like names in it: scry, Scry..., and the C modules (C followed by a capital).
    let named = Set(drawing.matches(of: try Regex(#"\b(?:Scry\w*|C[A-Z]\w+|scry)\b"#)).compactMap {
        $0.output[0].substring.map(String.init)
    })
    #expect(modules.subtracting(named).isEmpty, "declared, not drawn: \(modules.subtracting(named).sorted())")
    #expect(named.subtracting(modules).isEmpty, "drawn, not declared: \(named.subtracting(modules).sorted())")
}

import Foundation
import ScryTestSupport
import Testing

/// The README's quick start, run as written: every command of its `console` blocks (but the
/// camera's) with the built scry first on PATH, each checked against the lines shown under it.
@Suite struct QuickStartTests {
    struct Step {
        var command: String
        var expected: [String]
    }

    /// The quick start's commands and the lines shown under each.
    func steps() throws -> [Step] {
        let readme = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Quick start"))
        let section = readme[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var steps: [Step] = []
        var inBlock = false
        for line in section[..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock = line == "```console"
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), expected: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(line)
            }
        }
        return steps
    }

    /// Whether `actual` is the line `shown`, where `…` in it stands for any text.
    func matches(_ actual: String, _ shown: String) -> Bool {
        let parts = shown.components(separatedBy: "…")
        guard parts.count > 1 else { return actual == shown }
        guard actual.hasPrefix(parts[0]), actual.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = actual.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= parts[parts.count - 1].count
    }

    @Test func theQuickStartRunsAsShown() throws {
        let steps = try steps()
        #expect(steps.count >= 8)
        #expect(steps.first?.command == #"export PATH="$PWD/.build/release:$PATH""#)
        try? FileManager.default.removeItem(atPath: "/tmp/scry-demo")
        defer { try? FileManager.default.removeItem(atPath: "/tmp/scry-demo") }
        var ran = 0
        for step in steps.dropFirst() where !step.command.contains("# needs a camera") {
            // The built scry (this build's, debug or release) is put first on PATH instead.
            let result = try shell("cd '\(RepositoryPaths.root.path)' && \(step.command)")
            ran += 1
            #expect(result.status == 0, "\(step.command): \(result.stderr)")
            // By bytes: a CSV's lines end in CR LF, one Character to Swift.
            var lines = result.stdoutText.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String(String.UnicodeScalarView($0)) }.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
            if lines.last == "" { lines.removeLast() }
            let open = step.expected.last == "..."
            let shown = open ? Array(step.expected.dropLast()) : step.expected
            #expect(open ? lines.count >= shown.count : lines.count == shown.count, "\(step.command): \(lines) \(result.stderr)")
            for (actual, expected) in zip(lines, shown) {
                #expect(matches(actual, expected), "\(step.command): \(actual) is not \(expected)")
            }
        }
        #expect(ran >= 8)
    }
}

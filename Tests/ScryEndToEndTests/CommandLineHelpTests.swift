import Foundation
import ScryTestSupport
import Testing

/// What the command line tells a newcomer: help with examples and options grouped by lane,
/// the nearest command for a mistyped one, old option names still taken.
@Suite struct CommandLineHelpTests {
    @Test func aMistypedCommandGetsTheNearestOne() throws {
        let typo = try scry(["imgae", "photo.png"])
        #expect(typo.status == 64)
        #expect(typo.stderr.split(separator: "\n").count == 1)
        #expect(typo.stderr.contains("did you mean 'scry image'"), "\(typo.stderr)")
        #expect(try scry(["vocab", "reed"]).stderr.contains("did you mean 'scry vocab read'"))
        #expect(try scry(["dump", "exprt", "a", "b"]).stderr.contains("did you mean 'scry dump export'"))
        let unknown = try scry(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("the commands are live, devices, image"), "\(unknown.stderr)")
        // Files are still files where a command takes them (ink's default subcommand).
        #expect(!(try scry(["ink", "/nonexistent.json"])).stderr.contains("did you mean"))
    }

    @Test func everyCommandsHelpHasExamplesAndTheLanesComeInOrder() throws {
        let commands = [["image"], ["live"], ["replay"], ["scan"], ["ink", "recognize"], ["ink", "models"], ["devices"]]
            + ["info", "export", "create"].map { ["dump", $0] }
            + ["read", "notebooks", "list", "add", "edit", "delete", "export"].map { ["vocab", $0] }
        for command in commands {
            let help = try scry(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdoutText.contains("Examples:"), "\(command)")
        }
        let help = try scry(["image", "--help"]).stdoutText
        let sections = ["GENERAL:", "BARCODES:", "TEXT:", "FACES:", "RECTANGLES:", "OUTPUT:"].map { help.range(of: $0)?.lowerBound }
        #expect(sections.allSatisfy { $0 != nil }, "\(help)")
        #expect(zip(sections, sections.dropFirst()).allSatisfy { $0! < $1! })
        let ink = try scry(["ink", "recognize", "--help"]).stdoutText
        #expect(ink.contains(" en,") && ink.contains(" it,") && ink.contains("zh-Hani"))
    }

    @Test func pixelFormatHasOneNameAndTheOldOneStillWorks() throws {
        let directory = try makeTemporaryDirectory()
        let png = directory.appendingPathComponent("code.png").path
        try runTool("qrencode", ["-o", png, "-s", "6", "pixel format"])
        for name in ["--pixel-format", "--format"] {
            let dump = directory.appendingPathComponent("\(name.dropFirst(2)).scrydump").path
            let created = try scry(["dump", "create", name, "GREY", "-o", dump, png])
            #expect(created.status == 0, "\(created.stderr)")
            let info = try jsonLines(try scry(["dump", "info", dump]))
            #expect((info.first?["pixel_formats"] as? [String: Any])?["GREY"] as? Int == 1)
        }
    }
}

import ScryCore
import ScryGuidance
import ScryImageIO
import ScrySharpness
import ScryTestSupport
import SystemPackage
import Testing

/// `FrameEvidence` (with `FrameLevels` and `EdgeSpread`) on frames ImageMagick made to need
/// each hint, and on ones that need none: a page on a desk, a rendered page white to the
/// edges, a white label on a darker desk, a camera photo and the demo's frames.
struct FrameEvidenceTests {
    private func made(_ arguments: [String]) throws -> GrayImage {
        let output = try makeTemporaryDirectory().appendingPathComponent("made.png").path
        try runTool("convert", arguments + ["-colorspace", "Gray", output])
        return try ImageFile.readGray(path: FilePath(output))
    }

    private func hints(_ image: GrayImage) -> Set<Hint> {
        FrameEvidence(of: image, smallCodes: 0).hints
    }

    /// A page on a desk lit from one side.
    static let deskPage = [
        "-size", "1280x720", "gradient:gray30-gray80", "-fill", "gray85", "-draw", "rectangle 300,150 980,600",
        "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "22",
        "-annotate", "+330+210", "A page on a desk, lit from the side,", "-annotate", "+330+250", "with a few lines of print.",
    ]

    @Test func framesThatNeedNothingGetNoHint() throws {
        let white = try made([
            "-size", "1280x720", "xc:white", "-fill", "black", "-font", "DejaVu-Sans", "-pointsize", "24",
            "-annotate", "+60+100", "A page rendered white to its edges.",
        ])
        let label = try made([
            "-seed", "40", "-size", "1280x720", "plasma:gray40-gray60", "-fill", "white", "-draw", "rectangle 400,200 800,450",
            "-fill", "black", "-font", "DejaVu-Sans", "-pointsize", "30", "-annotate", "+430+300", "A white label",
        ])
        let photo = try made([RepositoryPaths.facePhotos.appendingPathComponent("2008_002470.jpg").path])
        for (name, image) in [("desk", try made(Self.deskPage)), ("white", white), ("label", label), ("photo", photo)] {
            #expect(hints(image).isEmpty, "\(name): \(hints(image)) \(FrameLevels.measure(image))")
        }
    }

    @Test func eachBadFrameGetsItsHint() throws {
        let dark = try made(Self.deskPage + ["-evaluate", "multiply", "0.3"])
        // The camera moving sideways, then up, in the exposure.
        let shaken = try made(Self.deskPage + ["-motion-blur", "0x12+0"])
        let shakenUp = try made(Self.deskPage + ["-motion-blur", "0x12+90"])
        let unfocused = try made(Self.deskPage + ["-blur", "0x3"])
        // A lamp's reflection over the page: a bright spot fading out.
        let glare = try made(
            Self.deskPage + [
                "(", "-size", "600x600", "radial-gradient:white-black", "-evaluate", "pow", "0.5", ")", "-geometry", "+400+80",
                "-compose", "screen", "-composite",
            ])
        #expect(hints(dark) == [.moreLight], "\(FrameLevels.measure(dark))")
        #expect(hints(shaken) == [.holdStill], "\(EdgeSpread.measure(shaken)) \(BlurEffect.measure(shaken))")
        #expect(hints(shakenUp) == [.holdStill], "\(EdgeSpread.measure(shakenUp)) \(BlurEffect.measure(shakenUp))")
        #expect(hints(unfocused) == [.holdStill], "\(EdgeSpread.measure(unfocused)) \(BlurEffect.measure(unfocused))")
        #expect(hints(glare) == [.glare], "\(FrameLevels.measure(glare))")
        let small = FrameEvidence(of: try made(Self.deskPage), smallCodes: 1)
        #expect(small.hints == [.moveCloser])
    }
}

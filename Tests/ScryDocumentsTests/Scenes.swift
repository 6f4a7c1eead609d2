import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage

/// Test pictures made with ImageMagick (not with scry): a 1280x720 gray desk (its plasma
/// fractal seeded, so the same every run) with pages drawn on it in perspective.
enum Scenes {
    /// A page as placed: its corners in the frame (ImageMagick's coordinates, the page's
    /// outer edge), top-left first, clockwise.
    typealias Corners = [(Double, Double)]

    /// The page of most tests: 600x800, seen turned and in perspective.
    static let tiltedPage: Corners = [(420, 90), (860, 110), (890, 650), (380, 640)]

    /// The desk with each page in `pages` drawn on it (a light page with a title, three lines
    /// of text and a black square near its top-left corner), blurred by `blur` and with
    /// light sensor noise; `covering`, an ImageMagick drawing (a hand over an edge), drawn over
    /// the pages in skin tone.
    static func desk(with pages: [Corners], blur: Double = 0.6, seed: Int = 3, covering: String? = nil) throws -> GrayImage {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.png").path
        try runTool("convert", [
            "-size", "600x800", "xc:#f2efe6", "-fill", "#222", "-font", "DejaVu-Serif", "-pointsize", "22",
            "-annotate", "+40+80", "Chapter One", "-annotate", "+40+140", "It is a truth universally acknowledged,",
            "-annotate", "+40+180", "that a single man in possession", "-fill", "black", "-draw", "rectangle 40,220 200,380", page,
        ])
        var arguments = ["-seed", String(seed), "-size", "1280x720", "plasma:#5a4632-#7a6248"]
        for corners in pages {
            let mapping = zip([(0.0, 0.0), (600.0, 0.0), (600.0, 800.0), (0.0, 800.0)], corners)
                .map { "\($0.0),\($0.1) \($1.0),\($1.1)" }.joined(separator: "  ")
            arguments += [
                "(", page, "-alpha", "set", "-virtual-pixel", "transparent", "-define", "distort:viewport=1280x720+0+0",
                "-distort", "Perspective", mapping, ")", "-composite",
            ]
        }
        if let covering { arguments += ["-fill", "#c89a80", "-draw", covering] }
        let scene = directory.appendingPathComponent("scene.png").path
        arguments += ["-blur", "0x\(blur)", "-seed", String(seed), "-attenuate", "0.2", "+noise", "Gaussian", "-colorspace", "Gray", scene]
        try runTool("convert", arguments)
        return try ImageFile.readGray(path: FilePath(scene))
    }

    /// The desk with a white triangle on it, or nothing: no rectangle.
    static func desk(drawing draw: String?) throws -> GrayImage {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = directory.appendingPathComponent("scene.png").path
        var arguments = ["-seed", "3", "-size", "1280x720", "plasma:#5a4632-#7a6248"]
        if let draw { arguments += ["-fill", "#f2efe6", "-draw", draw] }
        try runTool("convert", arguments + ["-colorspace", "Gray", scene])
        return try ImageFile.readGray(path: FilePath(scene))
    }

    /// The largest distance between found corners and placed ones (ImageMagick's edge
    /// coordinates are half a pixel from scry's pixel centres).
    static func cornerError(_ found: [PixelPoint], _ placed: Corners) -> Double {
        zip(found, placed).map { (($0.x + 0.5 - $1.0) * ($0.x + 0.5 - $1.0) + ($0.y + 0.5 - $1.1) * ($0.y + 0.5 - $1.1)).squareRoot() }.max()!
    }
}

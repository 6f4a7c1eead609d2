import Foundation
import ScryTestSupport
import Testing

/// An RGB picture read back with ImageMagick (not with Scry's own reader).
struct RGBPicture {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    init(path: String) throws {
        let result = try runProcess("convert", [path, "-depth", "8", "ppm:-"])
        // P6\n<width> <height>\n255\n<bytes>
        var fields: [Int] = []
        var index = 2
        let data = [UInt8](result.stdout)
        while fields.count < 3 {
            while data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            var value = 0
            while data[index] >= 0x30 && data[index] <= 0x39 { value = value * 10 + Int(data[index] - 0x30); index += 1 }
            fields.append(value)
        }
        width = fields[0]
        height = fields[1]
        bytes = Array(data[(index + 1)...])
    }

    func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let offset = (y * width + x) * 3
        return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// How many pixels in the box at (x, y) of `width` by `height` have `colour` (each
    /// channel within `tolerance`).
    func count(of colour: (Int, Int, Int), x: Int, y: Int, width: Int, height: Int, tolerance: Int = 30) -> Int {
        var found = 0
        for py in max(0, y)..<min(self.height, y + height) {
            for px in max(0, x)..<min(self.width, x + width) {
                let (red, green, blue) = pixel(px, py)
                if abs(red - colour.0) <= tolerance && abs(green - colour.1) <= tolerance && abs(blue - colour.2) <= tolerance {
                    found += 1
                }
            }
        }
        return found
    }

    /// Whether a pixel within `radius` of (x, y) has the barcode outline's green.
    func hasGreen(near x: Double, _ y: Double, radius: Int = 4) -> Bool {
        for dy in -radius...radius {
            for dx in -radius...radius {
                let px = Int(x.rounded()) + dx
                let py = Int(y.rounded()) + dy
                guard px >= 0, py >= 0, px < width, py < height else { continue }
                let (red, green, blue) = pixel(px, py)
                if green > 150 && red < 80 && blue < 80 { return true }
            }
        }
        return false
    }
}

private func corners(_ line: [String: Any]) -> [(Double, Double)] {
    (line["pixel_corners"] as? [[String: Double]] ?? []).map { ($0["x"]!, $0["y"]!) }
}

/// `scry image --annotate`: the picture of a photo holds the code's outline where its line
/// puts the corners (and along its edges), and nothing green where there is no code.
@Test func theDrawnOutlineIsWhereTheCornersAre() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let code = directory.appendingPathComponent("code.png").path
    try runTool("qrencode", ["-o", code, "-s", "5", "-m", "2", "annotated picture"])
    let photo = directory.appendingPathComponent("shelf.png").path
    try runTool(
        "convert", ["-size", "640x480", "xc:gray75", "(", code, "-background", "gray75", "-rotate", "17", ")",
                    "-geometry", "+260+140", "-composite", photo])
    let pictures = directory.appendingPathComponent("pictures").path
    let result = try scry(["image", "--no-text", "--annotate", pictures, photo])
    #expect(result.status == 0, "\(result.stderr)")
    let barcode = try #require(try jsonLines(result).first { $0["type"] as? String == "barcode" })
    let files = try FileManager.default.contentsOfDirectory(atPath: pictures)
    #expect(files.count == 1)
    let picture = try RGBPicture(path: pictures + "/" + (files.first ?? ""))
    // The frame at the top-left, pixel for pixel; the legend band below it.
    #expect(picture.width == 640 && picture.height > 480)
    let points = corners(barcode)
    #expect(points.count == 4)
    for (index, point) in points.enumerated() {
        #expect(picture.hasGreen(near: point.0, point.1), "corner \(index) at \(point)")
        let next = points[(index + 1) % points.count]
        let middle = ((point.0 + next.0) / 2, (point.1 + next.1) / 2)
        #expect(picture.hasGreen(near: middle.0, middle.1), "edge \(index) at \(middle)")
    }
    let centre = (points.map(\.0).reduce(0, +) / 4, points.map(\.1).reduce(0, +) / 4)
    #expect(!picture.hasGreen(near: centre.0, centre.1, radius: 10), "the code's inside is left as it is")
    #expect(!picture.hasGreen(near: 600, 450, radius: 10), "nothing is drawn where nothing was found")
}

/// `replay --annotate`, in order and in real time: a picture per frame that had a detection,
/// none for a frame without; a directory that cannot be made is status 73 before anything runs.
@Test func replayPicturesEachFrameThatHadADetection() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let code = directory.appendingPathComponent("code.png").path
    try runTool("qrencode", ["-o", code, "-s", "6", "replayed"])
    let blank = directory.appendingPathComponent("blank.png").path
    try runTool("convert", ["-size", "320x240", "xc:white", blank])
    let framed = directory.appendingPathComponent("framed.png").path
    try runTool("convert", ["-size", "320x240", "xc:white", code, "-gravity", "center", "-composite", framed])
    let dump = directory.appendingPathComponent("stream.scrydump").path
    _ = try scry(["dump", "create", "-o", dump, "--format", "GREY", framed, blank, framed])

    let inOrder = directory.appendingPathComponent("in-order").path
    let replay = try scry(["replay", "--no-text", "--annotate", inOrder, dump])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: inOrder).sorted() == ["frame-000000.png", "frame-000002.png"])

    let realtime = directory.appendingPathComponent("realtime").path
    let paced = try scry(["replay", "--realtime", "--no-text", "--annotate", realtime, dump])
    #expect(paced.status == 0, "\(paced.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: realtime)
    #expect(!written.isEmpty && !written.contains("frame-000001.png"))

    let notADirectory = directory.appendingPathComponent("file").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
    let refused = try scry(["replay", "--annotate", notADirectory, dump])
    #expect(refused.status == 73)
    #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("--annotate"), "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
}

/// `image --recognize --annotate` on a webcam view of a page of print: every line's label
/// leaves the line as it was (at least 80% of the pixels of its box unchanged; the goal is
/// all of them but where a neighbour's outline passes), and an image in which nothing was
/// found gets a picture too.
@Test func labelsLeaveTheLinesTheyNameAsTheyWere() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.png").path
    let lines = [
        "It was the best of times, it was the worst of times,", "it was the age of wisdom, it was the age of",
        "foolishness, it was the epoch of belief, it was the", "epoch of incredulity, it was the season of Light,",
        "it was the season of Darkness, it was the spring of", "hope, it was the winter of despair, we had",
        "everything before us, we had nothing before us,", "we were all going direct to Heaven, we were all",
        "going direct the other way; in short, the period was", "so far like the present period, that some of",
    ]
    try renderPage(lines, at: page, page: "300,40 980,690", pointsize: 17, left: 330, top: 90, spacing: 30)
    let blank = directory.appendingPathComponent("blank.png").path
    try runTool("convert", ["-size", "320x240", "xc:gray90", blank])
    let pictures = directory.appendingPathComponent("pictures").path
    let result = try scry(["image", "--recognize", "--no-barcodes", "--annotate", pictures, page, blank])
    #expect(result.status == 0, "\(result.stderr)")
    let found = try jsonLines(result).filter { $0["type"] as? String == "text" && $0["level"] as? String == "line" }
    #expect(found.count >= 8, "\(found.count) lines")
    let original = try RGBPicture(path: page)
    let picture = try RGBPicture(path: pictures + "/" + AnnotationName.of(page))
    #expect(picture.height > 720)
    for line in found {
        let bounds = try #require(line["pixel_bounds"] as? [String: Double])
        let x0 = Int(bounds["x"]!), y0 = Int(bounds["y"]!), x1 = Int((bounds["x"]! + bounds["width"]!).rounded(.up)), y1 = Int((bounds["y"]! + bounds["height"]!).rounded(.up))
        var kept = 0, total = 0
        for y in y0..<min(y1, 720) {
            for x in x0..<min(x1, 1280) {
                total += 1
                if picture.pixel(x, y) == original.pixel(x, y) { kept += 1 }
            }
        }
        #expect(total > 0 && Double(kept) >= 0.8 * Double(total), "\(line["text"] ?? ""): \(kept) of \(total) kept")
    }
    // The blank picture: drawn, with its legend band, and nothing in the frame changed.
    let empty = try RGBPicture(path: pictures + "/" + AnnotationName.of(blank))
    #expect(empty.width == 320 && empty.height > 240)
    #expect(empty.count(of: (229, 229, 229), x: 0, y: 0, width: 320, height: 240, tolerance: 1) == 320 * 240)
}

/// The picture's name for an image file: its path, folders joined by "_", and ".png".
enum AnnotationName {
    static func of(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "_") + ".png"
    }
}

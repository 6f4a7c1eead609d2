import Foundation
import ScryTestSupport
import Testing

/// An RGB picture read back with ImageMagick (not with Scry's own reader).
private struct RGBPicture {
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
    #expect(picture.width == 640 && picture.height == 480)
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

import Foundation
import Glibc
import ScryTestSupport
import Testing

/// Hostile inputs on ink, rectangles, scans and long thin images: each gets one stderr line
/// and a documented status, or a result, within bounded memory; none traps.
@Suite struct HostileSurfaceTests {
    /// Runs scry under GNU time: the result, and its peak resident memory in kilobytes.
    func measured(_ arguments: [String]) throws -> (result: ProcessResult, peakKilobytes: Int) {
        let result = try runProcess("/usr/bin/time", ["-f", "peak %M KB", RepositoryPaths.scryExecutable] + arguments)
        let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) }
        return (result, try #require(peak, "\(result.stderr)"))
    }

    /// scry's own stderr lines (GNU time's last line left out).
    func messages(_ result: ProcessResult) -> [Substring] {
        result.stderr.split(separator: "\n").filter { !$0.hasPrefix("peak ") && !$0.hasPrefix("Command exited") }
    }

    /// `points` as one stroke of an ink file in `directory`; its path.
    func inkFile(_ points: [(Double, Double)], in directory: URL, name: String = "ink.json") throws -> String {
        let text = #"{"strokes":[{"points":["# + points.map { #"{"x":\#($0.0),"y":\#($0.1)}"# }.joined(separator: ",") + "]}]}"
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: ["shapes", "en", "it", "ar", "ja", "zh-Hani"])
    func hugeCoordinatesAreRefusedWithOneLine(model: String) throws {
        let directory = try makeTemporaryDirectory()
        let file = try inkFile([(-1e308, 0), (1e308, 5)], in: directory)
        let result = try scry(["ink", "--model", model, file])
        #expect(!result.crashed)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("beyond"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["1e-15x1e-15", "1e-30x1e-30", "1e-320x1e-320", "1e300x1"])
    func anyPositiveWritingAreaIsTaken(area: String) throws {
        let directory = try makeTemporaryDirectory()
        let file = try inkFile([(10, 10), (60, 12), (58, 60), (12, 58), (10, 10)], in: directory)
        for model in ["ja", "zh-Hani"] {
            let result = try scry(["ink", "--model", model, "--writing-area", area, file])
            #expect(!result.crashed, "\(model) \(area)")
            #expect(result.status == 0, "\(model) \(area): \(result.stderr)")
            try expectValidLines(result)
        }
    }

    @Test func aSquareAtTheLargestSizeHasNumbersForItsScoreAndPoints() throws {
        let directory = try makeTemporaryDirectory()
        let side = 1e9
        let file = try inkFile([(0, 0), (side, 0), (side, side), (0, side), (0, 0)], in: directory)
        let result = try scry(["ink", file])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        #expect(!result.stdoutText.contains("null"))
        let candidates = try #require(try jsonLines(result).first?["candidates"] as? [[String: Any]])
        #expect(candidates.first?["text"] as? String == "rectangle")
        // Past the largest size it is refused, not scored as null.
        let beyond = try inkFile([(0, 0), (1e200, 0), (1e200, 1e200), (0, 1e200), (0, 0)], in: directory, name: "beyond.json")
        let refused = try scry(["ink", beyond])
        #expect(refused.status == 65 && refused.stdout.isEmpty, "\(refused.stderr)")
    }

    /// A zigzag that turns `rows` times: a hatched area drawn in one stroke.
    func hatch(points: Int, rows: Int) -> [(Double, Double)] {
        let perRow = max(2, points / rows)
        return (0..<points).map { index in
            let along = Double(index % perRow) * 4
            return ((index / perRow) % 2 == 0 ? along : Double(perRow - 1) * 4 - along, Double(index / perRow) * 2)
        }
    }

    @Test(arguments: ["ja", "zh-Hani", "ar"])
    func aLongHatchedStrokeIsReadInBoundedMemory(model: String) throws {
        let directory = try makeTemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        let hatched = try inkFile(hatch(points: 6_000, rows: 120), in: directory, name: "hatched.json")
        let scribble = try inkFile((0..<10_000).map { _ in (Double.random(in: 0..<300, using: &generator), Double.random(in: 0..<300, using: &generator)) }, in: directory, name: "scribble.json")
        for file in [hatched, scribble] {
            let (result, peak) = try measured(["ink", "--model", model, file])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try jsonLines(result).first?["candidates"] as? [[String: Any]] != nil)
            #expect(peak < memoryBound(kilobytes: 1_000_000), "\(file): peak \(peak) KB")
        }
    }

    @Test func tooManyPointsAreRefusedBeforeMemoryIsSpentOnThem() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("many.json").path
        try runTool("python3", ["-c", """
            import sys
            with open(sys.argv[1], 'w') as f:
                f.write('{"strokes":[{"points":[' + ','.join('{"x":%d,"y":%d}' % (i % 500, i % 300) for i in range(2000001)) + ']}]}')
            """, path])
        let (result, peak) = try measured(["ink", "--model", "en", path])
        #expect(result.status == 65)
        #expect(messages(result) == ["scry: \(path): 2000001 points; an ink may have at most 2000000"], "\(result.stderr)")
        #expect(peak < memoryBound(kilobytes: 1_000_000), "peak \(peak) KB")
        // A 100 MB line of --lines: one line on stderr, bounded memory.
        let line = directory.appendingPathComponent("line.jsonl").path
        try runTool("python3", ["-c", "import sys; open(sys.argv[1], 'w').write('{\"strokes\":[' + ' ' * 100_000_000 + ']}\\n')", line])
        let (long, longPeak) = try measured(["ink", "--lines", line])
        #expect(long.status == 0, "\(long.stderr)")
        #expect(longPeak < memoryBound(kilobytes: 1_000_000), "peak \(longPeak) KB")
    }

    @Test func aLightPageOnePixelInsideTheFrameHasItsCornersInsideIt() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("edge.png").path
        try runTool("convert", ["-size", "1280x720", "xc:rgb(40,40,40)", "-fill", "rgb(235,235,230)", "-draw", "rectangle 1,1 1278,718", path])
        for arguments in [["image", "--no-barcodes", "--no-text", "--rectangles", path]] {
            let result = try scry(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            try expectValidLines(result)
            for line in try jsonLines(result) where line["type"] as? String == "rectangle" {
                for corner in line["corners"] as? [[String: Double]] ?? [] {
                    #expect((0...1).contains(corner["x"]!) && (0...1).contains(corner["y"]!), "\(corner)")
                }
            }
        }
    }

    @Test func aHugeMaximumOfRectanglesTakesNoMoreRoomThanTheRectanglesFound() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("page.png").path
        try runTool("convert", ["-size", "1280x720", "xc:rgb(40,40,40)", "-fill", "white", "-draw", "rectangle 300,150 900,600", path])
        for maximum in ["1000000000", "100000000", String(Int.max)] {
            let (result, peak) = try measured(["image", "--no-barcodes", "--no-text", "--rectangles", "--max-rectangles", maximum, path])
            #expect(result.status == 0, "\(maximum): \(result.stderr)")
            #expect(try jsonLines(result).contains { $0["type"] as? String == "rectangle" })
            #expect(peak < memoryBound(kilobytes: 1_000_000), "\(maximum): peak \(peak) KB")
        }
    }

    @Test func longThinImagesAreReadInBoundedMemory() throws {
        let directory = try makeTemporaryDirectory()
        var files = [RepositoryPaths.eval.appendingPathComponent("barcodes/falsepositives-1/1x100.webp").path]
        // Gray PNGs of a gradient, written by Python's zlib (ImageMagick refuses a side this long).
        for (width, height) in [(1, 100_000), (2, 2_000), (20, 4_000), (100_000, 1)] {
            let path = directory.appendingPathComponent("thin-\(width)x\(height).png").path
            try runTool("python3", ["-c", """
                import struct, sys, zlib
                w, h = int(sys.argv[2]), int(sys.argv[3])
                def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
                rows = b''.join(b'\\0' + bytes((255 - (x + y) * 200 // (w + h)) for x in range(w)) for y in range(h))
                header = struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)
                open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
                """, path, String(width), String(height)])
            files.append(path)
        }
        for file in files where FileManager.default.fileExists(atPath: file) {
            for arguments in [["image"], ["image", "--recognize"]] {
                let (result, peak) = try measured(arguments + [file])
                #expect(result.status == 0, "\(file): \(result.stderr)")
                try expectValidLines(result)
                #expect(peak < memoryBound(kilobytes: 1_500_000), "\(file): peak \(peak) KB")
            }
        }
    }

    /// A 64x48 gray PNG (ImageMagick's), and a gray PNG of `width` x `height` written by
    /// Python's zlib (ImageMagick refuses sides this long).
    func smallPicture(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("small.png").path
        try runTool("convert", ["-size", "64x48", "gradient:white-black", path])
        return path
    }

    func longPicture(width: Int, height: Int, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("long-\(width)x\(height).png").path
        try runTool("python3", ["-c", """
            import struct, sys, zlib
            w, h = int(sys.argv[2]), int(sys.argv[3])
            def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
            rows = b''.join(b'\\0' + bytes((x * 7 + y) % 256 for x in range(w)) for y in range(h))
            header = struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
            """, path, String(width), String(height)])
        return path
    }

    @Test func aDumpNoReaderTakesIsNeverWrittenAndAnExistingOneIsKept() throws {
        let directory = try makeTemporaryDirectory()
        let small = try smallPicture(in: directory)
        let keep = directory.appendingPathComponent("keep.scrydump").path
        let made = try scry(["dump", "create", "--format", "MJPG", "--repeat", "5", "-o", keep, small])
        #expect(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: keep))
        for (width, height) in [(100_000, 1), (1, 100_000), (16_385, 2)] {
            let long = try longPicture(width: width, height: height, in: directory)
            for format in ["MJPG", "GREY", "YUYV"] {
                let result = try scry(["dump", "create", "--format", format, "-o", keep, small, long])
                #expect(result.status == 65, "\(format) \(width)x\(height): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("at most 16384"), "\(result.stderr)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: keep)) == before)
                let fresh = directory.appendingPathComponent("fresh-\(format).scrydump").path
                #expect(try scry(["dump", "create", "--format", format, "-o", fresh, long]).status == 65)
                #expect(!FileManager.default.fileExists(atPath: fresh))
            }
        }
        // Nothing is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.contains("partial") })
    }

    @Test func aFullDeviceIsACannotWrite() throws {
        let directory = try makeTemporaryDirectory()
        let small = try smallPicture(in: directory)
        let full = directory.appendingPathComponent("full").path
        // A private copy of /dev/full (needs root, as CI runs; else /dev/full itself).
        let device = (try? runTool("mknod", [full, "c", "1", "7"])) != nil ? full : "/dev/full"
        for format in ["MJPG", "GREY"] {
            let result = try scry(["dump", "create", "--format", format, "-o", device, small])
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        var status = stat()
        #expect(stat(device, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func scanNeverWritesAPageOverAnInput() throws {
        let directory = try makeTemporaryDirectory()
        let folder = directory.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photo = folder.appendingPathComponent("page-0001.png").path
        try runTool("convert", ["-size", "1280x720", "xc:rgb(40,40,40)", "-fill", "white", "-draw", "rectangle 300,150 900,600", photo])
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let other = directory.appendingPathComponent("other.png").path
        try FileManager.default.copyItem(atPath: photo, toPath: other)
        // The pages are numbered on past the input's name.
        var next = 2
        for inputs in [[photo], [other, photo]] {
            let result = try scry(["scan", "-o", folder.path] + inputs)
            #expect(result.status == 0, "\(result.stderr)")
            let written = try jsonLines(result).compactMap { $0["output"] as? String }
            #expect(written == inputs.indices.map { folder.appendingPathComponent("page-000\(next + $0).png").path }, "\(written)")
            next += inputs.count
            #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
        }
    }

    @Test func scanWritesNoPageThroughALinkOrIntoAFIFO() throws {
        let directory = try makeTemporaryDirectory()
        let photo = directory.appendingPathComponent("photo.png").path
        try runTool("convert", ["-size", "1280x720", "xc:rgb(40,40,40)", "-fill", "white", "-draw", "rectangle 300,150 900,600", photo])
        let unrelated = directory.appendingPathComponent("unrelated.txt").path
        try "keep me".write(toFile: unrelated, atomically: true, encoding: .utf8)
        let linked = directory.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent("page-0001.png").path, withDestinationPath: unrelated)
        let piped = directory.appendingPathComponent("piped")
        try FileManager.default.createDirectory(at: piped, withIntermediateDirectories: true)
        #expect(mkfifo(piped.appendingPathComponent("page-0001.png").path, 0o644) == 0)
        // The name is taken: the page gets the next one, and nothing is written through.
        for folder in [linked, piped] {
            let result = try scry(["scan", "-o", folder.path, photo])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try jsonLines(result).first?["output"] as? String == folder.appendingPathComponent("page-0002.png").path)
        }
        #expect(try String(contentsOfFile: unrelated, encoding: .utf8) == "keep me")
    }

    @Test func anAnnotatedPictureIsNeverWrittenOverAnInput() throws {
        let directory = try makeTemporaryDirectory()
        let folder = directory.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let qr = try qrPicture("first", in: directory)
        let first = directory.appendingPathComponent("q.png").path
        try FileManager.default.copyItem(atPath: qr.path, toPath: first)
        let second = folder.appendingPathComponent("q.png.png").path
        try FileManager.default.copyItem(atPath: qr.path, toPath: second)
        let before = try Data(contentsOf: URL(fileURLWithPath: second))
        let result = try shell("\"$SCRY\" image --no-text --annotate d q.png d/q.png.png", in: directory)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == before)
        #expect(result.stdout.isEmpty)
        // A folder whose name is not UTF-8 is refused before anything is made.
        let bytes = try shell("\"$SCRY\" image --no-text --annotate \"$(printf 'ann\\xff')\" q.png; echo \" $?\"; ls", in: directory)
        #expect(bytes.stdoutText.contains(" 64\n"), "\(bytes.stdoutText) \(bytes.stderr)")
        #expect(!bytes.stdoutText.contains("ann"), "\(bytes.stdoutText)")
    }
}

import Foundation
import ScryCore
import ScryDumps
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// Inputs made to break scry's promise (one line on stderr, a documented status, nothing
/// lost): numbers at the edge of their type, empty names, impossible rates, files that are
/// also outputs, hostile sizes.

/// A frame dump of 8x8 GREY frames with the given sequence numbers and timestamps; with
/// `qr`, each frame holds that gray picture instead.
func makeDump(_ records: [(sequence: UInt64, timestamp: UInt64)], picture: GrayImage? = nil, at path: String) throws {
    var bytes = FrameDumpFormat.fileHeader()
    for record in records {
        let image = picture ?? GrayImage(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 64))
        let frame = try Frame(image: image, pixelFormat: .grey, sequence: record.sequence, timestampNanoseconds: record.timestamp)
        bytes += FrameDumpFormat.recordHeader(for: frame) + frame.payload
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Runs a bash script with `$SCRY` set to the built scry, in `directory`.
func shell(_ script: String, in directory: URL) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["SCRY"] = RepositoryPaths.scryExecutable
    return try runProcess("/bin/bash", ["-c", script], environment: environment, currentDirectory: directory)
}

/// The picture of a QR code holding `text`, made by qrencode: its PNG's path and its pixels.
func qrPicture(_ text: String, in directory: URL) throws -> (path: String, image: GrayImage) {
    let path = directory.appendingPathComponent("qr-\(UUID().uuidString).png").path
    try runTool("qrencode", ["-o", path, "-s", "4", "-m", "4", text])
    return (path, try ImageFile.readGray(path: FilePath(path)))
}

// 1. Numbers read from a file.
@Test func sequenceNumbersAtTheEdgeNeitherTrapNorTurnNegative() throws {
    let directory = try makeTemporaryDirectory()
    let dump = directory.appendingPathComponent("edge.scrydump").path
    try makeDump([(UInt64.max, 0), (5, 33_000_000)], at: dump)
    let info = try scry(["dump", "info", dump])
    #expect(info.status == 0, "\(info.stderr)")
    #expect(!info.crashed)
    #expect(info.stdoutText.contains("\"first_sequence\":18446744073709551615"))
    #expect(info.stdoutText.contains("\"last_sequence\":5"))
    try expectValidLines(info)

    // Barcode lines of frames numbered past 2^63 carry their numbers as they are.
    let qr = try qrPicture("edge", in: directory)
    let high = directory.appendingPathComponent("high.scrydump").path
    try makeDump([(1 << 63 + 7, 0), (UInt64.max, 33_000_000)], picture: qr.image, at: high)
    let replay = try scry(["replay", "--no-text", "--every-frame", high])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdoutText.contains("\"frame\":9223372036854775815"))
    #expect(replay.stdoutText.contains("\"frame\":18446744073709551615"))
    #expect(!replay.stdoutText.contains("\"frame\":-"))
    try expectValidLines(replay)
    let exported = try scry(["dump", "export", high, directory.appendingPathComponent("frames").path])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdoutText.contains("\"frame\":18446744073709551615"))
}

// 2. An empty or malformed tesseract language never reaches libtesseract.
@Test func emptyLanguagesAreUsageErrors() throws {
    let directory = try makeTemporaryDirectory()
    let qr = try qrPicture("language", in: directory)
    for language in ["", "eng+", "+eng", "eng++deu", "../eng", "a/b/c"] {
        _ = try expectFailure(["image", "--recognize", "--language", language, qr.path], status: 64, mentioning: "--language")
        _ = try expectFailure(
            ["vocab", "read", "--language", language, "--db", directory.appendingPathComponent("v.sqlite").path, qr.path],
            status: 64, mentioning: "--language")
    }
}

// 3. Frame rates whose timestamps would not fit.
@Test func impossibleFrameRatesAreUsageErrors() throws {
    let directory = try makeTemporaryDirectory()
    let qr = try qrPicture("rate", in: directory)
    let dump = directory.appendingPathComponent("rate.scrydump").path
    _ = try expectFailure(["dump", "create", "-o", dump, "--fps", "1e-300", qr.path], status: 64, mentioning: "--fps")
    _ = try expectFailure(["dump", "create", "-o", dump, "--fps", "1e-10", "--repeat", "3", qr.path], status: 64, mentioning: "--fps")
    _ = try expectFailure(["dump", "create", "-o", dump, "--fps", "nan", qr.path], status: 64, mentioning: "--fps")
    #expect(!FileManager.default.fileExists(atPath: dump))
    // Durations whose clock arithmetic would overflow.
    _ = try expectFailure(["live", "--duration", "1e300"], status: 64, mentioning: "--duration")
    _ = try expectFailure(["vocab", "read", "-d", "0", "--duration", "inf"], status: 64, mentioning: "--duration")
}

// 4. Ctrl-\ (SIGQUIT) quits like the other stop signals, never with a crash report.
@Test func sigquitStopsAStreamCleanlyAndQuitsOtherCommandsQuietly() throws {
    let directory = try makeTemporaryDirectory()
    let qr = try qrPicture("quit", in: directory)
    // 600 small frames at 1 fps: ten minutes of stream, so the signal always comes mid-stream.
    let slow = directory.appendingPathComponent("slow.scrydump").path
    #expect(try scry(["dump", "create", "-o", slow, "--size", "64x48", "--format", "GREY", "--fps", "1", "--repeat", "600", qr.path]).status == 0)
    let streamed = try shell(
        """
        "$SCRY" replay --realtime --no-text slow.scrydump > out.jsonl 2> err.txt &
        pid=$!
        while ! grep -q session out.jsonl 2> /dev/null && kill -0 $pid 2> /dev/null; do sleep 0.1; done
        kill -QUIT $pid; wait $pid; echo "status $?"; cat err.txt
        """, in: directory)
    #expect(streamed.stdoutText.contains("status 0"), "\(streamed.stdoutText)")
    #expect(streamed.stdoutText.contains("stopped by SIGQUIT"), "\(streamed.stdoutText)")
    #expect(!streamed.stdoutText.contains("crashed"))

    // A command that does not stream is ended by the signal, as Ctrl-C ends it. Here a
    // sequential replay reads a FIFO whose writer holds it open after one frame, so scry is
    // still waiting for the next frame whenever the signal comes. (The writer is told to end
    // by a file: the test runner starts its children with SIGTERM blocked.)
    let one = directory.appendingPathComponent("one.scrydump").path
    #expect(try scry(["dump", "create", "-o", one, "--size", "64x48", "--format", "GREY", qr.path]).status == 0)
    let sequential = try shell(
        """
        mkfifo held.fifo
        timeout 300 sh -c 'cat one.scrydump; while [ ! -e done ]; do sleep 0.1; done' > held.fifo 2> /dev/null &
        "$SCRY" replay --no-text held.fifo > out2.jsonl 2> err2.txt &
        pid=$!
        while ! grep -q session out2.jsonl 2> /dev/null && kill -0 $pid 2> /dev/null; do sleep 0.1; done
        kill -QUIT $pid; wait $pid; echo "status $?"; touch done
        cat err2.txt; ls core* 2> /dev/null
        """, in: directory)
    #expect(sequential.stdoutText.hasPrefix("status 131"), "\(sequential.stdoutText)")
    #expect(!sequential.stdoutText.contains("crashed") && !sequential.stdoutText.contains("Backtrac"))
    #expect(!sequential.stdoutText.contains("core"))
}

// 5. Outputs are touched only after every input has been read, and never written over one.
@Test func dumpCreateNeverLosesAnExistingFile() throws {
    let directory = try makeTemporaryDirectory()
    let qr = try qrPicture("keep", in: directory)
    let dump = directory.appendingPathComponent("old.scrydump").path
    #expect(try scry(["dump", "create", "-o", dump, qr.path]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: dump))
    _ = try expectFailure(["dump", "create", "-o", dump, qr.path, "/nonexistent/missing.png"], status: 66, mentioning: "missing.png")
    let notImage = directory.appendingPathComponent("notes.png").path
    try Data("hello there, not a picture".utf8).write(to: URL(fileURLWithPath: notImage))
    _ = try expectFailure(["dump", "create", "-o", dump, qr.path, notImage], status: 65, mentioning: "notes.png")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == before)

    let image = try Data(contentsOf: URL(fileURLWithPath: qr.path))
    _ = try expectFailure(["dump", "create", "-o", qr.path, qr.path], status: 64, mentioning: "is also an input")
    let link = directory.appendingPathComponent("hard-link.png").path
    try FileManager.default.linkItem(atPath: qr.path, toPath: link)
    _ = try expectFailure(["dump", "create", "-o", link, qr.path], status: 64, mentioning: "is also an input")
    #expect(try Data(contentsOf: URL(fileURLWithPath: qr.path)) == image)

    // A dump exported into its own folder, under the name its first frame's picture gets.
    let folder = directory.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let named = folder.appendingPathComponent("frame-000000.png").path
    try FileManager.default.copyItem(atPath: dump, toPath: named)
    _ = try expectFailure(["dump", "export", named, folder.path], status: 64, mentioning: "is the dump being exported")
    #expect(try Data(contentsOf: URL(fileURLWithPath: named)) == before)
}

// 8. A dump or image given as a FIFO or a pipe is read once.
@Test func vocabReadsAFIFOAndAPipe() throws {
    let directory = try makeTemporaryDirectory()
    let result = try shell(
        """
        mkfifo page.fifo
        # Bounded: a scry that opened the FIFO twice would leave this writer blocked.
        timeout 300 cat "\(demoDump)" > page.fifo 2> /dev/null &
        timeout 300 "$SCRY" vocab read --known 0 --db fifo.sqlite page.fifo > fifo.jsonl 2> fifo.err; echo "fifo $?"
        timeout 300 "$SCRY" vocab read --known 0 --db pipe.sqlite <(cat "\(demoDump)") > pipe.jsonl 2> pipe.err; echo "pipe $?"
        echo "words $(wc -l < fifo.jsonl) $(wc -l < pipe.jsonl)"
        cat fifo.err pipe.err
        """, in: directory)
    #expect(result.stdoutText.contains("fifo 0") && result.stdoutText.contains("pipe 0"), "\(result.stdoutText)")
    let counts = result.stdoutText.split(separator: "\n").first { $0.hasPrefix("words") }?.split(separator: " ").dropFirst()
        .compactMap { Int($0) } ?? []
    #expect(counts.count == 2 && counts[0] > 10 && counts[0] == counts[1], "\(result.stdoutText)")
}

// 9. A recorded gap of 31 years is not waited out.
@Test func aRealtimeReplayCapsTheWaitBetweenFrames() throws {
    let directory = try makeTemporaryDirectory()
    let dump = directory.appendingPathComponent("gap.scrydump").path
    try makeDump([(0, 0), (1, 1_000_000_000_000_000_000), (2, 1_000_000_000_033_000_000)], at: dump)
    // `timeout` only turns a hang into a failure; the expected run takes about two seconds.
    let result = try runProcess("timeout", ["120", RepositoryPaths.scryExecutable, "replay", "--realtime", dump])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("gaps over 2 s are played as 2 s"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
}

// 10. The decoding libraries' own messages never reach stderr.
@Test func decoderMessagesStayInsideScrysOneLine() throws {
    let directory = try makeTemporaryDirectory()
    let made = try shell(
        """
        convert -seed 7 -size 300x200 plasma:fractal -quality 85 good.jpg
        convert -seed 7 -size 300x200 plasma:fractal good.png
        head -c 3000 good.jpg > truncated.jpg
        head -c 3000 good.png > truncated.png
        python3 - <<'EOF'
        jpeg = open('good.jpg', 'rb').read()
        open('junk.jpg', 'wb').write(jpeg[:-2] + b'\\x00\\x01\\x02' + jpeg[-2:])
        png = bytearray(open('good.png', 'rb').read())
        png[40] ^= 0xff
        open('badchunk.png', 'wb').write(bytes(png))
        open('maxval0.pgm', 'wb').write(b'P5\\n4 4\\n0\\n' + bytes(16))
        EOF
        """, in: directory)
    #expect(made.status == 0, "\(made.stderr)")
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    _ = try expectFailure(["image", "--no-text", path("truncated.jpg")], status: 65, mentioning: "Premature end of JPEG file")
    _ = try expectFailure(["image", "--no-text", path("truncated.png")], status: 65, mentioning: "libpng error")
    _ = try expectFailure(["image", "--no-text", path("badchunk.png")], status: 65, mentioning: "libpng error")
    _ = try expectFailure(["image", "--no-text", path("maxval0.pgm")], status: 65, mentioning: "maxval0.pgm")
    let junk = try scry(["image", "--no-text", path("junk.jpg")])
    #expect(junk.status == 0)
    #expect(junk.stderr.isEmpty, "\(junk.stderr)")

    // Entropy-coded data overwritten at random (libjpeg: "Corrupt JPEG data: bad Huffman
    // code", "premature end of data segment"): each file is read quietly or fails with one
    // line that carries libjpeg's words.
    let corrupted = try shell(
        """
        python3 - <<'EOF'
        import random
        jpeg = bytearray(open('good.jpg', 'rb').read())
        scan = jpeg.find(b'\\xff\\xda')
        random.seed(3)
        for k in range(12):
            damaged = bytearray(jpeg)
            for i in range(scan + 40, min(len(jpeg) - 2, scan + 400)):
                if random.random() < 0.3:
                    damaged[i] = random.choice([0x13, 0x77, 0xfe, 0x01])
            open('huffman-%d.jpg' % k, 'wb').write(bytes(damaged))
        EOF
        """, in: directory)
    #expect(corrupted.status == 0, "\(corrupted.stderr)")
    var failures = 0
    for k in 0..<12 {
        let result = try scry(["image", "--no-text", path("huffman-\(k).jpg")])
        let lines = result.stderr.split(separator: "\n")
        if result.status == 0 {
            #expect(lines.isEmpty, "huffman-\(k).jpg: \(result.stderr)")
        } else {
            failures += 1
            #expect(result.status == 65)
            #expect(lines.count == 1 && lines[0].contains("not a readable image") && lines[0].contains("JPEG"), "\(result.stderr)")
        }
    }
    #expect(failures > 0)
}

// 11. File names that are not UTF-8.
@Test func fileNamesThatAreNotUTF8AreOpenedAndShownEscaped() throws {
    let directory = try makeTemporaryDirectory()
    let qr = try qrPicture("bytes", in: directory)
    let result = try shell(
        """
        cp "\(qr.path)" "$(printf 'okbad\\xff.png')"
        "$SCRY" image --no-text "$(printf 'okbad\\xff.png')" "$(printf 'gone\\xfe.png')"; echo "status $?"
        "$SCRY" dump create -o "$(printf 'dump\\xff.scrydump')" "$(printf 'okbad\\xff.png')" 2> /dev/null
        "$SCRY" replay --no-text "$(printf 'dump\\xff.scrydump')" 2> /dev/null | grep -c '"event":"confirmed".*"payload":"bytes"'
        "$SCRY" vocab list --db "$(printf 'v\\xff.sqlite')" 2> db.err; echo "db $? $(cat db.err) $(ls | grep -c sqlite)"
        """, in: directory)
    #expect(result.stdoutText.contains("db 64 scry: --db v\\xFF.sqlite: this path must be valid UTF-8"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("UTF-8 (see 'scry --help') 0"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("\"file\":\"okbad\\\\xFF.png\""), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("\"payload\":\"bytes\""))
    #expect(result.stdoutText.contains("status 66"))
    #expect(result.stderr == "scry: gone\\xFE.png: cannot open: No such file or directory\n", "\(result.stderr)")
    #expect(result.stdoutText.contains("\n1\ndb "), "\(result.stdoutText)")
}

// 12. Statuses as the README documents them.
@Test func statusesMatchTheDocumentedTable() throws {
    let directory = try makeTemporaryDirectory()
    _ = try expectFailure(["live", "-d", directory.path, "--frames", "1"], status: 66, mentioning: "not a V4L2 video device")
    let zero = try runProcess("timeout", ["60", RepositoryPaths.scryExecutable, "image", "/dev/zero"])
    #expect(zero.status == 65, "\(zero.stderr)")
    #expect(zero.stderr.contains("not a readable image"))

    // A database whose entry table was dropped is not a vocabulary database (65), by name.
    let database = directory.appendingPathComponent("v.sqlite").path
    #expect(try scry(["vocab", "add", "--db", database, "word"]).status == 0)
    try runTool("python3", ["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('DROP TABLE entry'); c.commit()", database])
    _ = try expectFailure(["vocab", "list", "--db", database], status: 65, mentioning: "v.sqlite: not a vocabulary database")

    // Outputs that cannot be created are 73, with the errno's text.
    let qr = try qrPicture("out", in: directory)
    _ = try expectFailure(["dump", "create", "-o", "/nonexistent/x.scrydump", qr.path], status: 73, mentioning: "No such file")
    let dump = directory.appendingPathComponent("one.scrydump").path
    #expect(try scry(["dump", "create", "-o", dump, qr.path]).status == 0)
    _ = try expectFailure(["dump", "export", dump, "/nonexistent/frames"], status: 73, mentioning: "No such file")
    let fresh = directory.appendingPathComponent("fresh.sqlite").path
    _ = try expectFailure(
        ["vocab", "export", "--db", fresh, "-o", "/nonexistent/words.csv"], status: 73, mentioning: "No such file or directory")
}

// 13. QR bytes that are not UTF-8 keep their exact bytes and say which guess made the text.
@Test func nonUTF8QRBytesComeWithTheirBytesAndTheGuess() throws {
    let directory = try makeTemporaryDirectory()
    let cases: [(bytes: [UInt8], text: String, charset: String)] = [
        (Array("ok".utf8) + [0xff, 0xfe, 0x80] + Array("bad".utf8), "ok\u{ff}\u{fe}\u{80}bad", "ISO-8859-1"),
        ([0x82, 0xa0, 0x82, 0xa2, 0x82, 0xa4], "あいう", "Shift_JIS"),
    ]
    for (index, item) in cases.enumerated() {
        let data = directory.appendingPathComponent("payload-\(index).bin")
        try Data(item.bytes).write(to: data)
        let png = directory.appendingPathComponent("bytes-\(index).png").path
        try runTool("qrencode", ["-8", "-r", data.path, "-o", png, "-s", "6"])
        let result = try scry(["image", "--no-text", png])
        #expect(result.status == 0)
        try expectValidLines(result)
        let barcode = try #require(try jsonLines(result).first { $0["type"] as? String == "barcode" })
        #expect(barcode["payload"] as? String == item.text)
        #expect(barcode["payload_base64"] as? String == Data(item.bytes).base64EncodedString())
        #expect(barcode["payload_charset"] as? String == item.charset)
    }
}

// 15. Sizes are checked before memory is spent on them.
@Test func claimedSizesAreCheckedBeforeAllocating() throws {
    let directory = try makeTemporaryDirectory()
    // A 124-byte dump whose only record claims a 16384x16384 YUYV payload (512 MiB).
    var claim = FrameDumpFormat.fileHeader() + FrameDumpFormat.recordMagic
    for value in [UInt64(0), 0] { claim.appendLittleEndianForTest(value) }
    for value in [PixelFormat.yuyv.rawValue, 16384, 16384, 32768, 16384 * 16384 * 2, 0] as [UInt32] {
        claim.appendLittleEndianForTest(value)
    }
    claim += [UInt8](repeating: 0, count: 124 - claim.count)
    let dump = directory.appendingPathComponent("claim.scrydump").path
    try Data(claim).write(to: URL(fileURLWithPath: dump))
    for arguments in [["dump", "info", dump], ["replay", "--no-text", dump]] {
        let measured = try runProcess("/usr/bin/time", ["-f", "peak %M KB", RepositoryPaths.scryExecutable] + arguments)
        #expect(measured.status == 3, "\(measured.stderr)")
        let peak = try #require(peakKilobytes(measured.stderr))
        #expect(peak < memoryBound(kilobytes: 200_000), "\(arguments): peak \(peak) KB")
    }

    // A small PNG whose header claims 100000x100000 pixels.
    let png = directory.appendingPathComponent("huge.png").path
    try runTool("python3", ["-c", """
        import struct, sys, zlib
        def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
        header = struct.pack('>IIBBBBB', 100000, 100000, 8, 0, 0, 0, 0)
        rows = zlib.compress(b'\\0' * 100001 * 50)
        open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', rows) + chunk(b'IEND', b''))
        """, png])
    let measured = try runProcess("/usr/bin/time", ["-f", "peak %M KB", RepositoryPaths.scryExecutable, "image", png])
    #expect(measured.status == 65)
    #expect(measured.stderr.contains("100000x100000 pixels is over the limit"), "\(measured.stderr)")
    let peak = try #require(peakKilobytes(measured.stderr))
    #expect(peak < memoryBound(kilobytes: 200_000), "peak \(peak) KB")
}

private func peakKilobytes(_ stderr: String) -> Int? {
    stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendLittleEndianForTest<T: FixedWidthInteger>(_ value: T) {
        for index in 0..<MemoryLayout<T>.size { append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}

// 16. A phone photo's EXIF orientation is applied; other pages are said to be skipped.
@Test func exifOrientationIsAppliedAndMultiPageFilesSaySo() throws {
    let directory = try makeTemporaryDirectory()
    let qr = try qrPicture("turned", in: directory)
    // Stored turned a quarter to the left, tagged 6 ("right": turn it clockwise to see it).
    let photo = directory.appendingPathComponent("photo.jpg").path
    try runTool("convert", [qr.path, "-gravity", "east", "-background", "white", "-extent", "\(qr.image.width + 60)x\(qr.image.height)",
                            "-rotate", "-90", "-quality", "95", photo])
    try runTool("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", photo])
    let result = try scry(["image", "--no-text", photo])
    #expect(result.status == 0, "\(result.stderr)")
    try expectValidLines(result)
    let lines = try jsonLines(result)
    let image = try #require(lines.first { $0["type"] as? String == "image" })
    #expect(image["orientation"] as? String == "right")
    #expect(image["orientation_source"] as? String == "exif")
    #expect(image["width"] as? Int == qr.image.width + 60)
    let barcode = try #require(lines.first { $0["type"] as? String == "barcode" })
    // Upright, the code's own top-left corner is the one nearest the picture's top-left.
    let corners = try #require(barcode["pixel_corners"] as? [[String: Double]])
    let nearest = corners.indices.min { (corners[$0]["x"]! + corners[$0]["y"]!) < (corners[$1]["x"]! + corners[$1]["y"]!) }
    #expect(nearest == 0, "\(corners)")
    let overridden = try jsonLines(try scry(["image", "--no-text", "--image-orientation", "up", photo]))
    #expect(overridden.first { $0["type"] as? String == "image" }?["orientation_source"] as? String == "option")

    let tiff = directory.appendingPathComponent("pages.tiff").path
    try runTool("convert", [qr.path, qr.path, qr.path, tiff])
    let pages = try scry(["image", "--no-text", tiff])
    #expect(pages.status == 0)
    #expect(pages.stderr == "scry: \(tiff): read page 1 of 3; the other pages were skipped\n", "\(pages.stderr)")
    #expect(try jsonLines(pages).first { $0["type"] as? String == "image" }?["pages"] as? Int == 3)
    let gif = directory.appendingPathComponent("frames.gif").path
    try runTool("convert", ["-delay", "10", qr.path, "-negate", qr.path, gif])
    #expect(try scry(["image", "--no-text", gif]).stderr.contains("read page 1 of 2"))
}

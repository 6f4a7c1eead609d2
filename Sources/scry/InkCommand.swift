import ArgumentParser
import ScryCore
import ScryInk

struct InkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ink",
        abstract: "Recognize digital ink (pen strokes as ML Kit's JSON, or a pen live): shapes, words in English, Italian, French, German, Spanish, Portuguese and Dutch, Japanese and Chinese characters.",
        subcommands: [InkRecognizeCommand.self, InkModelsCommand.self],
        defaultSubcommand: InkRecognizeCommand.self)
}

struct InkModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models", abstract: "List the ink models this build has, one JSON line each.",
        discussion: """
            Examples:
              The models:
                scry ink models
            """)

    func run() throws {
        let output = Output()
        for model in InkModel.installed { try output.emit(InkModelLine(model)) }
    }
}

struct InkRecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognize inks from files, stdin or a pen.",
        discussion: """
            Each file holds one ink, {"strokes": [{"points": [{"x": 12.5, "y": 40, "t": 0}, ...]}, \
            ...]} (t optional, other keys ignored); with --lines every line is an ink, and a \
            bad line is reported and the others still read. No file, or -, reads stdin. Writes \
            one "ink" line per ink: its candidates, best first, each with a text and a score \
            (lower is better, as ML Kit's) and, for shapes, their points in the ink's \
            coordinates. A bad ink (malformed JSON, a stroke without points, a value that is \
            not a finite number, time going backwards in a stroke, more than 2,000,000 points) \
            is one line on stderr; the status is then 65 (66 for a file that cannot be read). \
            An unknown model is status 69 (see 'scry ink models').

            With --device, inks come from a pen, touch screen or touchpad as it is drawn on \
            (a /dev/input/eventN node; 'scry devices' lists them), until Ctrl-C: an ink ends \
            when the pen has stayed up --pause milliseconds or when a stroke begins at a gap \
            from it (beside, below or above it by more than its height), and its \
            line, with source "NODE#ink=N", comes then; pen_up_ms is the time from the pen \
            lifting after its last stroke to the line. --record keeps each ink as a JSON line \
            (times in milliseconds from the start), which 'scry ink FILE --lines' reads back \
            to the same candidates. A node that is missing is status 66, one that may not be \
            read 77, one that is not a pen or touch surface 69, a pen unplugged 4.

            Examples:
              A shape drawn with a pen:
                scry ink --model shapes drawing.json
              The best reading of Japanese strokes:
                scry ink --model ja --plain kanji.json
              Words written on a tablet, until Ctrl-C:
                scry ink --device /dev/input/event5 --model en
            """)

    @Argument(help: "Ink files (JSON); none or - for stdin.")
    var files: [String] = []

    @Flag(help: "Print for a person instead of JSON lines: each ink's best candidate, one line per ink.")
    var plain = false

    @Option(help: ArgumentHelp("Read a pen or touch surface live until Ctrl-C (see 'scry devices').", valueName: "/dev/input/eventN"))
    var device: String?

    @Option(help: ArgumentHelp("With --device: keep each ink as a JSON line in this file.", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("With --device: how long the pen stays up before an ink is complete.", valueName: "ms"))
    var pause = 200

    @Flag(help: "Read one ink per line (JSON Lines).")
    var lines = false

    @Option(help: "The model, by ML Kit's identifier: zxx-Zsym-x-shapes (or shapes), en, it, fr, de, es, pt, nl, ar, ja, zh-Hani (see 'scry ink models' for those installed here).")
    var model = "zxx-Zsym-x-shapes"

    @Option(help: "The most candidates per ink.")
    var candidates = 5

    @Option(help: ArgumentHelp("The characters written just before the ink (ML Kit's preContext; the last 20 count): the word models (en, it, fr, de, es, pt, nl) read the ink as the rest of the word the pre-context ends in when that makes a word, else as a new word with a leading space (ar likewise); ja prefers a character of the script the pre-context ends in; zh-Hani and shapes do not use it.", valueName: "text"))
    var preContext: String?

    @Option(help: ArgumentHelp("The writing surface's width and height, in the ink's units, its top-left at 0,0 (ML Kit's WritingArea); ja and zh-Hani place the character in it (default: the ink's own bounding square); for the word models it is one line of writing, whose height tells a single character's case (o/O, c/C, s/S, v/V, w/W, x/X, z/Z) and punctuation (comma, apostrophe, period, degree sign); ar and shapes do not use it.", valueName: "WxH"))
    var writingArea: String?

    @Flag(help: "Tell drawing from writing: with a word model, each shape drawn apart from the words (a rectangle, triangle, ellipse or arrow at least as large as the writing is high, or a closed shape drawn round a word) is read by the shapes model and the words by --model, one ink line a part, each with its kind and strokes.")
    var drawings = false

    /// `--writing-area` as numbers.
    private var area: (width: Double, height: Double)? {
        guard let writingArea else { return nil }
        let parts = writingArea.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        return (parts[0], parts[1])
    }

    func validate() throws {
        if candidates < 1 { throw ValidationError("--candidates must be at least 1") }
        if writingArea != nil, area == nil {
            throw ValidationError("--writing-area must be WIDTHxHEIGHT, two positive numbers")
        }
        try requireUTF8(preContext, option: "--pre-context")
        if device != nil, !files.isEmpty { throw ValidationError("--device reads a pen: give it no ink files") }
        if device != nil, lines { throw ValidationError("--lines reads files, not --device") }
        if record != nil, device == nil { throw ValidationError("--record keeps what a pen draws: it needs --device") }
        if !(1...60_000).contains(pause) { throw ValidationError("--pause must be 1 to 60000 milliseconds") }
        if drawings, let chosen = InkModel.named(model) {
            guard case .handwriting = chosen.kind else {
                throw ValidationError("--drawings tells shapes from words: give --model a word model (en, it, fr, de, es, pt, nl)")
            }
        }
    }

    func run() throws {
        guard let chosen = InkModel.named(model) else {
            throw CommandFailure(
                message: "--model \(model.escapedForDisplay): no such model here; 'scry ink models' lists them",
                status: ExitStatus.unavailable)
        }
        let output = Output(plain: plain)
        let recognize: InkModel.Recognize
        do { recognize = try chosen.makeRecognizer(count: candidates, writingArea: area, preContext: preContext) } catch {
            throw CommandFailure(message: "--model \(chosen.identifier): \(error)", status: ExitStatus.unavailable)
        }
        let read = drawings
            ? chosen.reader(recognize, drawingsApart: candidates, lineHeight: area?.height) : chosen.reader(recognize)
        if let device {
            return try PenInkRun(path: device, record: record, pause: Double(pause), model: chosen.identifier, read: read, output: output).run()
        }
        if let firstFailure = try readFiles(with: read, to: output) {
            throw ExitCode(firstFailure)
        }
    }

    /// Reads the ink files (or their lines, with `--lines`; stdin without files) and writes an
    /// ink line for each; returns the first failure's status (a file that cannot be read, an
    /// ink that is not ML Kit's JSON), else nil, after every file.
    private func readFiles(with readInk: InkModel.Read, to output: Output) throws -> Int32? {
        var firstFailure: Int32?
        func read(_ bytes: [UInt8], source: String) throws {
            let ink: Ink
            do { ink = try Ink(json: bytes) } catch {
                printError("\(source): \(error)")
                firstFailure = firstFailure ?? ExitStatus.dataError
                return
            }
            let readings: [InkReading]
            do { readings = try readInk(ink) } catch {
                printError("\(source): \(error)")
                firstFailure = firstFailure ?? ExitStatus.ioError
                return
            }
            for reading in readings {
                try output.emit(InkLine(source: source, model: reading.model, candidates: reading.candidates, part: reading.part))
            }
        }
        for file in files.isEmpty ? ["-"] : files {
            let name = file == "-" ? "-" : file.escapedForDisplay
            if lines {
                var number = 0
                let status = try InkInput.eachLine(of: file) { line in
                    number += 1
                    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
                    try read(line, source: "\(name)#line=\(number)")
                }
                if let status {
                    printError("\(name): cannot read: \(status)")
                    firstFailure = firstFailure ?? ExitStatus.noInput
                }
            } else {
                let bytes: [UInt8]
                do { bytes = try InkInput.contents(of: file) } catch {
                    printError("\(name): cannot read: \(error)")
                    firstFailure = firstFailure ?? ExitStatus.noInput
                    continue
                }
                try read(bytes, source: name)
            }
        }
        return firstFailure
    }
}

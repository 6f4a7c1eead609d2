import ArgumentParser
import ScryCore
import SystemPackage

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run the detectors on every frame of a frame dump, in order.",
        discussion: """
            The output is deterministic: the same dump gives byte-identical lines (without \
            --stats, whose timings vary). A truncated dump is replayed up to its last complete \
            frame, then reported on stderr with exit status 3; a corrupt one stops with status 65.
            """)

    @Argument(help: "The frame dump (.scrydump).")
    var file: String

    @OptionGroup var detection: DetectionOptions

    func run() throws {
        let output = Output()
        let reader = try openDump(file)
        let analyzer = try detection.makeAnalyzer()
        var statistics = RunStatistics()
        var sessionWritten = false
        while let frame = try nextFrame(reader, file) {
            let gray: GrayImage
            do { gray = try GrayImage(frame: frame) } catch {
                throw CommandFailure(
                    message: "\(file): frame \(frame.sequence): \(error)", status: ExitStatus.dataError)
            }
            if !sessionWritten {
                try output.emit(session(first: frame, upright: analyzer.orientation.uprightSize(of: gray.size)))
                sessionWritten = true
            }
            let analysis = analyzer.analyze(gray)
            statistics.add(analysis)
            try emitDetections(analysis, source: .frame(sequence: frame.sequence), to: output)
        }
        if !sessionWritten { try output.emit(session(first: nil, upright: nil)) }
        if detection.stats { try output.emit(DetectionEvents.stats(statistics.json)) }
        printError("replayed \(file): " + statistics.summary)
        if let truncation = reader.truncation {
            printError("\(file): \(truncation)")
            throw ExitCode(ExitStatus.truncatedDump)
        }
    }

    private func session(first frame: Frame?, upright: ImageSize?) -> JSONValue {
        var members = detection.sessionMembers
        members["source"] = .string("replay")
        members["file"] = .string(file)
        if let frame, let upright {
            members["pixel_format"] = .string(frame.pixelFormat.fourcc)
            members["frame_width"] = .int(frame.width)
            members["frame_height"] = .int(frame.height)
            members["width"] = .int(upright.width)
            members["height"] = .int(upright.height)
        }
        return DetectionEvents.session(members)
    }
}

/// Opens a dump, turning failures into the documented statuses.
func openDump(_ file: String) throws -> FrameDumpReader {
    do { return try FrameDumpReader(path: FilePath(file)) } catch {
        if case .io = error {
            throw CommandFailure(message: "\(file): \(error)", status: ExitStatus.noInput)
        }
        throw CommandFailure(message: "\(file): \(error)", status: ExitStatus.dataError)
    }
}

/// The next frame of a dump, turning failures into the documented statuses.
func nextFrame(_ reader: FrameDumpReader, _ file: String) throws -> Frame? {
    do { return try reader.next() } catch {
        let status = if case .io = error { ExitStatus.ioError } else { ExitStatus.dataError }
        throw CommandFailure(message: "\(file): \(error)", status: status)
    }
}

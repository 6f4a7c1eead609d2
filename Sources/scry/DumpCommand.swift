import Glibc
import ArgumentParser
import ScryCore
import ScryDumps
import ScryJPEG
import ScryImageIO
import SystemPackage

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Inspect, export and create frame dumps (format: docs/dump-format.md).",
        subcommands: [Info.self, Export.self, Create.self])

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Describe a frame dump as one JSON line: frames, formats, sizes, timing.",
        discussion: """
            Examples:
              What a recording holds:
                scry dump info desk.scrydump
            """)

        @Argument(help: "The frame dump.")
        var file: String

        func run() throws {
            let reader = try openDump(file)
            let info: DumpInfoLine
            do { info = try DumpInfoLine(reading: reader, file: file.escapedForDisplay) } catch {
                throw CommandFailure(error, about: file)
            }
            try Output().emit(info)
            if let truncation = reader.truncation {
                printError("\(file): \(truncation)")
                throw ExitCode(ExitStatus.truncatedDump)
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every frame of a dump as a gray PNG (frame-<sequence>.png), one JSON line each.",
            discussion: """
            MJPG frames are decoded; one that cannot be is skipped with a line on stderr.

            Examples:
              Every frame of a recording as a PNG:
                scry dump export desk.scrydump frames/
            """)

        @Argument(help: "The frame dump.")
        var file: String

        @Argument(help: "The directory to write into (created if missing).")
        var directory: String

        func run() throws {
            let reader = try openDump(file)
            let output = Output()
            let folder = FilePath(argument: directory)
            if folder.withPlatformString({ mkdir($0, 0o755) }) != 0 && errno != EEXIST {
                throw CommandFailure(
                    message: "\(directory): cannot create: \(Errno(rawValue: errno))", status: ExitStatus.cannotCreate)
            }
            let decoder: MJPEGFrameDecoder
            do { decoder = try MJPEGFrameDecoder() } catch {
                throw CommandFailure(message: "\(error)", status: ExitStatus.unavailable)
            }
            let undecodable = UndecodableFrameReport(source: file.escapedForDisplay)
            while let stored = try nextFrame(reader, file) {
                let frame: Frame
                do { frame = try decoder.decoded(stored) } catch {
                    undecodable.note(stored, error)
                    continue
                }
                let gray: GrayImage
                do { gray = try GrayImage(frame: frame) } catch {
                    throw CommandFailure(
                        message: "\(file): frame \(frame.sequence): \(error)", status: ExitStatus.dataError)
                }
                let digits = String(frame.sequence)
                let name = "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
                let path = folder.appending(name)
                let shown = (directory.hasSuffix("/") ? directory : directory + "/").escapedForDisplay + name
                if OutputTarget.isSameFile(path, as: FilePath(argument: file)) {
                    throw CommandFailure(message: "\(shown): is the dump being exported; refusing to write over it", status: ExitStatus.usage)
                }
                do { try ImageFile.writePNG(gray, to: path) } catch {
                    throw CommandFailure(message: "\(shown): \(error)", status: error.exitStatus)
                }
                try output.emit(ExportedLine(frame: frame.sequence, path: shown))
            }
            if let truncation = reader.truncation {
                printError("\(file): \(truncation)")
                throw ExitCode(ExitStatus.truncatedDump)
            }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a frame dump from still images, as if a camera had captured them.",
            discussion: """
                Each image becomes one frame (or --repeat frames) and, with --size, is scaled \
                down to fit and centred on a white canvas of that size. Its gray image is the Y \
                plane; a colour image's colour is kept as YUYV's and YU12's chroma \
                (full-range BT.601), for --faces.

                Examples:
                  Two pictures as a 1280x720 YUYV recording, each held for a second at 30 fps:
                    scry dump create -o test.scrydump --size 1280x720 --repeat 30 a.png b.png
                  The same as a camera's MJPG stream:
                    scry dump create -o test.scrydump --pixel-format MJPG a.png b.png
                """)

        @Option(name: .shortAndLong, help: "The dump to write (replaced if it exists).")
        var output: String

        @Option(
            name: [.customLong("pixel-format"), .customLong("format")],
            help: "Pixel format of the frames: GREY, YUYV or YU12 (gray as the Y plane, colour as the chroma), or MJPG (each image as a JPEG of quality 90, colour kept; the dump is version 2). --format is its older name.")
        var format: String = "YUYV"

        @Option(help: "Frame size WIDTHxHEIGHT; images are fitted into it. Default: each image's own size.")
        var size: String?

        @Option(help: "Frames per second, for the recorded timestamps.")
        var fps: Double = 30

        @Option(help: "How many consecutive frames each image fills.")
        var `repeat`: Int = 1

        @Argument(help: "Image files, in frame order.")
        var images: [String]

        func validate() throws {
            guard PixelFormat(fourcc: format).map({ [.grey, .yuyv, .yuv420, .mjpeg].contains($0) }) == true else {
                throw ValidationError("--format must be GREY, YUYV, YU12 or MJPG")
            }
            if let size, parsedSize(size) == nil {
                throw ValidationError("--size must look like 1280x720")
            }
            guard fps >= Self.fpsRange.lowerBound, fps <= Self.fpsRange.upperBound else {
                throw ValidationError("--fps must be a number from 0.001 to 1000")
            }
            guard self.repeat >= 1 else { throw ValidationError("--repeat must be at least 1") }
            guard !images.isEmpty else { throw ValidationError("no images given") }
            guard Self.timestamps(frames: images.count, repeat: self.repeat, fps: fps) != nil else {
                throw ValidationError("--repeat \(self.repeat) at --fps \(fps): the timestamps would not fit in 64 bits")
            }
        }

        /// Frames per second `--fps` accepts: one frame a quarter hour to a fast sensor.
        static let fpsRange = 0.001...1000.0

        /// The nanoseconds between frames, when the last frame's timestamp fits in 64 bits.
        static func timestamps(frames: Int, repeat repeats: Int, fps: Double) -> (interval: UInt64, last: UInt64)? {
            guard fpsRange.contains(fps) else { return nil }
            let interval = UInt64((1e9 / fps).rounded())
            let (count, countOverflow) = frames.multipliedReportingOverflow(by: repeats)
            guard !countOverflow, count >= 1 else { return nil }
            let (last, overflow) = UInt64(count - 1).multipliedReportingOverflow(by: interval)
            return overflow ? nil : (interval, last)
        }

        func run() throws {
            let pixelFormat = PixelFormat(fourcc: format)!
            let frameSize = size.flatMap(parsedSize)
            let interval = Self.timestamps(frames: images.count, repeat: self.repeat, fps: fps)!.interval
            let outputPath = FilePath(argument: output)
            // Nothing touches the output until every input has been read and decoded: a
            // missing or bad image leaves an existing recording as it was, and an output that
            // is one of the inputs is refused before it could be truncated.
            for path in images where OutputTarget.isSameFile(FilePath(argument: path), as: outputPath) {
                throw CommandFailure(
                    message: "\(output.escapedForDisplay): is also an input; refusing to write over it",
                    status: ExitStatus.usage)
            }
            let decoded = try decodedImages(fittedInto: frameSize)
            let jpegs = try jpegsOf(decoded, when: pixelFormat == .mjpeg)
            // A regular file (or none) is written beside the output and renamed over it at the
            // end, so that a recording already there is kept whole until the new one is.
            let replacement = ReplacedFile(output: outputPath)
            let writer: FrameDumpWriter
            do { writer = try FrameDumpWriter(path: replacement.path, compressed: pixelFormat == .mjpeg) } catch {
                throw CommandFailure(message: "\(output.escapedForDisplay): \(error)", status: error.creationStatus)
            }
            var finished = false
            defer { if !finished { replacement.discard() } }
            var sequence: UInt64 = 0
            for (image, jpeg) in zip(decoded, jpegs) {
                for _ in 0..<self.repeat {
                    if let jpeg {
                        let frame = Frame(
                            sequence: sequence, timestampNanoseconds: sequence * interval, pixelFormat: .mjpeg,
                            width: image.gray.width, height: image.gray.height, bytesPerLine: 0, payload: jpeg)
                        do { try writer.write(frame) } catch {
                            throw CommandFailure(message: "\(output.escapedForDisplay): \(error)", status: ExitStatus.ioError)
                        }
                        sequence += 1
                        continue
                    }
                    let frame = try image.colour.map {
                        try Frame(
                            image: image.gray, colour: $0, pixelFormat: pixelFormat, sequence: sequence,
                            timestampNanoseconds: sequence * interval)
                    } ?? Frame(image: image.gray, pixelFormat: pixelFormat, sequence: sequence, timestampNanoseconds: sequence * interval)
                    do { try writer.write(frame) } catch {
                        throw CommandFailure(message: "\(output.escapedForDisplay): \(error)", status: ExitStatus.ioError)
                    }
                    sequence += 1
                }
            }
            do { try writer.close() } catch {
                throw CommandFailure(message: "\(output.escapedForDisplay): \(error)", status: ExitStatus.ioError)
            }
            do { try replacement.commit() } catch {
                throw CommandFailure(message: "\(output.escapedForDisplay): cannot replace: \(error)", status: ExitStatus.cannotCreate)
            }
            finished = true
            printError("wrote \(writer.frameCount) frames to \(output.escapedForDisplay)")
        }

        /// Every input read and decoded (colour kept), fitted into `frameSize` when given; a
        /// frame no dump reader takes is refused before anything is written.
        private func decodedImages(fittedInto frameSize: ImageSize?) throws -> [(gray: GrayImage, colour: ColourImage?)] {
            var decoded: [(gray: GrayImage, colour: ColourImage?)] = []
            for path in images {
                var image: DecodedImage
                do {
                    image = try ImageFile.decode(
                        try ImageFile.readBytes(path: FilePath(argument: path), requiringImage: true), keepingColour: true)
                } catch {
                    throw CommandFailure(message: "\(path.escapedForDisplay): \(error)", status: error.exitStatus)
                }
                if let frameSize {
                    image.gray = image.gray.fitted(into: frameSize)
                    image.colour = image.colour?.fitted(into: frameSize)
                }
                let limit = FrameDumpFormat.maximumDimension
                guard image.gray.width <= limit, image.gray.height <= limit else {
                    throw CommandFailure(
                        message: "\(path.escapedForDisplay): \(image.gray.width)x\(image.gray.height) pixels; a frame's side may be at most \(limit) (--size fits it)",
                        status: ExitStatus.dataError)
                }
                decoded.append((image.gray, image.colour))
            }
            return decoded
        }

        /// With `mjpeg`, each image's JPEG, made once (before the output is touched) and
        /// repeated as it is; else nil for each.
        private func jpegsOf(_ decoded: [(gray: GrayImage, colour: ColourImage?)], when mjpeg: Bool) throws -> [[UInt8]?] {
            guard mjpeg else { return decoded.map { _ in nil } }
            guard let codec = try? JPEGCodec() else {
                throw CommandFailure(message: "libjpeg-turbo could not be set up", status: ExitStatus.unavailable)
            }
            var jpegs: [[UInt8]?] = []
            for (image, path) in zip(decoded, images) {
                do { jpegs.append(try image.colour.map { try codec.encode($0) } ?? codec.encode(image.gray)) } catch {
                    throw CommandFailure(message: "\(path.escapedForDisplay): \(error)", status: ExitStatus.dataError)
                }
            }
            return jpegs
        }

        private func parsedSize(_ text: String) -> ImageSize? {
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...FrameDumpFormat.maximumDimension).contains(parts[0]),
                (1...FrameDumpFormat.maximumDimension).contains(parts[1])
            else { return nil }
            return ImageSize(width: parts[0], height: parts[1])
        }
    }
}

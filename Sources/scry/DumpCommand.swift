import Glibc
import ArgumentParser
import ScryCore
import ScryImageIO
import SystemPackage

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Inspect, export and create frame dumps (format: docs/dump-format.md).",
        subcommands: [Info.self, Export.self, Create.self])

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Describe a frame dump as one JSON line: frames, formats, sizes, timing.")

        @Argument(help: "The frame dump.")
        var file: String

        func run() throws {
            let reader = try openDump(file)
            var frames = 0
            var formats: [String: Int] = [:]
            var sizes: [String: Int] = [:]
            var first: Frame?
            var last: Frame?
            var sequenceGaps = 0
            while let frame = try nextFrame(reader, file) {
                frames += 1
                formats[frame.pixelFormat.fourcc, default: 0] += 1
                sizes["\(frame.width)x\(frame.height)", default: 0] += 1
                if let last, frame.sequence > last.sequence + 1 { sequenceGaps += 1 }
                if first == nil { first = frame.withoutPayload }
                last = frame.withoutPayload
            }
            var members: [String: JSONValue] = [
                "type": .string("dump_info"), "file": .string(file),
                "version": .int(Int(FrameDumpFormat.version)), "frames": .int(frames),
                "pixel_formats": .object(formats.mapValues(JSONValue.int)),
                "sizes": .object(sizes.mapValues(JSONValue.int)),
                "sequence_gaps": .int(sequenceGaps),
                "truncated": .bool(reader.truncation != nil),
            ]
            if let first, let last {
                members["first_sequence"] = .int(Int(truncatingIfNeeded: first.sequence))
                members["last_sequence"] = .int(Int(truncatingIfNeeded: last.sequence))
                let seconds = Double(last.timestampNanoseconds &- first.timestampNanoseconds) / 1e9
                members["duration_s"] = .rounded(seconds, decimals: 3)
                members["fps"] = frames > 1 && seconds > 0 ? .rounded(Double(frames - 1) / seconds, decimals: 2) : .null
            }
            try Output().emit(.object(members))
            if let truncation = reader.truncation {
                printError("\(file): \(truncation)")
                throw ExitCode(ExitStatus.truncatedDump)
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every frame of a dump as a gray PNG (frame-<sequence>.png), one JSON line each.")

        @Argument(help: "The frame dump.")
        var file: String

        @Argument(help: "The directory to write into (created if missing).")
        var directory: String

        func run() throws {
            let reader = try openDump(file)
            let output = Output()
            if mkdir(directory, 0o755) != 0 && errno != EEXIST {
                throw CommandFailure(
                    message: "\(directory): cannot create: \(Errno(rawValue: errno))", status: ExitStatus.ioError)
            }
            while let frame = try nextFrame(reader, file) {
                let gray: GrayImage
                do { gray = try GrayImage(frame: frame) } catch {
                    throw CommandFailure(
                        message: "\(file): frame \(frame.sequence): \(error)", status: ExitStatus.dataError)
                }
                let digits = String(frame.sequence)
                let name = "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
                let path = FilePath(directory).appending(name)
                do { try ImageFile.writePNG(gray, to: path) } catch {
                    throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.ioError)
                }
                try output.emit(.object([
                    "type": .string("exported"), "frame": .int(Int(truncatingIfNeeded: frame.sequence)),
                    "path": .string(path.string),
                ]))
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
                Each image becomes one frame (or --repeat frames), converted to gray and, with \
                --size, scaled down to fit and centred on a white canvas of that size.
                """)

        @Option(name: .shortAndLong, help: "The dump to write (replaced if it exists).")
        var output: String

        @Option(help: "Pixel format of the frames: GREY, YUYV or YU12 (gray as the Y plane).")
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
            guard PixelFormat(fourcc: format).map({ [.grey, .yuyv, .yuv420].contains($0) }) == true else {
                throw ValidationError("--format must be GREY, YUYV or YU12")
            }
            if let size, parsedSize(size) == nil {
                throw ValidationError("--size must look like 1280x720")
            }
            guard fps > 0, fps <= 1000 else { throw ValidationError("--fps must be in 0...1000") }
            guard self.repeat >= 1 else { throw ValidationError("--repeat must be at least 1") }
            guard !images.isEmpty else { throw ValidationError("no images given") }
        }

        func run() throws {
            let pixelFormat = PixelFormat(fourcc: format)!
            let frameSize = size.flatMap(parsedSize)
            let writer: FrameDumpWriter
            do { writer = try FrameDumpWriter(path: FilePath(output)) } catch {
                throw CommandFailure(message: "\(output): \(error)", status: ExitStatus.ioError)
            }
            let interval = UInt64((1e9 / fps).rounded())
            var sequence: UInt64 = 0
            for path in images {
                var image: GrayImage
                do { image = try ImageFile.readGray(path: FilePath(path)) } catch {
                    let status = if case .cannotOpen = error { ExitStatus.noInput } else { ExitStatus.dataError }
                    throw CommandFailure(message: "\(path): \(error)", status: status)
                }
                if let frameSize { image = image.fitted(into: frameSize) }
                for _ in 0..<self.repeat {
                    let frame = try Frame(
                        image: image, pixelFormat: pixelFormat, sequence: sequence,
                        timestampNanoseconds: sequence * interval)
                    do { try writer.write(frame) } catch {
                        throw CommandFailure(message: "\(output): \(error)", status: ExitStatus.ioError)
                    }
                    sequence += 1
                }
            }
            do { try writer.close() } catch {
                throw CommandFailure(message: "\(output): \(error)", status: ExitStatus.ioError)
            }
            printError("wrote \(writer.frameCount) frames to \(output)")
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

extension Frame {
    fileprivate var withoutPayload: Frame {
        var copy = self
        copy.payload = []
        return copy
    }
}

import Glibc
import ScryCore
import ScryDumps
import ScryImageIO
import SystemPackage

/// Image files (and, when asked, frame dumps) as a frame source: each image is one GREY frame
/// (its sequence number its place in the list), each dump its frames in order. A file is
/// opened once and told apart by its first bytes, so a FIFO or a pipe works like a file.
///
/// A file that cannot be read is reported to `onUnreadable` and skipped: the rest are still
/// read. What the source knows of the frame it gave last (its origin, an image's EXIF
/// orientation and page count) is in `current`.
public final class FileFrameSource: FrameSource {
    /// One input: the path to open and its name for messages and lines.
    public struct Input: Sendable {
        public var path: FilePath
        public var name: String
        /// Whether the bytes are standard input's (`-`), read to its end; `path` is unused.
        public var isStandardInput = false
        public init(path: FilePath, name: String) {
            self.path = path
            self.name = name
        }

        /// Standard input, named `name` in lines and messages.
        public static func standardInput(name: String = "-") -> Input {
            var input = Input(path: FilePath("/dev/stdin"), name: name)
            input.isStandardInput = true
            return input
        }
    }

    /// Why a file was skipped (or, for a dump, why it ended early).
    public enum Failure: Error, CustomStringConvertible {
        /// The file cannot be opened or read.
        case cannotOpen(Errno)
        /// An image that cannot be decoded (or is not an image).
        case image(ImageFileError)
        /// A dump that is damaged (its frames before the damage were given).
        case dump(FrameDumpError)
        /// A dump cut short: every complete frame was given.
        case truncatedDump(FrameDumpTruncation)

        public var description: String {
            switch self {
            case .cannotOpen(let errno): "cannot open: \(errno)"
            case .image(let error): "\(error)"
            case .dump(let error): "\(error)"
            case .truncatedDump(let truncation): "\(truncation)"
            }
        }
    }

    /// What the source knows of the frame it gave last.
    public struct FrameInfo: Sendable {
        public var origin: FrameOrigin
        /// An image file's EXIF orientation, when it has one.
        public var exifOrientation: ImageOrientation?
        /// An image file's page count (only the first page is read).
        public var pageCount: Int
    }

    private let inputs: [Input]
    private let readsDumps: Bool
    private let keepsColour: Bool
    private let onUnreadable: (Input, Failure) -> Void
    private var nextInput = 0
    private var dump: (reader: FrameDumpReader, input: Input, file: FileDescriptor)?
    public private(set) var current: FrameInfo?

    /// `readsDumps`: frame dumps are read too (else a dump is an undecodable image).
    /// `keepsColour`: a colour image becomes an RGB3 frame (for a detector that wants colour),
    /// whose gray image is the one a gray frame would have had; else every image is GREY.
    public init(
        _ inputs: [Input], readsDumps: Bool, keepsColour: Bool = false, onUnreadable: @escaping (Input, Failure) -> Void
    ) {
        self.inputs = inputs
        self.readsDumps = readsDumps
        self.keepsColour = keepsColour
        self.onUnreadable = onUnreadable
    }

    deinit { if let dump { try? dump.file.close() } }

    /// How much of the inputs has been read, 0...1: the inputs done, and of a dump being read
    /// the share of its bytes (for a progress line).
    public var fractionRead: Double {
        guard !inputs.isEmpty else { return 1 }
        var done = Double(nextInput)
        if let dump {
            done -= 1
            var status = stat()
            if fstat(dump.file.rawValue, &status) == 0, status.st_size > 0, status.st_mode & S_IFMT == S_IFREG {
                done += min(1, Double(dump.reader.bytesRead) / Double(status.st_size))
            }
        }
        return done / Double(inputs.count)
    }

    /// How many inputs were opened so far (the one being read among them), of `inputCount`.
    public var inputsOpened: Int { nextInput }
    public var inputCount: Int { inputs.count }

    public func next() throws -> FrameSourceReading {
        while true {
            if let open = dump {
                do {
                    if let frame = try open.reader.next() {
                        current = FrameInfo(
                            origin: .streamFrame(stream: open.input.name, sequence: frame.sequence), exifOrientation: nil,
                            pageCount: 1)
                        return .frame(frame, captured: .now)
                    }
                    if let truncation = open.reader.truncation { onUnreadable(open.input, .truncatedDump(truncation)) }
                } catch {
                    onUnreadable(open.input, .dump(error))
                }
                try? open.file.close()
                dump = nil
            }
            guard nextInput < inputs.count else { return .end }
            let input = inputs[nextInput]
            nextInput += 1
            if let frame = open(input) { return frame }
        }
    }

    public func stop() {}

    /// Opens `input`: an image gives its frame; a dump is made current (nil is returned and
    /// the loop reads its frames); a failure is reported (nil).
    private func open(_ input: Input) -> FrameSourceReading? {
        let file: FileDescriptor
        if input.isStandardInput {
            // A duplicate, so that closing it leaves standard input open.
            do { file = try FileDescriptor.standardInput.duplicate() } catch {
                onUnreadable(input, .cannotOpen(error as? Errno ?? .ioError))
                return nil
            }
        } else {
            do { file = try FileDescriptor.open(input.path, .readOnly, options: [.closeOnExec], retryOnInterrupt: true) } catch {
                onUnreadable(input, .cannotOpen(error as? Errno ?? .ioError))
                return nil
            }
        }
        var prefix = [UInt8](repeating: 0, count: FrameDumpFormat.magic.count)
        var filled = 0
        do {
            while filled < prefix.count {
                let got = try prefix.withUnsafeMutableBytes {
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]), retryOnInterrupt: true)
                }
                if got == 0 { break }
                filled += got
            }
        } catch {
            try? file.close()
            onUnreadable(input, .cannotOpen(error as? Errno ?? .ioError))
            return nil
        }
        prefix.removeLast(prefix.count - filled)
        if readsDumps, prefix == FrameDumpFormat.magic {
            do {
                dump = (try FrameDumpReader(file: file, alreadyRead: prefix, closesFile: false), input, file)
            } catch {
                try? file.close()
                onUnreadable(input, .dump(error))
            }
            return nil
        }
        defer { try? file.close() }
        let image: DecodedImage
        let frame: Frame
        do {
            let bytes = try ImageFile.readBytes(from: file, prefix: prefix, requiringImage: true)
            image = try ImageFile.decode(bytes, keepingColour: keepsColour)
            if let colour = image.colour {
                frame = Frame(
                    sequence: UInt64(nextInput - 1), timestampNanoseconds: 0, pixelFormat: .rgb24, width: colour.width,
                    height: colour.height, bytesPerLine: colour.width * 3, payload: colour.pixels)
            } else {
                frame = try Frame(image: image.gray, pixelFormat: .grey, sequence: UInt64(nextInput - 1), timestampNanoseconds: 0)
            }
        } catch let error as ImageFileError {
            onUnreadable(input, .image(error))
            return nil
        } catch {
            onUnreadable(input, .image(.undecodable("\(error)")))
            return nil
        }
        current = FrameInfo(origin: .imageFile(input.name), exifOrientation: image.exifOrientation, pageCount: image.pageCount)
        return .frame(frame, captured: .now)
    }
}

import Dispatch
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
///
/// Where dumps are not read, the next image is read and decoded on another thread while the
/// frame before it is being detected (`ImageReadAhead`): at most one image ahead, so at most
/// two decoded images are held at once. Frames and failures still come in the inputs' order,
/// and `onUnreadable` is called from `next()`, as without it.
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
    /// The image after the one given last, being read on another thread (`readsAhead`).
    private var readAhead: ImageReadAhead?
    public private(set) var current: FrameInfo?

    /// Whether the next image is read while the one before it is detected: only where no
    /// input can be a dump, whose frames are read one at a time as they are asked for.
    private var readsAhead: Bool { !readsDumps }

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

    // An image read ahead and never asked for is not waited for: its thread lets it go once
    // read (a FIFO without a writer would never be).
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
            let index = nextInput
            let input = inputs[index]
            nextInput += 1
            if readsAhead {
                let ahead = readAhead.flatMap { $0.index == index ? $0 : nil }
                readAhead = nil
                let outcome = ahead?.outcome() ?? Self.readImage(input, sequence: UInt64(index), keepsColour: keepsColour)
                if nextInput < inputs.count {
                    readAhead = ImageReadAhead(
                        index: nextInput, input: inputs[nextInput], sequence: UInt64(nextInput), keepsColour: keepsColour)
                }
                switch outcome {
                case .frame(let frame, let info):
                    current = info
                    return .frame(frame, captured: .now)
                case .failure(let failure):
                    onUnreadable(input, failure)
                    continue
                }
            }
            if let frame = open(input) { return frame }
        }
    }

    /// What reading an image file gave: its frame and what is known of it, or why it was skipped.
    enum ImageOutcome {
        case frame(Frame, FrameInfo)
        case failure(Failure)
    }

    /// Reads and decodes `input` as an image (a dump is not an image here): its frame, numbered
    /// `sequence`, or the failure to report.
    static func readImage(_ input: Input, sequence: UInt64, keepsColour: Bool) -> ImageOutcome {
        let file: FileDescriptor
        switch openFile(input) {
        case .success(let opened): file = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { try? file.close() }
        do {
            let bytes = try ImageFile.readBytes(from: file, prefix: [], requiringImage: true)
            let image = try ImageFile.decode(bytes, keepingColour: keepsColour)
            let frame = try Self.frame(of: image, sequence: sequence)
            return .frame(
                frame, FrameInfo(origin: .imageFile(input.name), exifOrientation: image.exifOrientation, pageCount: image.pageCount))
        } catch let error as ImageFileError {
            return .failure(.image(error))
        } catch {
            return .failure(.image(.undecodable("\(error)")))
        }
    }

    /// The frame of a decoded image: RGB3 where its colour was kept, else GREY.
    private static func frame(of image: DecodedImage, sequence: UInt64) throws -> Frame {
        if let colour = image.colour {
            return Frame(
                sequence: sequence, timestampNanoseconds: 0, pixelFormat: .rgb24, width: colour.width,
                height: colour.height, bytesPerLine: colour.width * 3, payload: colour.pixels)
        }
        return try Frame(image: image.gray, pixelFormat: .grey, sequence: sequence, timestampNanoseconds: 0)
    }

    /// `input` opened for reading (standard input duplicated, so that closing it leaves
    /// standard input open), or why it cannot be.
    private static func openFile(_ input: Input) -> Result<FileDescriptor, Failure> {
        do {
            if input.isStandardInput { return .success(try FileDescriptor.standardInput.duplicate()) }
            return .success(try FileDescriptor.open(input.path, .readOnly, options: [.closeOnExec], retryOnInterrupt: true))
        } catch {
            return .failure(.cannotOpen(error as? Errno ?? .ioError))
        }
    }

    public func stop() {}

    /// Opens `input`: an image gives its frame; a dump is made current (nil is returned and
    /// the loop reads its frames); a failure is reported (nil).
    private func open(_ input: Input) -> FrameSourceReading? {
        let file: FileDescriptor
        switch Self.openFile(input) {
        case .success(let opened): file = opened
        case .failure(let failure):
            onUnreadable(input, failure)
            return nil
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
            frame = try Self.frame(of: image, sequence: UInt64(nextInput - 1))
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

/// One image file read and decoded on another thread (`FileFrameSource`), for the source to
/// take when it comes to it.
private final class ImageReadAhead: @unchecked Sendable {
    /// The input's place in the source's list.
    let index: Int
    // Written once by the reading thread before `done` is signalled, read only after it is
    // waited for: the semaphore orders the two.
    private var result: FileFrameSource.ImageOutcome?
    private let done = DispatchSemaphore(value: 0)
    private var taken = false

    init(index: Int, input: FileFrameSource.Input, sequence: UInt64, keepsColour: Bool) {
        self.index = index
        DispatchQueue.global().async { [self] in
            result = FileFrameSource.readImage(input, sequence: sequence, keepsColour: keepsColour)
            done.signal()
        }
    }

    /// What reading the image gave, once it has been read (waiting for that).
    func outcome() -> FileFrameSource.ImageOutcome? {
        if !taken {
            done.wait()
            taken = true
        }
        return result
    }
}

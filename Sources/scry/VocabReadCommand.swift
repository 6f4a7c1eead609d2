import ArgumentParser
import ScryCapture
import ScryCore
import ScryBarcode
import ScryImageIO
import ScryNotebook
import ScryText
import SystemPackage

struct VocabReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Recognize pages and store their vocabulary in a notebook.",
        discussion: """
            Reads image files and frame dumps (told apart by their contents), or the camera \
            with --device. A dump's frames are recognized when the picture differs from the \
            last page read, so a page held still for 300 frames is read once; the camera's \
            when the picture has also stopped moving (a page held still after a turn). Prints \
            one "vocabulary" JSON line per word found, with "new" telling whether the notebook \
            lacked it. An unreadable file gets a one-line error and the others are still read.
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "The notebook (made when missing).")
    var notebook = "default"

    @Argument(help: "Image files and frame dumps.")
    var files: [String] = []

    @Option(name: [.customShort("d"), .long], help: "Read from this camera instead: a device path, or N for /dev/videoN.")
    var device: String?

    @Option(help: "With --device: stop after reading this many pages.")
    var pages = 1

    @Option(help: "With --device: stop after this many seconds.")
    var duration: Double?

    @Option(help: ArgumentHelp("The English word list, one word per line (Debian's wamerican).", valueName: "path"))
    var wordList = "/usr/share/dict/american-english"

    @Option(help: "How the stored image is oriented (EXIF 1-8 or its name); pages are turned upright first. Default: an image file's EXIF orientation, else up.")
    var imageOrientation: ImageOrientation?

    @Option(help: "How recognition divides a page into lines: block (one column) or auto (tesseract's layout analysis, for columns).")
    var textLayout: TextLayout = .block

    @Option(help: "Tesseract language.")
    var language = "eng"

    @Option(help: "Directory holding tesseract's trained data (default: tesseract's own).")
    var tessdata: String?

    func validate() throws {
        if files.isEmpty == (device == nil) { throw ValidationError("give image files or frame dumps, or --device") }
        if pages < 1 { throw ValidationError("--pages must be at least 1") }
        // Bounded so that a duration of 1e300 s cannot overflow the clock arithmetic.
        if let duration, !(duration > 0 && duration <= 1e9) {
            throw ValidationError("--duration must be a number of seconds above 0 and at most 1e9")
        }
        if let problem = TesseractEngine.languageProblem(language) {
            throw ValidationError("--language: \(problem)")
        }
        try requireUTF8(tessdata, option: "--tessdata")
        try requireUTF8(device, option: "--device")
    }

    func run() throws {
        let extractor = VocabularyExtractor(wordList: try loadWordList())
        let recognizer: TextRegionDetector
        do {
            recognizer = try TextRegionDetector(
                options: TextDetectionOptions(levels: [.line], recognize: true, layout: textLayout), language: language, dataPath: tessdata)
        } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.unavailable)
        }
        let database = try store.open()
        var reader = PageReader(
            extractor: extractor, recognizer: recognizer, database: database, notebook: notebook,
            orientation: imageOrientation ?? .up, output: Output())
        var firstFailure: CommandFailure?
        if let device {
            try readCamera(device, into: &reader)
        } else {
            for file in files {
                do { try read(file, into: &reader) } catch let failure as CommandFailure {
                    printError(failure.message)
                    firstFailure = firstFailure ?? failure
                }
            }
        }
        if reader.pagesRead > 0 {
            printError(
                "vocab: \(reader.pagesRead) pages read, \(reader.wordsFound) words (\(reader.newWords) new) "
                    + "in notebook \"\(notebook)\" of \(database.path)")
        }
        if let firstFailure { throw ExitCode(firstFailure.status) }
    }

    private func loadWordList() throws -> WordList {
        do { return WordList(contents: try ImageFile.readBytes(path: FilePath(argument: wordList))) } catch {
            throw CommandFailure(
                message: "\(wordList): cannot read the word list: \(error) (install wamerican)",
                status: ExitStatus.unavailable)
        }
    }

    /// Reads an image or a frame dump, told apart by its first bytes. The file is opened and
    /// read once, so a FIFO or a pipe (`<(cat page.scrydump)`) works like a file.
    private func read(_ file: String, into reader: inout PageReader) throws {
        let name = file.escapedForDisplay
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(argument: file), .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
        } catch {
            throw CommandFailure(message: "\(name): cannot open: \(error)", status: ExitStatus.noInput)
        }
        defer { try? descriptor.close() }
        var prefix = [UInt8](repeating: 0, count: FrameDumpFormat.magic.count)
        var filled = 0
        do {
            while filled < prefix.count {
                let got = try prefix.withUnsafeMutableBytes {
                    try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]), retryOnInterrupt: true)
                }
                if got == 0 { break }
                filled += got
            }
        } catch {
            throw CommandFailure(message: "\(name): cannot open: \(error)", status: ExitStatus.noInput)
        }
        prefix.removeLast(prefix.count - filled)
        guard prefix == FrameDumpFormat.magic else {
            let image: DecodedImage
            do {
                let bytes = try ImageFile.readBytes(from: descriptor, prefix: prefix, requiringImage: true)
                image = try ImageFile.decode(bytes)
            } catch {
                throw CommandFailure(message: "\(name): \(error)", status: error.exitStatus)
            }
            // An image file's EXIF orientation applies unless --image-orientation says otherwise.
            try reader.read(image.gray, orientation: imageOrientation ?? image.exifOrientation ?? .up, source: name)
            return
        }
        let dump: FrameDumpReader
        do { dump = try FrameDumpReader(file: descriptor, alreadyRead: prefix, closesFile: false) } catch {
            throw CommandFailure(message: "\(name): \(error)", status: ExitStatus.dataError)
        }
        while let frame = try nextFrame(dump, file) {
            let gray: GrayImage
            do { gray = try GrayImage(frame: frame) } catch {
                throw CommandFailure(message: "\(name): frame \(frame.sequence): \(error)", status: ExitStatus.dataError)
            }
            let signature = ImageSignature(gray)
            if reader.isNewPage(signature) {
                try reader.read(gray, signature: signature, source: "\(name)#frame=\(frame.sequence)")
            }
        }
        if let truncation = dump.truncation {
            throw CommandFailure(message: "\(name): \(truncation)", status: ExitStatus.truncatedDump)
        }
    }

    private func readCamera(_ device: String, into reader: inout PageReader) throws {
        let path = CaptureDevices.path(for: device)
        let camera: CameraStream
        do { camera = try CameraStream(path: path, size: LiveCommand.captureSize) } catch {
            throw CommandFailure(message: error.description, status: LiveCommand.status(for: error))
        }
        defer { camera.stop() }
        StopSignal.install()
        let started = ContinuousClock.now
        var previous: ImageSignature?
        printError("vocab: reading from \(path); hold a page still in front of the camera (Ctrl-C stops)")
        while reader.pagesRead < pages, StopSignal.received == nil {
            if let duration, ContinuousClock.now - started >= .seconds(duration) { break }
            let next: (frame: Frame, ageNanoseconds: UInt64)?
            do { next = try camera.next(timeoutMilliseconds: 100) } catch {
                throw CommandFailure(message: error.description, status: LiveCommand.status(for: error))
            }
            guard let frame = next?.frame, let gray = try? GrayImage(frame: frame) else { continue }
            // A page is read once the picture holds still: two frames in a row show the same scene.
            let signature = ImageSignature(gray)
            defer { previous = signature }
            guard let previous, previous.isSameScene(as: signature), reader.isNewPage(signature)
            else { continue }
            try reader.read(gray, signature: signature, source: "\(path)#frame=\(frame.sequence)")
        }
    }
}

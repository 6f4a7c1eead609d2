import ArgumentParser
import Glibc
import ScryCapture
import ScryCore
import ScryDocuments
import ScryImageIO
import ScryPipeline
import SystemPackage

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find the page in images, dumps or the camera, flatten it, and write it as a PNG.",
        discussion: """
            The page is the largest rectangle found (OpenCV's imgproc: contours, polygon \
            approximation, edges; see --rectangles), mapped by a perspective transform onto an \
            upright rectangle of its own proportions and written to DIR as page-NNNN.png (gray). \
            Each page gives one "page" JSON line: its source, corners, the file and its size. \
            Image files give one page each when one is found. A dump's or the camera's page is \
            taken as a document camera takes it: once it has been held still for half a second, \
            on a frame as sharp as the sharpest of the hold, and not again until it moves. An \
            image without a page gives no line. A DIR that cannot be made is status 73; a page \
            that cannot be written, 74.

            Examples:
              The page in a photo, flattened to pages/page-0001.png:
                scry scan -o pages/ photo.jpg
              Three pages held up to the camera:
                scry scan -o pages/ -d 0 --pages 3
            """)

    @Argument(help: "Image files and frame dumps.")
    var files: [String] = []

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The directory the flattened pages go to (made if missing).", valueName: "dir"))
    var output: String

    @Option(name: [.customShort("d"), .long], help: "Scan from this camera instead: a device path, or N for /dev/videoN.")
    var device: String?

    @OptionGroup(title: "Camera (with --device)") var capture: CaptureOptions

    @Option(help: "With --device: stop after this many pages.")
    var pages = 1

    @Option(help: "With --device: stop after this many seconds.")
    var duration: Double?

    @Option(help: "How the stored image is oriented (EXIF 1-8 or its name); pages are turned upright first. Default: an image file's EXIF orientation, else up.")
    var imageOrientation: ImageOrientation?

    @Flag(help: "Print for a person instead of JSON lines: the file of each page written, one per line.")
    var plain = false

    func validate() throws {
        if files.isEmpty == (device == nil) { throw ValidationError("give image files or frame dumps, or --device") }
        if pages < 1 { throw ValidationError("--pages must be at least 1") }
        if let duration, !(duration > 0 && duration <= 1e9) {
            throw ValidationError("--duration must be a number of seconds above 0 and at most 1e9")
        }
        try requireUTF8(device, option: "--device")
        try requireUTF8(output, option: "--output")
    }

    func run() throws {
        let directory = FilePath(argument: output)
        do { try FileCreation.makeDirectory(directory) } catch {
            throw CommandFailure(message: "\(output): cannot make the directory: \(error)", status: ExitStatus.cannotCreate)
        }
        var written = 0
        let scanner = PageScanner { page in
            written += 1
            let name = "page-" + String(repeating: "0", count: max(0, 4 - String(written).count)) + String(written) + ".png"
            let path = directory.appending(name)
            // An input in the folder under a page's name (read already, or still to be read)
            // is never written over.
            if let input = files.first(where: { OutputTarget.isSameFile(path, as: FilePath(argument: $0)) }) {
                throw CommandFailure(
                    message: "\(path): is the input \(input.escapedForDisplay); refusing to write a page over it",
                    status: ExitStatus.cannotCreate)
            }
            // A page replaces a page: a link there (whose target may be anything), a FIFO (which
            // would block until read) or a device under a page's name is not written through.
            var status = stat()
            if path.withPlatformString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw CommandFailure(
                    message: "\(path): is not a regular file; refusing to write a page there", status: ExitStatus.cannotCreate)
            }
            do { try ImageFile.writePNG(page, to: path) } catch {
                throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.ioError)
            }
            return path.string
        }
        let sink = Output(plain: plain)
        let pipeline = DetectionPipeline(
            detectors: [scanner], orientation: .fixed(imageOrientation ?? .up), mode: .lockstep, sink: sink)
        try CompressedFrames.install(on: pipeline, keepingColour: false, source: "scan")
        let pages = self.pages
        let firstFailure = try PageRun.run(
            pipeline, command: "scan", device: device, capture: capture, seconds: duration, files: files,
            imageOrientation: imageOrientation, isDone: { scanner.pagesStored >= pages })
        // A failure's own line is the one stderr line of a failed run.
        if let firstFailure { throw ExitCode(firstFailure.status) }
        printError("scan: \(scanner.pagesStored) page\(scanner.pagesStored == 1 ? "" : "s") written to \(output)")
    }
}

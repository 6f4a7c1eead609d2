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
            upright rectangle of its own proportions. With -o DIR it is written to DIR as \
            page-NNNN.png (gray, or with --colour in colour), numbered on from the highest \
            page-NNNN.png already in DIR: no page is ever written over. With --pdf FILE the \
            pages go into one searchable PDF, the words read from each page (the neural text \
            engine) laid over it as invisible text; FILE must not exist yet. Each page gives one \
            "page" JSON line: its source, corners, the file and its size. Image files give one \
            page each when one is found. A dump's or the camera's page is taken as a document \
            camera takes it: once it has been held still for half a second, on a frame as sharp \
            as the sharpest of the hold, and not again until it moves. An image without a page \
            gives no line. A run that found no page at all is status 1; a DIR that cannot be \
            made, or a --pdf FILE that exists, is status 73; a page that cannot be written, 74.

            Examples:
              The page in a photo, flattened to pages/page-0001.png (or the next free number):
                scry scan -o pages/ photo.jpg
              Three pages held up to the camera, in colour:
                scry scan -o pages/ --colour -d 0 --pages 3
              A chapter photographed page by page, as one searchable PDF:
                scry scan --pdf chapter.pdf photos/*.jpg
            """)

    @Argument(help: "Image files and frame dumps.")
    var files: [String] = []

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The directory the flattened pages go to as PNG files (made if missing).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Also (or instead) write the pages as one searchable PDF at this path, which must not exist.", valueName: "file"))
    var pdf: String?

    @Flag(name: [.customLong("colour"), .customLong("color")], help: "Keep the pages' colour (PNG and PDF); by default they are gray.")
    var colour = false

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
        if output == nil && pdf == nil { throw ValidationError("give -o DIR for the pages, --pdf FILE, or both") }
        if pages < 1 { throw ValidationError("--pages must be at least 1") }
        if let duration, !(duration > 0 && duration <= 1e9) {
            throw ValidationError("--duration must be a number of seconds above 0 and at most 1e9")
        }
        try requireUTF8(device, option: "--device")
        try requireUTF8(output, option: "--output")
        try requireUTF8(pdf, option: "--pdf")
    }

    func run() throws {
        let folder = try output.map { (output) throws(CommandFailure) in try PageFolder(FilePath(argument: output)) }
        let document = try pdf.map { (pdf) throws -> PageDocument in
            let reader = try TextEngineChoice.makeNeuralEngine(levels: [.line, .word], recognize: true)
            return try PageDocument(path: FilePath(argument: pdf), reader: reader)
        }
        let scanner = PageScanner(keepsColour: colour) { page in
            var names: [String] = []
            if let folder { names.append(try folder.write(page).string) }
            if let document { names.append(try document.add(page)) }
            return names[0]
        }
        scanner.onCutPage = { sides in
            printError("scan: the page reaches past the frame's \(Self.names(sides)): move back a little (or move the page)")
        }
        let sink = Output(plain: plain)
        let pipeline = DetectionPipeline(
            detectors: [scanner], orientation: .fixed(imageOrientation ?? .up), mode: .lockstep, sink: sink)
        try CompressedFrames.install(on: pipeline, keepingColour: colour, source: "scan")
        let pages = self.pages
        var firstFailure = try PageRun.run(
            pipeline, command: "scan", device: device, capture: capture, seconds: duration, files: files,
            imageOrientation: imageOrientation, keepsColour: colour, isDone: { scanner.pagesStored >= pages })
        // Whatever was found is kept: the PDF is written after a failure too.
        if let document {
            do { try document.write() } catch {
                printError(error.message)
                firstFailure = firstFailure ?? error
            }
        }
        // A failure's own line is the one stderr line of a failed run.
        if let firstFailure { throw ExitCode(firstFailure.status) }
        let count = scanner.pagesStored
        let places = [output, pdf].compactMap { $0 }.joined(separator: " and ")
        guard count > 0 else {
            printError("scan: no page found (a page is a rectangle whose four edges show against the background)")
            throw ExitCode(ExitStatus.nothingFound)
        }
        printError("scan: \(count) page\(count == 1 ? "" : "s") written to \(places)")
        if scanner.cutPagesStored > 0 {
            printError(
                "scan: \(scanner.cutPagesStored) of them reached past the frame (see \"cut\" in their lines): their corners "
                    + "beyond it are extrapolated, and what the frame cut off is missing")
        }
    }

    /// "top edge", "top and left edges".
    static func names(_ sides: Set<ImageSide>) -> String {
        let named = ImageSide.allCases.filter(sides.contains).map(\.rawValue)
        return named.joined(separator: " and ") + (named.count == 1 ? " edge" : " edges")
    }
}

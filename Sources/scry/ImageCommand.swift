import ArgumentParser
import Glibc
import ScryCore
import ScryPipeline
import ScryImageIO
import SystemPackage

struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Detect barcodes, text and faces in image files (PNG, JPEG, PNM, WebP, TIFF, GIF, BMP).",
        discussion: """
            Prints an "image" line per file, then its detections, each naming its file. A file \
            that cannot be read gets a one-line error on stderr and the others are still \
            processed; the exit status is then that of the first failure (65 bad data, 66 not found). \
            A photo's EXIF orientation is applied unless --image-orientation or --orientation \
            says otherwise; the image line's orientation_source says which was used.

            Examples:
              Every barcode and the words, as JSON lines:
                scry image photo.jpg
              One line per code (symbology:payload) and per line of text:
                scry image --plain photo.jpg
              QR codes only, in every image of a folder:
                scry image --no-text --formats qr_code scans/
              An image on standard input:
                cat photo.jpg | scry image --plain -
            """)

    @Argument(help: "Image files; - for one image's bytes on standard input; a folder for the files directly in it, in name order.")
    var files: [String]

    @OptionGroup var detection: DetectionOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("no image files given") }
        if files.filter({ $0 == ImageArguments.standardInput }).count > 1 {
            throw ValidationError("- (standard input) can be given once")
        }
        if files.contains(ImageArguments.standardInput) && isatty(STDIN_FILENO) == 1 {
            throw ValidationError("- reads an image from standard input, which is a terminal: pipe an image in (scry image - < photo.jpg)")
        }
    }

    func run() throws {
        let files = try ImageArguments.expanded(self.files)
        try refusePicturesOverInputs(files)
        let output = Output(plain: detection.plain, namesFiles: files.count > 1)
        let detectors = try detection.makeDetectors(video: false, tracking: nil)
        let follower = try detection.makeOrientationFollower(memoryCeiling: TextEngineChoice.stillImageMemoryCeiling)
        var session = detection.sessionLine(.image, detectors: detectors)
        session.files = files.count
        try output.emit(session)
        var firstFailure: Int32?
        let inputs = ImageArguments.inputs(files)
        let source = FileFrameSource(inputs, readsDumps: false, keepsColour: detection.lookForFaces) { input, failure in
            firstFailure = firstFailure ?? failure.exitStatus
            printError("\(input.name): \(failure)")
        }
        let pipeline = DetectionPipeline(
            detectors: detectors, orientation: .fixed(detection.resolvedOrientation), mode: .lockstep, sink: output,
            annotator: try detection.makeAnnotator())
        pipeline.origin = { _ in source.current!.origin }
        let command = self
        pipeline.prepareFrame = { _, stored in
            let image = source.current!
            let (orientation, line) = command.imageLine(for: image, stored: stored, follower: follower)
            try output.emit(line)
            return orientation
        }
        let progress = ProgressLine.over(source, wrapping: source, unit: "images")
        let outcome = FrameRun(source: progress.source, pipeline: pipeline, isClosedOutputError: Output.isClosedOutput).run()
        progress.line?.finish()
        switch outcome.end {
        case .outputClosed: throw OutputClosed()
        case .laneFailed(let failure): throw CommandFailure(failure)
        case .sourceFailed(let error): throw CommandFailure(message: "\(error)", status: ExitStatus.ioError)
        case .recordingFailed(let error): throw CommandFailure(message: "\(error)", status: ExitStatus.ioError)
        case .sourceEnded, .frameLimit, .timeLimit, .stopped: break
        }
        if detection.stats { try output.emit(RunReport(outcome, mode: nil).statsLine) }
        if let firstFailure { throw ExitCode(firstFailure) }
    }

    /// A picture is named after its image (`AnnotationWriter.fileName`): one that would be
    /// written over an input, read later or read already, is refused before anything is.
    private func refusePicturesOverInputs(_ files: [String]) throws {
        guard let annotate = detection.annotate else { return }
        let directory = FilePath(argument: annotate)
        for file in files where file != ImageArguments.standardInput {
            let picture = directory.appending(AnnotationWriter.fileName(for: .imageFile(file.escapedForDisplay)))
            if let input = files.first(where: { OutputTarget.isSameFile(picture, as: FilePath(argument: $0)) }) {
                throw CommandFailure(
                    message: "--annotate: the picture of \(file.escapedForDisplay) would be written over the input \(input.escapedForDisplay); refusing",
                    status: ExitStatus.usage)
            }
        }
    }

    /// The orientation `image` is read in and its image line: an option given, else the one
    /// detected from the text (--orientation auto), else the file's EXIF orientation, else
    /// upright. Says on stderr when pages after the first were skipped.
    private func imageLine(
        for image: FileFrameSource.FrameInfo, stored: GrayImage, follower: OrientationFollower?
    ) -> (ImageOrientation, ImageLine) {
        let name = image.origin.description
        if image.pageCount > 1 {
            printError("\(name): read page 1 of \(image.pageCount); the other pages were skipped")
        }
        let orientation: ImageOrientation
        let orientationSource: ImageLine.OrientationSource
        var confidence: Double?
        var decided = false
        if let follower {
            let detected = follower.orientation(of: stored)
            orientation = detected.orientation
            confidence = detected.estimate?.confidence
            decided = detected.estimate?.isDecided ?? false
            orientationSource = .auto
        } else if detection.setsOrientation {
            orientation = detection.resolvedOrientation
            orientationSource = .option
        } else if let exif = image.exifOrientation {
            orientation = exif
            orientationSource = .exif
        } else {
            orientation = .up
            orientationSource = .default
        }
        let line = ImageLine(
            file: name, size: orientation.uprightSize(of: stored.size), orientation: orientation,
            orientationSource: orientationSource,
            // 0 when detection found too little text to tell (the image is taken as upright).
            orientationConfidence: follower != nil ? confidence ?? 0 : nil,
            orientationDecided: follower != nil ? decided : nil,
            pages: image.pageCount > 1 ? image.pageCount : nil)
        return (orientation, line)
    }
}

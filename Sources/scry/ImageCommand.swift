import ArgumentParser
import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode
import ScryImageIO
import SystemPackage

struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Detect barcodes and text in image files (PNG, JPEG, PNM, WebP, TIFF, GIF, BMP).",
        discussion: """
            Prints an "image" line per file, then its detections, each naming its file. A file \
            that cannot be read gets a one-line error on stderr and the others are still \
            processed; the exit status is then that of the first failure (65 bad data, 66 not found). \
            A photo's EXIF orientation is applied unless --image-orientation or --orientation \
            says otherwise; the image line's orientation_source says which was used.
            """)

    @Argument(help: "Image files.")
    var files: [String]

    @OptionGroup var detection: DetectionOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("no image files given") }
    }

    func run() throws {
        let output = Output()
        let analyzer = try detection.makeAnalyzer()
        let follower = try detection.makeOrientationFollower()
        var members = detection.sessionMembers
        members["source"] = .string("image")
        members["files"] = .int(files.count)
        try output.emit(DetectionEvents.session(members))
        var statistics = RunStatistics()
        var firstFailure: Int32?
        for file in files {
            let name = file.escapedForDisplay
            let decoded: DecodedImage
            do {
                decoded = try ImageFile.read(path: FilePath(argument: file))
            } catch {
                firstFailure = firstFailure ?? error.exitStatus
                printError("\(name): \(error)")
                continue
            }
            if decoded.pageCount > 1 {
                printError("\(name): read page 1 of \(decoded.pageCount); the other pages were skipped")
            }
            // The orientation applied: an option given, else the one detected from the text
            // (--orientation auto), else the file's EXIF orientation, else upright.
            var confidence: Double?
            let source: String
            if let follower {
                let detected = follower.orientation(of: decoded.gray)
                analyzer.orientation = detected.orientation
                confidence = detected.estimate?.confidence
                source = "auto"
            } else if detection.setsOrientation {
                source = "option"
            } else if let exif = decoded.exifOrientation {
                analyzer.orientation = exif
                source = "exif"
            } else {
                analyzer.orientation = .up
                source = "default"
            }
            let analysis = analyzer.analyze(decoded.gray)
            statistics.add(analysis)
            var imageLine = DetectionEvents.image(file: name, size: analysis.uprightSize, orientation: analyzer.orientation)
            if case .object(var members) = imageLine {
                members["orientation_source"] = .string(source)
                // 0 when detection found too little text to tell (the image is taken as upright).
                if follower != nil { members["orientation_confidence"] = .rounded(confidence ?? 0, decimals: 2) }
                if decoded.pageCount > 1 { members["pages"] = .int(decoded.pageCount) }
                imageLine = .object(members)
            }
            try output.emit(imageLine)
            try emitDetections(analysis, source: .file(name), to: output)
        }
        if detection.stats { try output.emit(DetectionEvents.stats(statistics.json)) }
        if let firstFailure { throw ExitCode(firstFailure) }
    }
}

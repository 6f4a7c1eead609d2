import ArgumentParser
import ScryCore
import ScryImageIO
import SystemPackage

struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Detect barcodes and text in image files (PNG, JPEG, PNM, WebP, TIFF, GIF, BMP).",
        discussion: """
            Prints an "image" line per file, then its detections, each naming its file. A file \
            that cannot be read gets a one-line error on stderr and the others are still \
            processed; the exit status is then that of the first failure (65 bad data, 66 not found).
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
            let image: GrayImage
            do {
                image = try ImageFile.readGray(path: FilePath(file))
            } catch {
                if case .cannotOpen = error {
                    firstFailure = firstFailure ?? ExitStatus.noInput
                } else {
                    firstFailure = firstFailure ?? ExitStatus.dataError
                }
                printError("\(file): \(error)")
                continue
            }
            var confidence: Double?
            if let follower {
                let detected = follower.orientation(of: image)
                analyzer.orientation = detected.orientation
                confidence = detected.estimate?.confidence
            }
            let analysis = analyzer.analyze(image)
            statistics.add(analysis)
            var imageLine = DetectionEvents.image(file: file, size: analysis.uprightSize, orientation: analyzer.orientation)
            if follower != nil, case .object(var members) = imageLine {
                // 0 when detection found too little text to tell (the image is taken as upright).
                members["orientation_confidence"] = .rounded(confidence ?? 0, decimals: 2)
                imageLine = .object(members)
            }
            try output.emit(imageLine)
            try emitDetections(analysis, source: .file(file), to: output)
        }
        if detection.stats { try output.emit(DetectionEvents.stats(statistics.json)) }
        if let firstFailure { throw ExitCode(firstFailure) }
    }
}

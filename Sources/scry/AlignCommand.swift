import ArgumentParser
import ScryCore
import ScryImageIO
import ScryMotion
import SystemPackage

struct AlignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "align",
        abstract: "Find how images lie on a reference image: their translation and homography.",
        discussion: """
            Vision's image registration, in pixels. Each IMAGE gives one "alignment" line: \
            aligned true with translation (how far the image's centre lands from where it is, \
            pixels, x right and y down) and pixel_homography (nine numbers, row by row, mapping a \
            pixel (x, y) of IMAGE to REFERENCE, in continuous pixel coordinates: the top-left \
            corner of the image is (0, 0), the centre of its first pixel (0.5, 0.5)), or aligned \
            false when the two do not show enough of one scene; inliers of matched points agree \
            with it, median_error is their median distance in reference pixels. ORB features \
            (OpenCV) give a first homography, refined by Lucas-Kanade flow of the image's corners \
            on the full images. Each image is turned upright by its EXIF orientation first. An \
            image that did not align makes the status 1 (as grep finding nothing); a file that \
            cannot be read gets one line on stderr, the others are still aligned, and the status \
            is that of the first failure (65 bad data, 66 not found).

            Examples:
              How a second photo of a page moved against the first:
                scry align first.jpg second.jpg
              Every frame exported from a dump, against frame 1:
                scry align frames/frame-000001.png frames/*.png
            """)

    @Argument(help: "The reference image: the pixel space the homographies map into.")
    var reference: String

    @Argument(help: "The images to align with it.")
    var images: [String] = []

    @Flag(help: "Print for a person instead of JSON lines: one line per image, its translation and how many points agree.")
    var plain = false

    func validate() throws {
        if images.isEmpty { throw ValidationError("give the reference image, then the images to align with it") }
    }

    func run() throws {
        let referenceImage: GrayImage
        do {
            referenceImage = try Self.upright(reference)
        } catch {
            throw CommandFailure(message: "\(reference.escapedForDisplay): \(error)", status: error.exitStatus)
        }
        let output = Output(plain: plain, namesFiles: images.count > 1)
        var firstFailure: Int32?
        var unaligned = 0
        for file in images {
            let image: GrayImage
            do {
                image = try Self.upright(file)
            } catch {
                printError("\(file.escapedForDisplay): \(error)")
                firstFailure = firstFailure ?? error.exitStatus
                continue
            }
            let alignment: Alignment
            do {
                alignment = try ImageRegistration.align(image, onto: referenceImage)
            } catch {
                throw CommandFailure(message: "\(file.escapedForDisplay): \(error)", status: ExitStatus.unavailable)
            }
            if alignment.homography == nil { unaligned += 1 }
            try output.emit(
                AlignmentLine(
                    alignment, source: .file(file.escapedForDisplay), in: ImageSize(width: image.width, height: image.height),
                    reference: reference.escapedForDisplay))
        }
        if let firstFailure { throw ExitCode(firstFailure) }
        if unaligned > 0 {
            printError("align: \(unaligned) of \(images.count) image\(images.count == 1 ? "" : "s") did not align with \(reference.escapedForDisplay) (too little of one scene in both)")
            throw ExitCode(ExitStatus.nothingFound)
        }
    }

    /// The image at `argument`, gray, turned upright by its EXIF orientation.
    private static func upright(_ argument: String) throws(ImageFileError) -> GrayImage {
        let decoded = try ImageFile.read(path: FilePath(argument: argument))
        return decoded.gray.turnedUpright(from: decoded.exifOrientation ?? .up)
    }
}

import ScryCore
import Foundation
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryDocuments

struct PageFlattenerTests {
    /// The mean of a box of `image`, its corners as fractions of its size.
    private func mean(_ image: GrayImage, x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        var total = 0, count = 0
        for row in Int(y.lowerBound * Double(image.height))..<Int(y.upperBound * Double(image.height)) {
            for column in Int(x.lowerBound * Double(image.width))..<Int(x.upperBound * Double(image.width)) {
                total += Int(image[column, row])
                count += 1
            }
        }
        return Double(total) / Double(count)
    }

    @Test func theFlattenedPageIsUprightAndFillsThePicture() throws {
        let image = try Scenes.desk(with: [Scenes.tiltedPage])
        let flattener = PageFlattener()
        let page = try #require(try flattener.page(in: image))
        let flat = try flattener.flatten(image, page: page)
        // Twice the size the frame shows it at.
        let seen = PageFlattener.flatSize(of: page, in: image.size)
        #expect(abs(flat.width - 2 * seen.width) <= 1 && abs(flat.height - 2 * seen.height) <= 1)
        // The black square drawn at (40...200, 220...380) of the 600x800 page lands there.
        #expect(mean(flat, x: 0.1...0.3, y: 0.3...0.45) < 60)
        // The page's paper everywhere else it is blank; no desk at the borders.
        #expect(mean(flat, x: 0.55...0.95, y: 0.55...0.95) > 200)
        #expect(mean(flat, x: 0.0...0.02, y: 0.5...0.95) > 200)
        #expect(mean(flat, x: 0.98...1.0, y: 0.05...0.95) > 200)
    }

    @Test func theAspectRatioUndoesThePerspective() throws {
        // A 600x800 page 1.6 m from a camera of focal length 1000 px, turned 30 degrees about
        // the horizontal axis and 15 about the vertical: its corners as the camera sees them.
        let seen = RectangleObservation(
            corners: [
                PixelPoint(x: 409.9221, y: 126.6424), PixelPoint(x: 819.0697, y: 99.3784),
                PixelPoint(x: 839.0870, y: 561.9249), PixelPoint(x: 512.7763, y: 545.1638),
            ], confidence: 1)
        let ratio = try #require(PageFlattener.aspectRatio(of: seen, in: ImageSize(width: 1280, height: 720)))
        #expect(abs(ratio - 0.75) < 0.001, "\(ratio)")
        let size = PageFlattener.flatSize(of: seen, in: ImageSize(width: 1280, height: 720))
        #expect(abs(Double(size.width) / Double(size.height) - 0.75) < 0.005, "\(size)")
        // Seen from straight ahead the focal length cannot be told: the ratio is the affine one.
        let ahead = RectangleObservation(
            corners: [PixelPoint(x: 100, y: 100), PixelPoint(x: 500, y: 100), PixelPoint(x: 500, y: 400), PixelPoint(x: 100, y: 400)],
            confidence: 1)
        #expect(abs((PageFlattener.aspectRatio(of: ahead, in: ImageSize(width: 1280, height: 720)) ?? 0) - 4.0 / 3) < 1e-9)
    }

    /// A page whose top edge sags by 18 px in its middle (drawn by ImageMagick as a path with a
    /// curved top on a dark desk): flattened along the page's corners alone, the desk shows
    /// along the top; following the bowed edge, the top rows are paper.
    @Test func aBowedEdgeIsFollowed() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bowed.png").path
        try runTool("convert", [
            "-size", "1280x720", "xc:#3c3a36", "-fill", "#f0ede4",
            "-draw", "path 'M 400,100 Q 640,136 880,100 L 880,660 L 400,660 Z'",
            "-fill", "#202020", "-draw", "rectangle 460,200 820,215", "-draw", "rectangle 460,260 800,275",
            "-blur", "0x0.8", "-colorspace", "Gray", "-depth", "8", path,
        ])
        let image = try ImageFile.readGray(path: FilePath(path))
        let corners = [PixelPoint(x: 400, y: 100), PixelPoint(x: 880, y: 100), PixelPoint(x: 880, y: 660), PixelPoint(x: 400, y: 660)]
        let size = ImageSize(width: 480, height: 560)
        let straight = try QuadFinder.flatten(image, corners: corners, to: size)
        let followed = try QuadFinder.flatten(image, corners: corners, to: size, followingEdges: true)
        // The top rows across the middle: desk (dark) when straight, paper when followed.
        #expect(mean(straight, x: 0.3...0.7, y: 0...0.02) < 150)
        #expect(mean(followed, x: 0.1...0.9, y: 0.005...0.02) > 200)
        // The print is still there, moved up a little with the bow blended across the page
        // (in a real curl the lines near the edge sag with it).
        #expect(mean(followed, x: 0.2...0.7, y: 0.12...0.21) < 215)
        // A page whose edges are straight is flattened as before, to within a pixel (its edge
        // found half a pixel off moves sharp print by that much: a mean difference of a level
        // or two).
        let square = directory.appendingPathComponent("square.png").path
        try runTool("convert", [
            "-size", "1280x720", "xc:#3c3a36", "-fill", "#f0ede4", "-draw", "rectangle 400,100 880,660",
            "-fill", "#202020", "-draw", "rectangle 460,200 820,215", "-blur", "0x0.8", "-colorspace", "Gray", "-depth", "8", square,
        ])
        let page = try ImageFile.readGray(path: FilePath(square))
        let before = try QuadFinder.flatten(page, corners: corners, to: size)
        let after = try QuadFinder.flatten(page, corners: corners, to: size, followingEdges: true)
        let difference = Double(zip(before.pixels, after.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(before.pixels.count)
        #expect(difference < 2, "mean difference \(difference)")
    }

    @Test func noPageWithoutOne() throws {
        #expect(try PageFlattener().page(in: Scenes.desk(drawing: nil)) == nil)
    }

    @Test func sharpnessFallsWithBlur() throws {
        let sharp = try Scenes.desk(with: [Scenes.tiltedPage], blur: 0.3)
        let blurred = try Scenes.desk(with: [Scenes.tiltedPage], blur: 3)
        let flattener = PageFlattener()
        let flatSharp = try flattener.flatten(sharp, page: try #require(try flattener.page(in: sharp)))
        let flatBlurred = try flattener.flatten(blurred, page: try #require(try flattener.page(in: blurred)))
        #expect(PageFlattener.sharpness(of: flatSharp) > 1.5 * PageFlattener.sharpness(of: flatBlurred))
    }
}

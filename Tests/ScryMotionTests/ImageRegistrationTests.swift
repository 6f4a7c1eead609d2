import Foundation
import ScryCore
import ScryImageIO
import ScryMotion
import ScryTestSupport
import SystemPackage
import Testing

/// Real photos seen through known homographies, made by ImageMagick (`-distort Perspective`,
/// whose coordinates are continuous as scry's are): the homography found puts the moving image's
/// corners where the truth does, within a pixel, through light, noise, blur and JPEG changes;
/// different photos, blank and tiny images are not aligned.
struct ImageRegistrationTests {
    /// A part of a photo: the file, the window's size and its top-left corner in the photo.
    struct Window {
        var photo: String
        var width: Int, height: Int
        var left: Int, top: Int
    }

    static let faces = Window(
        photo: RepositoryPaths.facePhotos.appendingPathComponent("bald_guys.jpg").path, width: 1280, height: 720, left: 350,
        top: 400)
    static let receipt = Window(
        photo: RepositoryPaths.eval.appendingPathComponent("text/sroie/018.jpg").path, width: 600, height: 800, left: 110,
        top: 560)
    static let dogs = Window(
        photo: RepositoryPaths.facePhotos.appendingPathComponent("dogs.jpg").path, width: 640, height: 480, left: 130, top: 200)

    /// The window of the photo, gray, as a PNG.
    static func reference(_ window: Window, in directory: URL) throws -> GrayImage {
        let path = directory.appendingPathComponent("reference.png").path
        try runTool("convert", [window.photo, "-colorspace", "Gray", "-crop", "\(window.width)x\(window.height)+\(window.left)+\(window.top)", "+repage", path])
        return try ImageFile.readGray(path: FilePath(path))
    }

    /// The same window of the photo seen through the homography that takes each corner of the
    /// window (top-left, top-right, bottom-right, bottom-left) to that corner plus `offsets`,
    /// then `changes` (ImageMagick options) applied: the moving image, whose corners truly lie
    /// in the reference at the corners plus `offsets`.
    static func moving(
        _ window: Window, offsets: [(Double, Double)], changes: [String] = [], format: String = "png", in directory: URL
    ) throws -> GrayImage {
        let corners = [(0.0, 0.0), (Double(window.width), 0), (Double(window.width), Double(window.height)), (0, Double(window.height))]
        var points: [String] = []
        for (corner, offset) in zip(corners, offsets) {
            let x = corner.0 + Double(window.left), y = corner.1 + Double(window.top)
            points.append("\(x + offset.0),\(y + offset.1) \(x),\(y)")
        }
        let path = directory.appendingPathComponent("moving.\(format)").path
        try runTool(
            "convert",
            [window.photo, "-colorspace", "Gray", "-virtual-pixel", "edge", "-distort", "Perspective", points.joined(separator: "  "),
             "-crop", "\(window.width)x\(window.height)+\(window.left)+\(window.top)", "+repage"] + changes + [path])
        return try ImageFile.readGray(path: FilePath(path))
    }

    /// The mean distance between where `homography` puts the moving image's corners and the
    /// corners plus `offsets`.
    static func cornerError(_ homography: Homography?, _ window: Window, offsets: [(Double, Double)]) -> Double {
        guard let homography else { return .infinity }
        let corners = [(0.0, 0.0), (Double(window.width), 0), (Double(window.width), Double(window.height)), (0, Double(window.height))]
        var total = 0.0
        for (corner, offset) in zip(corners, offsets) {
            guard let found = homography.map(PixelPoint(x: corner.0, y: corner.1)) else { return .infinity }
            total += ((found.x - corner.0 - offset.0) * (found.x - corner.0 - offset.0)
                + (found.y - corner.1 - offset.1) * (found.y - corner.1 - offset.1)).squareRoot()
        }
        return total / 4
    }

    /// A turn of about 6 degrees with some perspective, a pure shift, and a zoom out.
    static let motions: [[(Double, Double)]] = [
        [(-40, 60), (-85, -70), (30, -95), (75, 40)],
        [(23.5, -17.25), (23.5, -17.25), (23.5, -17.25), (23.5, -17.25)],
        [(-60, -34), (60, -34), (60, 34), (-60, 34)],
    ]

    @Test(arguments: [faces, receipt])
    func alignsWithinAPixel(window: Window) throws {
        let directory = try makeTemporaryDirectory()
        let reference = try Self.reference(window, in: directory)
        for offsets in Self.motions {
            let moving = try Self.moving(window, offsets: offsets, in: directory)
            let alignment = try ImageRegistration.align(moving, onto: reference)
            let error = Self.cornerError(alignment.homography, window, offsets: offsets)
            #expect(error < 1, "\(window.photo) \(offsets): corner error \(error)")
            #expect(alignment.agreeingPoints >= 15 && alignment.confidence > 0.5)
        }
    }

    @Test(arguments: [
        (["-level", "10%,80%,0.7"], "png"), (["-seed", "3", "-attenuate", "3", "+noise", "Gaussian"], "png"), (["-blur", "0x1.5"], "png"),
        (["-quality", "35"], "jpg"),
    ])
    func alignsThroughChangesOfLightNoiseBlurAndJPEG(changes: [String], format: String) throws {
        let directory = try makeTemporaryDirectory()
        let reference = try Self.reference(Self.faces, in: directory)
        let offsets = Self.motions[0]
        let moving = try Self.moving(Self.faces, offsets: offsets, changes: changes, format: format, in: directory)
        let alignment = try ImageRegistration.align(moving, onto: reference)
        let error = Self.cornerError(alignment.homography, Self.faces, offsets: offsets)
        #expect(error < 1.5, "\(changes): corner error \(error)")
    }

    @Test func anImageLiesOnItselfUnmoved() throws {
        let reference = try Self.reference(Self.dogs, in: try makeTemporaryDirectory())
        let alignment = try ImageRegistration.align(reference, onto: reference)
        let none = [(0.0, 0.0), (0, 0), (0, 0), (0, 0)]
        #expect(Self.cornerError(alignment.homography, Self.dogs, offsets: none) < 0.05)
        let translation = try #require(alignment.homography?.translation(ofImageOf: ImageSize(width: 640, height: 480)))
        #expect(abs(translation.x) < 0.05 && abs(translation.y) < 0.05)
    }

    @Test func differentPhotosAreNotAligned() throws {
        let directory = try makeTemporaryDirectory()
        let faces = try Self.reference(Self.faces, in: directory)
        let dogs = try Self.reference(Self.dogs, in: try makeTemporaryDirectory())
        let receipt = try Self.reference(Self.receipt, in: try makeTemporaryDirectory())
        for (moving, reference) in [(dogs, faces), (faces, receipt), (receipt, dogs)] {
            let alignment = try ImageRegistration.align(moving, onto: reference)
            #expect(alignment.homography == nil, "\(alignment)")
        }
    }

    @Test func blankTinyAndOddlyShapedImagesAreNotAligned() throws {
        let photo = try Self.reference(Self.dogs, in: try makeTemporaryDirectory())
        let odd = [
            GrayImage(width: 640, height: 480, pixels: [UInt8](repeating: 128, count: 640 * 480)),
            GrayImage(width: 1, height: 1, pixels: [0]),
            GrayImage(width: 1, height: 100, pixels: [UInt8](repeating: 9, count: 100)),
            GrayImage(width: 3000, height: 2, pixels: (0..<6000).map { UInt8($0 % 251) }),
        ]
        for image in odd {
            #expect(try ImageRegistration.align(image, onto: photo).homography == nil)
            #expect(try ImageRegistration.align(photo, onto: image).homography == nil)
            #expect(try ImageRegistration.align(image, onto: image).homography == nil || image.width * image.height > 1000)
        }
    }
}

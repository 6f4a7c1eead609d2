internal import CBarcodeSighting
import ScryCore

/// The one wrapper of `CBarcodeSighting` (OpenCV's barcode detector): where a gray image holds
/// regions of parallel bars, a linear barcode read or not. Nothing else imports the C module.
enum BarRegionFinder {
    /// OpenCV runs on the calling thread only: each lane has one.
    private static let singleThreaded: Void = scry_barcode_sighting_single_threaded()

    /// The most regions one image gives: room for them is made before OpenCV looks.
    static let mostRegions = 64

    /// Images whose shorter side is under this many pixels are not looked at: OpenCV 4.6's
    /// detector divides by zero (SIGFPE, the process ends) on every image whose shorter side
    /// is 41 to 50 pixels, whatever it shows (a uniform gray 200x41 image included), and a
    /// linear code across a strip that narrow has modules of a pixel or less.
    static let shortestSide = 64

    /// The regions of bars in `image`: each the four corners of the rotated rectangle around
    /// it, in the image's pixel space (origin top-left, y down). Empty when OpenCV fails on
    /// the image, and for an image under `shortestSide`: a guess at a code is not worth a
    /// lane's error.
    static func regions(in image: GrayImage) -> [[PixelPoint]] {
        _ = singleThreaded
        guard min(image.width, image.height) >= shortestSide else { return [] }
        var found = [scry_bar_region](repeating: scry_bar_region(), count: mostRegions)
        var message = [CChar](repeating: 0, count: 256)
        let count = image.pixels.withUnsafeBufferPointer { pixels in
            scry_find_bar_regions(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), &found,
                Int32(mostRegions), &message, message.count)
        }
        guard count > 0 else { return [] }
        return found.prefix(min(Int(count), mostRegions)).map { region in
            let xs = withUnsafeBytes(of: region.x) { Array($0.bindMemory(to: Double.self)) }
            let ys = withUnsafeBytes(of: region.y) { Array($0.bindMemory(to: Double.self)) }
            return (0..<4).map { PixelPoint(x: xs[$0], y: ys[$0]) }
        }
    }
}

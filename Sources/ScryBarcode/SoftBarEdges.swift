import ScryCore
import ScrySharpness

/// Whether a linear code's bars have the soft edges of a code seen through a lens out of
/// focus, or the steps of a code as drawn. The escalation passes that deblur, sharpen or
/// enlarge an image restore bars that blur has spread; on bars whose edges are steps they read
/// their own ringing. zxing-cpp read an EAN-13 `0120172242012` across a whole ITF of zint's
/// (2 px a module, two columns flipped) on the image deblurred along its rows alone, its bars
/// fitting that number as well as a blurred webcam code's bars fit its own: that code's edges
/// measure 1.0 (`EdgeSpread`); the right numbers that escalation passes alone read on the
/// eval photos, upright and turned 3 to 15 degrees by ImageMagick
/// (scripts/bench-turned-retail, seed 23), 0.29 to 0.58.
public enum SoftBarEdges {
    /// The `EdgeSpread` ratio below which a code's edges are soft: halfway between a step edge
    /// (1.0) and a step falling between two pixels (about 0.5).
    public static let largestSpreadRatio = 0.75

    /// The pixels looked at above and below the box round `corners`: a linear code's reading
    /// may be placed on one scan line.
    public static let rowsAround = 6.0

    /// Whether the edges in the box round `corners` (pixel space of `image`) are soft, across
    /// x where enough of them are found, else across y (a code standing on its side). With
    /// too few edges to tell, they are not.
    public static func areSoft(around corners: [PixelPoint], in image: GrayImage) -> Bool {
        guard let box = PixelRect(enclosing: corners),
            let crop = image.cropped(to: PixelRect(
                x: box.x, y: box.y - rowsAround, width: box.width, height: box.height + 2 * rowsAround))
        else { return false }
        let spread = EdgeSpread.measure(crop)
        guard let ratio = spread.acrossX ?? spread.acrossY else { return false }
        return ratio < largestSpreadRatio
    }
}

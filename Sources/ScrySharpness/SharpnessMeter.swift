import ScryCore

/// How sharp a gray image is: the variance of its Laplacian, the usual focus measure (Pech-
/// Pacheco et al., 2000). A frame in focus has strong edges, whose second derivative is large
/// on either side of them; blur (defocus, a moving hand) spreads the edges and the Laplacian's
/// values shrink towards 0.
///
/// The score depends on what the frame shows as well as on focus: a page of print scores in
/// the hundreds or thousands when sharp, a blank wall near 0 however sharp. It is comparable
/// from frame to frame of one scene, which is what a user holding a camera needs ("hold
/// still" when the score falls).
public enum SharpnessMeter {
    /// The variance of the 4-neighbour Laplacian (4 * centre - left - right - above - below)
    /// over `image`'s interior pixels, in squared gray levels; 0 for an image under 3 pixels
    /// wide or high.
    public static func score(of image: GrayImage) -> Double {
        let width = image.width, height = image.height
        guard width >= 3, height >= 3 else { return 0 }
        var sum = 0.0, sumOfSquares = 0.0
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 1..<(height - 1) {
                let row = y * width
                var rowSum = 0, rowSquares = 0
                for x in 1..<(width - 1) {
                    let centre = Int(pixels[row + x])
                    let laplacian = 4 * centre - Int(pixels[row + x - 1]) - Int(pixels[row + x + 1])
                        - Int(pixels[row + x - width]) - Int(pixels[row + x + width])
                    rowSum += laplacian
                    rowSquares += laplacian * laplacian
                }
                sum += Double(rowSum)
                sumOfSquares += Double(rowSquares)
            }
        }
        let count = Double((width - 2) * (height - 2))
        let mean = sum / count
        return max(0, sumOfSquares / count - mean * mean)
    }
}

import ScryCore

extension Alignment {
    /// The members an `alignment` or `motion` line gives an alignment of an image of
    /// `movingSize`: `aligned`; when aligned, `translation` (pixels, x right, y down: how far the
    /// moving image's centre lands from where it is) and `pixel_homography` (nine numbers, row
    /// by row, mapping a pixel of the moving image to the reference, continuous pixel
    /// coordinates); `inliers`, `matched`, `confidence` and `median_error` always.
    public func members(movingSize: ImageSize) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "aligned": .bool(homography != nil),
            "inliers": .int(agreeingPoints),
            "matched": .int(matchedPoints),
            "confidence": .rounded(confidence, decimals: 3),
            "median_error": .rounded(medianError, decimals: 3),
        ]
        if let homography, let translation = homography.translation(ofImageOf: movingSize) {
            object["translation"] = .object(["x": .rounded(translation.x, decimals: 3), "y": .rounded(translation.y, decimals: 3)])
            object["pixel_homography"] = .array(homography.elements.map { .rounded($0, decimals: 9) })
        }
        return object
    }

    /// `aligned dx=12.3 dy=-4.0 (412 of 480 points)` or `not aligned`.
    public func plainText(movingSize: ImageSize) -> String {
        guard let homography, let translation = homography.translation(ofImageOf: movingSize) else {
            return "not aligned"
        }
        func rounded(_ value: Double) -> String { String((value * 10).rounded() / 10) }
        return "aligned dx=\(rounded(translation.x)) dy=\(rounded(translation.y)) (\(agreeingPoints) of \(matchedPoints) points)"
    }
}

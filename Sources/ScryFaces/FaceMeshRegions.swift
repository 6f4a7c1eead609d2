/// Which of the face mesh's 468 points make each of Vision's regions. The indices are those
/// of MediaPipe's face mesh topology (its published contours: face oval, eyes, eyebrows, lips),
/// checked against dlib's 68 labelled landmarks on the benchmark photos.
enum FaceMeshRegions {
    /// The lower face oval, from the right ear (the image's left) under the chin to the left.
    static let faceContour = [
        234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454,
    ]
    /// From the outer corner over the upper lid to the inner corner, and back under the eye.
    static let rightEye = [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7]
    static let leftEye = [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249]
    /// The upper edge from the outer end, then the lower edge back.
    static let rightEyebrow = [70, 63, 105, 66, 107, 55, 65, 52, 53, 46]
    static let leftEyebrow = [300, 293, 334, 296, 336, 285, 295, 282, 283, 276]
    /// Points on the nose: its bridge, tip, wings and base (the region is their outline).
    static let nose = [168, 6, 197, 195, 5, 4, 1, 2, 98, 97, 326, 327, 48, 115, 220, 45, 275, 440, 344, 278]
    /// The ridge, from between the eyes to the tip.
    static let noseCrest = [168, 6, 197, 195, 5, 4]
    /// The middle of the face from the forehead to the chin.
    static let medianLine = [
        10, 151, 9, 8, 168, 6, 197, 195, 5, 4, 1, 19, 94, 2, 164, 0, 11, 12, 13, 14, 15, 16, 17, 18, 200, 199, 175, 152,
    ]
    /// From the right corner over the upper lip to the left corner, and back under the lower.
    static let outerLips = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146]
    static let innerLips = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95]
}

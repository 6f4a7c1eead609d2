/// Finds barcodes in an upright gray image; coordinates in that image's pixel space.
/// Implementations hold C engines bound to one thread: one detector per thread.
public protocol BarcodeDetecting: AnyObject {
    func detect(in image: GrayImage) -> [BarcodeObservation]
}

/// Finds text regions in an upright gray image; coordinates in that image's pixel space.
/// Implementations hold C engines bound to one thread: one detector per thread.
public protocol TextDetecting: AnyObject {
    func detectText(in image: GrayImage) -> [TextObservation]
}

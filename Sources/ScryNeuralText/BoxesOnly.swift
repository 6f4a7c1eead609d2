import ScryCore

/// Text boxes without their text: a reading engine's boxes when only boxes were asked for
/// (word and character boxes come from the recognizer's alignment, so the engine reads them).
public final class BoxesOnly: StreamTextDetecting {
    private let engine: any TextDetecting
    public init(_ engine: any TextDetecting) { self.engine = engine }

    public func detectText(in image: GrayImage) -> [TextObservation] {
        withoutText(engine.detectText(in: image))
    }

    public func finishStream() -> [TextObservation] {
        withoutText((engine as? StreamTextDetecting)?.finishStream() ?? [])
    }

    public func prepare(forFrameSize size: ImageSize) { (engine as? StreamTextDetecting)?.prepare(forFrameSize: size) }

    private func withoutText(_ observations: [TextObservation]) -> [TextObservation] {
        observations.map { observation in
            var box = observation
            box.text = nil
            box.confidence = nil
            return box
        }
    }
}

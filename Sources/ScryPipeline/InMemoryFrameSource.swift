import ScryCore
import Synchronization

/// A frame source held in memory, for tests (as SwiftNIO's `EmbeddedChannel` is to its
/// sockets): it gives the readings it was given, in order, then ends or fails as told. A
/// camera's behaviour is played with it: `.nothingYet` for a poll that timed out, a failure
/// for a disconnect, and a callback per reading for what happens meanwhile (a signal, a slow
/// lane).
public final class InMemoryFrameSource: FrameSource {
    /// What the source does after its readings.
    public enum Ending {
        case end
        case failure(any Error)
    }

    private var readings: [FrameSourceReading]
    private let ending: Ending
    private let onNext: (Int) -> Void
    /// Readings given so far.
    public private(set) var readingsGiven = 0
    /// Whether the run stopped the source.
    public private(set) var isStopped = false

    /// `onNext` runs before each reading is given, with its index (0 for the first).
    public init(_ readings: [FrameSourceReading], then ending: Ending = .end, onNext: @escaping (Int) -> Void = { _ in }) {
        self.readings = readings
        self.ending = ending
        self.onNext = onNext
    }

    /// Frames captured now, one after another.
    public convenience init(frames: [Frame], then ending: Ending = .end, onNext: @escaping (Int) -> Void = { _ in }) {
        self.init(frames.map { .frame($0, captured: .now) }, then: ending, onNext: onNext)
    }

    public func next() throws -> FrameSourceReading {
        onNext(readingsGiven)
        defer { readingsGiven += 1 }
        guard readingsGiven < readings.count else {
            switch ending {
            case .end: return .end
            case .failure(let error): throw error
            }
        }
        let reading = readings[readingsGiven]
        if case .frame(let frame, _) = reading { return .frame(frame, captured: .now) }
        return reading
    }

    public func stop() { isStopped = true }
}

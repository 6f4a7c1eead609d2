import ScryCore
import ScryInput

/// A pen read live (`scry ink --device`): its samples cut into inks at pauses and gaps
/// (`InkSegmenter`), each ink kept as soon as it is complete and recognized on a thread of its
/// own (a `Worker` that drops nothing), so that reading the pen never waits for a recognizer:
/// the kernel's event buffer is small, and a pen not read while a word is recognized loses
/// strokes. Every ink read is recognized, and its line written, before `run` returns.
public struct PenSession {
    /// Why a session stopped before it was asked to.
    public enum Failure: Error {
        /// The pen could not be read (other than unplugged).
        case pen(InputDeviceError)
        /// `keep` threw (the recording could not be written).
        case keeping(any Error)
        /// `write` threw (stdout closed, a full disk): its error.
        case writing(any Error)
    }

    /// How a session that did not fail ended.
    public enum End: Sendable, Equatable {
        /// `shouldStop` said so.
        case stopped
        /// The pen went away.
        case unplugged
    }

    /// What names the inks' lines: "SOURCE#ink=N", N from 1.
    public var source: String
    /// The model's identifier, as the lines give it.
    public var model: String
    /// How long the pen stays up before an ink is complete, in milliseconds.
    public var pause: Double
    /// The surface's larger side in the pen's units: a dot's or dash's gap is measured from
    /// at least 1% of it.
    public var surfaceSize: Double

    public init(source: String, model: String, pause: Double, surfaceSize: Double) {
        self.source = source
        self.model = model
        self.pause = pause
        self.surfaceSize = surfaceSize
    }

    /// An ink complete, its number, how long ago the pen lifted when it was found complete
    /// (milliseconds), and when that was.
    private struct Finished: Sendable {
        var ink: Ink
        var number: Int
        var liftedAgo: Double
        var completed: ContinuousClock.Instant
    }

    /// Reads `pen` until `shouldStop` says so (asked at least every half second) or the pen is
    /// unplugged; the ink being drawn then is complete too. `reading` is called once the
    /// recognizer is ready, just before the pen is first read: a pen drawn on earlier fills the
    /// kernel's small event buffer, which then drops strokes. Each ink, its times in
    /// milliseconds from the start to a tenth, goes to `keep` at once and is read with `read`
    /// in order (whole, or in parts: `InkModel.reader`); a line for each of its readings goes
    /// to `write`, on the recognizer's thread. A recognizer's error is given to `warn` and the
    /// ink's line has no candidates. Returns how it ended and how many inks were read; throws
    /// the first failure, once every ink handed to the recognizer has been dealt with. `read`
    /// and `write` move to the recognizer's thread and are used there only: the caller keeps
    /// no other use of them.
    public func run(
        pen: inout some PenSampleSource,
        read: @escaping InkModel.Read,
        write: @escaping (InkLine) throws -> Void,
        keep: (Ink) throws -> Void,
        warn: @escaping @Sendable (String) -> Void,
        reading: () -> Void = {},
        shouldStop: () -> Bool
    ) throws(Failure) -> (end: End, inks: Int) {
        // The recognizer's first ink costs more (the runtime prepares the model): paid now.
        _ = try? read(Ink(strokes: [Ink.Stroke(points: [.init(x: 0, y: 0), .init(x: 10, y: 10)])]))
        let recognizer = Worker<Finished>(name: "scry-ink", delivery: .everyJob)
        recognizer.start(owning: (read, write)) { [source, model] owned, jobs in
            let (read, write) = owned
            while let finished = jobs.next() {
                let readings: [InkReading]
                do { readings = try read(finished.ink) } catch {
                    warn("\(source)#ink=\(finished.number): \(error)")
                    readings = [InkReading(model: model, candidates: [])]
                }
                let waited = (ContinuousClock.now - finished.completed).nanoseconds
                for reading in readings {
                    try write(
                        InkLine(
                            source: "\(source)#ink=\(finished.number)", model: reading.model, candidates: reading.candidates,
                            penUpMilliseconds: max(0, finished.liftedAgo + Double(waited) / 1e6), part: reading.part))
                }
            }
        }
        reading()
        var count = 0
        var keepFailure: Failure?
        let read = readInks(from: &pen, stopping: { keepFailure != nil || recognizer.failure != nil || shouldStop() }) {
            ink, liftedAgo in
            count += 1
            if keepFailure == nil {
                do { try keep(ink) } catch { keepFailure = .keeping(error) }
            }
            recognizer.post(Finished(ink: ink, number: count, liftedAgo: liftedAgo, completed: .now))
        }
        recognizer.join()
        if let failure = recognizer.failure { throw .writing(failure) }
        if let keepFailure { throw keepFailure }
        do { return (try read.get(), count) } catch { throw .pen(error) }
    }

    /// The reading side: samples into the segmenter until `stopping` says so, the pen is
    /// unplugged or cannot be read; each ink completed (the one being drawn then too) goes to
    /// `complete` with how long ago its pen lifted.
    private func readInks(
        from pen: inout some PenSampleSource, stopping: () -> Bool, complete: (Ink, Double) -> Void
    ) -> Result<End, InputDeviceError> {
        let origin = pen.nowMilliseconds
        var segmenter = InkSegmenter(pause: pause, minimumSize: surfaceSize / 100)
        func completed(_ ink: Ink?, at time: Double) {
            guard let ink else { return }
            complete(ink, max(0, time - (ink.strokes.last?.points.last?.t ?? time)))
        }
        var outcome = Result<End, InputDeviceError>.success(.stopped)
        while !stopping() {
            // Wake when the open ink's pause ends, and at least every half second to look at
            // `stopping`.
            let wait = segmenter.completesAt.map { max(0, Int(($0 - pen.nowMilliseconds + origin).rounded(.up))) } ?? 500
            let samples: [PenSample]
            do throws(InputDeviceError) { samples = try pen.samples(waitingAtMost: min(wait, 500)) } catch {
                outcome = error == .disconnected ? .success(.unplugged) : .failure(error)
                break
            }
            for sample in samples {
                let (x, y, t) = (sample.x, sample.y, ((sample.milliseconds - origin) * 10).rounded() / 10)
                switch sample.phase {
                case .down: completed(segmenter.penDown(x: x, y: y, milliseconds: t), at: pen.nowMilliseconds - origin)
                case .move: segmenter.penMove(x: x, y: y, milliseconds: t)
                case .up: segmenter.penUp(x: x, y: y, milliseconds: t)
                }
            }
            completed(segmenter.pauseEnded(at: pen.nowMilliseconds - origin), at: pen.nowMilliseconds - origin)
        }
        completed(segmenter.finish(), at: pen.nowMilliseconds - origin)
        return outcome
    }
}

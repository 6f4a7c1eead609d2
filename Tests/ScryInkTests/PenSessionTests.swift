import ScryCore
import ScryInput
import Synchronization
import Testing

@testable import ScryInk

/// A pen session fed by the in-memory pen: shapes drawn one after another with a pause between
/// them, cut into inks, kept, and read by the real shapes recognizer on the session's thread.
struct PenSessionTests {
    /// Each ink read whole by `recognize`, as the shapes model.
    private func shapes(_ recognize: @escaping InkModel.Recognize) -> InkModel.Read {
        InkModel.named("shapes")!.reader(recognize)
    }

    private struct Drawing {
        var inks: [Ink] = []
        var samples: [PenSample] = []
    }

    /// `count` hand-drawn shapes, the first starting at 1 s and each 2 s after the last one
    /// lifted, as the pen samples that draw them.
    private func drawing(_ count: Int, seed: UInt64 = 41) -> Drawing {
        var shapes = DrawnShapes(seed: seed)
        var drawing = Drawing()
        var start = 1000.0
        for index in 0..<count {
            let (ink, _) = shapes.shape(ShapeRecognizer.shapes[index % ShapeRecognizer.shapes.count])
            drawing.inks.append(ink)
            let first = ink.strokes.first?.points.first?.t ?? 0
            for stroke in ink.strokes {
                for (position, point) in stroke.points.enumerated() {
                    let phase: PenSample.Phase = position == 0 ? .down : position == stroke.points.count - 1 ? .up : .move
                    drawing.samples.append(PenSample(phase: phase, x: point.x, y: point.y, milliseconds: start + (point.t ?? 0) - first))
                }
            }
            start = (drawing.samples.last?.milliseconds ?? start) + 2000
        }
        return drawing
    }

    private func session() -> PenSession {
        PenSession(source: "pen", model: "zxx-Zsym-x-shapes", pause: 600, surfaceSize: 1000)
    }

    @Test func everyInkIsKeptAndReadInOrderUntilThePenIsUnplugged() throws {
        let drawing = drawing(6)
        var pen = InMemoryPen(samples: drawing.samples)
        let written = Mutex<[InkLine]>([])
        var kept: [Ink] = []
        let recognizer = ShapeRecognizer()
        let ended = try session().run(
            pen: &pen, read: shapes { recognizer.candidates(for: $0) }, write: { line in written.withLock { $0.append(line) } },
            keep: { kept.append($0) }, warn: { _ in }, shouldStop: { false })
        #expect(ended.end == .unplugged)
        #expect(ended.inks == 6)
        let lines = written.withLock { $0 }
        #expect(lines.map(\.source) == (1...6).map { "pen#ink=\($0)" })
        // The session's inks are the shapes as drawn (times from the start), read as the
        // recognizer reads the shapes themselves.
        let keptPoints = kept.map { $0.strokes.map { $0.points.map { [$0.x, $0.y] } } }
        let drawnPoints = drawing.inks.map { $0.strokes.map { $0.points.map { [$0.x, $0.y] } } }
        #expect(keptPoints == drawnPoints, "strokes kept \(kept.map(\.strokes.count)), drawn \(drawing.inks.map(\.strokes.count))")
        for (line, ink) in zip(lines, drawing.inks) {
            #expect(line.candidates.map(\.text) == ShapeRecognizer().candidates(for: ink).map(\.text))
            #expect(line.model == "zxx-Zsym-x-shapes")
        }
        // The pen lifted at least the pause before an ink was complete (the last one ended
        // when the pen went).
        for line in lines.dropLast() { #expect((line.penUpMilliseconds ?? 0) >= 600) }
        // Times are milliseconds from the start: the first shape began 1 s in.
        #expect(kept.first?.strokes.first?.points.first?.t == 1000)
    }

    /// The pen is first read once the recognizer is ready (its first ink, which costs the most,
    /// is read before): "reading" is what tells a user, or a script, to start drawing.
    @Test func readingBeginsOnceTheRecognizerIsReady() throws {
        let drawing = drawing(1)
        var pen = InMemoryPen(samples: drawing.samples)
        let calls = Mutex(0)
        var callsWhenReading: Int?
        _ = try session().run(
            pen: &pen,
            read: shapes { ink in
                calls.withLock { $0 += 1 }
                return ShapeRecognizer().candidates(for: ink)
            },
            write: { _ in }, keep: { _ in }, warn: { _ in },
            reading: {
                callsWhenReading = calls.withLock { $0 }
            }, shouldStop: { false })
        #expect(callsWhenReading == 1)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func anInkHalfDrawnWhenThePenGoesIsReadToo() throws {
        let drawing = drawing(2)
        let half = drawing.samples.count * 3 / 4
        var pen = InMemoryPen(samples: Array(drawing.samples.prefix(half)))
        let written = Mutex(0)
        var kept: [Ink] = []
        let ended = try session().run(
            pen: &pen, read: shapes { ShapeRecognizer().candidates(for: $0) }, write: { _ in written.withLock { $0 += 1 } },
            keep: { kept.append($0) }, warn: { _ in }, shouldStop: { false })
        #expect(ended.end == .unplugged)
        #expect(ended.inks == 2)
        #expect(written.withLock { $0 } == 2)
        #expect(kept.last.map { $0.points.count } == half - drawing.inks[0].points.count)
    }

    @Test func aStopEndsTheSessionAfterTheInksRead() throws {
        let drawing = drawing(4)
        var pen = InMemoryPen(samples: drawing.samples)
        let written = Mutex(0)
        var kept = 0
        let ended = try session().run(
            pen: &pen, read: shapes { ShapeRecognizer().candidates(for: $0) }, write: { _ in written.withLock { $0 += 1 } },
            keep: { _ in kept += 1 }, warn: { _ in }, shouldStop: { kept >= 2 })
        #expect(ended.end == .stopped)
        #expect(ended.inks == 2)
        #expect(written.withLock { $0 } == 2)
    }

    @Test func aLineThatCannotBeWrittenEndsTheSessionWithItsError() {
        struct Closed: Error {}
        let drawing = drawing(5)
        var pen = InMemoryPen(samples: drawing.samples)
        let written = Mutex(0)
        #expect {
            try session().run(
                pen: &pen, read: shapes { ShapeRecognizer().candidates(for: $0) },
                write: { _ in
                    try written.withLock { count in
                        if count == 1 { throw Closed() }
                        count += 1
                    }
                }, keep: { _ in }, warn: { _ in }, shouldStop: { false })
        } throws: { error in
            guard case .writing(let cause) = error as? PenSession.Failure else { return false }
            return cause is Closed
        }
        #expect(written.withLock { $0 } == 1)
    }

    @Test func aRecordingThatFailsStopsReadingButEveryInkReadIsRecognized() {
        struct DiskFull: Error {}
        let drawing = drawing(5)
        var pen = InMemoryPen(samples: drawing.samples)
        let written = Mutex(0)
        var offered = 0
        #expect {
            try session().run(
                pen: &pen, read: shapes { ShapeRecognizer().candidates(for: $0) }, write: { _ in written.withLock { $0 += 1 } },
                keep: { _ in
                    offered += 1
                    if offered == 2 { throw DiskFull() }
                }, warn: { _ in }, shouldStop: { false })
        } throws: { error in
            guard case .keeping(let cause) = error as? PenSession.Failure else { return false }
            return cause is DiskFull
        }
        #expect(offered == 2)
        #expect(written.withLock { $0 } == 2)
    }

    @Test func aRecognizerErrorIsWarnedAndItsInkHasNoCandidates() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        let drawing = drawing(2)
        var pen = InMemoryPen(samples: drawing.samples)
        let written = Mutex<[InkLine]>([])
        let warnings = Mutex<[String]>([])
        // The session's warm-up ink is read first: the call that fails is the first drawn ink.
        let calls = Mutex(0)
        let ended = try session().run(
            pen: &pen,
            read: shapes { ink in
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                if call == 2 { throw Broken() }
                return ShapeRecognizer().candidates(for: ink)
            },
            write: { line in written.withLock { $0.append(line) } }, keep: { _ in },
            warn: { message in warnings.withLock { $0.append(message) } }, shouldStop: { false })
        #expect(ended.inks == 2)
        #expect(warnings.withLock { $0 } == ["pen#ink=1: broken"])
        #expect(written.withLock { $0.map(\.candidates.isEmpty) } == [true, false])
    }
}

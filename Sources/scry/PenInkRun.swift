import ArgumentParser
import Foundation
import Glibc
import ScryCore
import ScryInk
import ScryInput
import Synchronization
import SystemPackage

/// `scry ink --device`: a pen's events, decoded into strokes, cut into inks at pauses and
/// gaps, each kept in the recording as soon as it is complete and recognized on a thread of its
/// own, so that reading the pen never waits for a recognizer (the kernel's event buffer is
/// small: a pen not read while a word is recognized loses strokes). Ends at Ctrl-C (or
/// SIGTERM), when stdout's reader goes, or when the pen is unplugged; the ink being drawn
/// then is recognized too, and every ink read is recognized before scry exits.
struct PenInkRun {
    var path: String
    var record: String?
    var pause: Double
    var model: String
    var recognize: (Ink) throws -> [InkCandidate]
    var output: Output

    /// A complete ink, its number, and when the pen lifted after it (ms from the start).
    private struct Finished: Sendable {
        var ink: Ink
        var number: Int
        var lifted: Double
    }

    /// What the recognizer thread owns; it alone touches it once started.
    private struct RecognizerSide: @unchecked Sendable {
        var recognize: (Ink) throws -> [InkCandidate]
        var output: Output
    }

    func run() throws {
        let display = path.escapedForDisplay
        let (device, description) = try openPen()
        let recording = try record.map(openRecording)
        defer { try? recording?.close() }
        // The recognizer's first ink costs more (the runtime prepares the model): paid now.
        _ = try? recognize(Ink(strokes: [Ink.Stroke(points: [.init(x: 0, y: 0), .init(x: 10, y: 10)])]))
        StopSignal.install()
        printError(
            "ink: reading \(description.kind.rawValue) \"\(description.name)\" on \(display) "
                + "(x \(description.x.minimum)...\(description.x.maximum), y \(description.y.minimum)...\(description.y.maximum)); Ctrl-C stops")

        // Times in the ink are milliseconds from now, to a tenth.
        let origin = Double(InputDevice.nowMicroseconds) / 1000
        let now: @Sendable () -> Double = { Double(InputDevice.nowMicroseconds) / 1000 - origin }
        let recognizer = RecognizerThread(
            RecognizerSide(recognize: recognize, output: output), source: path, model: model, now: now)
        // A dot's or dash's gap is measured from at least 1% of the surface.
        let surface = Double(max(description.x.maximum - description.x.minimum, description.y.maximum - description.y.minimum))
        var segmenter = InkSegmenter(pause: pause, minimumSize: surface / 100)
        var decoder = PenEventDecoder()
        var count = 0
        var readFailure: CommandFailure?

        func complete(_ ink: Ink) {
            count += 1
            if let recording, readFailure == nil { readFailure = keep(ink, in: recording) }
            recognizer.post(Finished(ink: ink, number: count, lifted: ink.strokes.last?.points.last?.t ?? now()))
        }

        var unplugged = false
        while StopSignal.received == nil, readFailure == nil, !recognizer.hasStopped, !output.readerHasGone {
            // Wake when the open ink's pause ends, and at least every half second to look at
            // signals and stdout.
            let wait = segmenter.completesAt.map { max(0, Int(($0 - now()).rounded(.up))) } ?? 500
            do {
                if try device.waitForEvents(milliseconds: min(wait, 500)) {
                    for event in try device.readEvents() {
                        for sample in decoder.take(event) {
                            if let ink = Self.feed(sample, to: &segmenter, origin: origin) { complete(ink) }
                        }
                    }
                }
            } catch {
                if error == .disconnected {
                    unplugged = true
                    break
                }
                readFailure = CommandFailure(message: "\(display): \(error)", status: ExitStatus.ioError)
                break
            }
            if let ink = segmenter.pauseEnded(at: now()) { complete(ink) }
        }
        if let ink = segmenter.finish() { complete(ink) }
        recognizer.finish()
        try end(recognizer: recognizer, readFailure: readFailure, unplugged: unplugged, inks: count)
    }

    /// Gives `sample` to the segmenter, its time in milliseconds from `origin` to a tenth;
    /// returns the ink a pen down completed (the one before it), if any.
    private static func feed(_ sample: PenSample, to segmenter: inout InkSegmenter, origin: Double) -> Ink? {
        let (x, y, t) = (sample.x, sample.y, ((sample.milliseconds - origin) * 10).rounded() / 10)
        switch sample.phase {
        case .down: return segmenter.penDown(x: x, y: y, milliseconds: t)
        case .move: segmenter.penMove(x: x, y: y, milliseconds: t)
        case .up: segmenter.penUp(x: x, y: y, milliseconds: t)
        }
        return nil
    }

    /// Writes `ink` to the recording as one line of ML Kit's JSON; the failure, if it cannot.
    private func keep(_ ink: Ink, in recording: FileDescriptor) -> CommandFailure? {
        var line = Array(ink.json.serialized.utf8)
        line.append(0x0A)
        do { _ = try line.withUnsafeBytes { try recording.writeAll($0) } } catch {
            return CommandFailure(message: "\((record ?? "").escapedForDisplay): cannot write: \(error)", status: ExitStatus.ioError)
        }
        return nil
    }

    /// The pen at `path` and what it is (69, 66, 77 or 4 when it cannot be read as a pen).
    private func openPen() throws -> (InputDevice, PenDeviceDescription) {
        let display = path.escapedForDisplay
        let device: InputDevice
        do { device = try InputDevice(path: path) } catch { throw CommandFailure(error, about: display) }
        guard let description = device.penDescription else {
            throw CommandFailure(message: "\(display): \(InputDeviceError.notAPen(name: device.name))", status: ExitStatus.unavailable)
        }
        return (device, description)
    }

    /// How the run ends, once every ink is recognized: the first failure, a quiet end when
    /// stdout's reader went, status 4 for an unplugged pen, else a summary after a signal.
    private func end(recognizer: RecognizerThread, readFailure: CommandFailure?, unplugged: Bool, inks count: Int) throws {
        let display = path.escapedForDisplay
        if let failure = recognizer.failure.withLock({ $0 }) { throw failure }
        if let readFailure { throw readFailure }
        if recognizer.readerGone.load(ordering: .relaxed) || (!unplugged && StopSignal.received == nil) { throw ExitCode.success }
        let inks = "\(count) ink\(count == 1 ? "" : "s")"
        if unplugged {
            throw CommandFailure(message: "\(display): \(InputDeviceError.disconnected) (\(inks) read)", status: ExitStatus.cameraDisconnected)
        }
        printError("ink: \(inks) from \(display); stopped by \(StopSignal.receivedName() ?? "a signal")")
    }

    /// The thread that recognizes the finished inks in order and writes their lines, so that
    /// reading the pen never waits for a recognizer.
    private final class RecognizerThread: Sendable {
        private let queue = WorkQueue<Finished>()
        /// The first failure to write a line (other than stdout's reader gone).
        let failure = Mutex<CommandFailure?>(nil)
        /// Whether stdout's reader has gone.
        let readerGone = Atomic<Bool>(false)
        private let finished = DispatchSemaphore(value: 0)

        init(_ side: RecognizerSide, source: String, model: String, now: @escaping @Sendable () -> Double) {
            let thread = Thread { [self] in
                while let item = queue.take() {
                    guard !hasStopped else { continue }
                    let candidates: [InkCandidate]
                    do { candidates = try side.recognize(item.ink) } catch {
                        printError("\(source.escapedForDisplay)#ink=\(item.number): \(error)")
                        candidates = []
                    }
                    let line = InkLine(
                        source: "\(source)#ink=\(item.number)", model: model, candidates: candidates,
                        penUpMilliseconds: max(0, now() - item.lifted))
                    do { try side.output.emit(line) } catch {
                        if Output.isClosedOutput(error) {
                            readerGone.store(true, ordering: .relaxed)
                        } else {
                            failure.withLock { $0 = error as? CommandFailure ?? CommandFailure(message: "stdout: \(error)", status: ExitStatus.ioError) }
                        }
                    }
                }
                finished.signal()
            }
            thread.start()
        }

        /// Whether writing has stopped (stdout's reader gone, or a failure).
        var hasStopped: Bool { readerGone.load(ordering: .relaxed) || failure.withLock { $0 != nil } }

        func post(_ item: Finished) { queue.post(item) }

        /// Waits for every ink posted to be recognized and written (or passed over).
        func finish() {
            queue.close()
            finished.wait()
        }
    }

    /// The recording, created empty (73 when it cannot be).
    private func openRecording(_ file: String) throws -> FileDescriptor {
        do { return try FileCreation.create(FilePath(argument: file), startingWith: []) } catch {
            throw CommandFailure(message: "\(file.escapedForDisplay): cannot create: \(error)", status: ExitStatus.cannotCreate)
        }
    }
}

import Glibc
import ScryCore
import ScryPipeline
import Synchronization
import SystemPackage

/// One self-updating line on stderr while a long run works, when stderr is a terminal: how
/// much is done, the rate and the time left (`scry: 12/40 images, 3.1/s, 0:09 left`). It is
/// redrawn at most ten times a second, taken off before any other stderr line (`printError`)
/// and drawn again at the next update, and erased at the end. When stderr is not a terminal
/// (a pipe, a file, a log) there is none, and stderr carries one line per problem only.
final class ProgressLine: Sendable {
    /// The line shown now, if any: what `printError` takes off first.
    private static let shown = Mutex<ProgressLine?>(nil)

    private struct State {
        var lastDrawn: ContinuousClock.Instant?
        var text = ""
        var visible = false
    }

    private let started = ContinuousClock.now
    private let state = Mutex(State())
    /// What is counted, plural ("images", "frames", "pages").
    private let unit: String

    /// A progress line counting `unit`, or nil when stderr is not a terminal (or `TERM` is
    /// `dumb`).
    init?(unit: String) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return nil }
        self.unit = unit
        Self.shown.withLock { $0 = self }
    }

    /// Shows `done` of `total` (nil when unknown) and the share of the work done, `fraction`
    /// (0...1), from which the time left is estimated.
    func update(done: Int, total: Int?, fraction: Double) {
        let now = ContinuousClock.now
        let elapsed = Self.seconds(now - started)
        let percent = Int((max(0, min(1, fraction)) * 100).rounded(.down))
        var text = "scry: \(percent)%, \(done)" + (total.map { "/\($0)" } ?? "") + " \(unit)"
        if elapsed >= 0.5, done > 0 {
            let tenths = Int((Double(done) / elapsed * 10).rounded())
            text += ", \(tenths / 10).\(tenths % 10)/s"
        }
        if elapsed >= 1, fraction > 0.01, fraction < 1 {
            text += ", " + Self.clock(elapsed * (1 - fraction) / fraction) + " left"
        }
        state.withLock { state in
            if let last = state.lastDrawn, now - last < .milliseconds(100) {
                state.text = text
                return
            }
            state.lastDrawn = now
            state.text = text
            state.visible = true
            Self.write("\r" + Self.fitted(text) + "\u{1B}[K")
        }
    }

    /// Erases the line for good.
    func finish() {
        takeOff()
        Self.shown.withLock { if $0 === self { $0 = nil } }
    }

    /// Erases the line until the next update draws it again.
    private func takeOff() {
        state.withLock { state in
            guard state.visible else { return }
            state.visible = false
            state.lastDrawn = nil
            Self.write("\r\u{1B}[K")
        }
    }

    /// Takes the line shown, if any, off the terminal (before another stderr line).
    static func takeOffShownLine() {
        shown.withLock { $0 }?.takeOff()
    }

    /// `text` cut to the terminal's width, so the line never wraps (which `\r` cannot undo).
    private static func fitted(_ text: String) -> String {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return text }
        return String(text.prefix(Int(size.ws_col) - 1))
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = try? bytes.withUnsafeMutableBytes { try FileDescriptor.standardError.writeAll($0) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `seconds` as `m:ss` (or `h:mm:ss`).
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}

/// A frame source that calls `onFrame` with each reading it gives (a frame, or the end), for
/// a progress line.
final class ProgressingFrameSource: FrameSource {
    private let source: any FrameSource
    private let onFrame: (FrameSourceReading) -> Void

    init(_ source: any FrameSource, onFrame: @escaping (FrameSourceReading) -> Void) {
        self.source = source
        self.onFrame = onFrame
    }

    func next() throws -> FrameSourceReading {
        let reading = try source.next()
        onFrame(reading)
        return reading
    }

    func stop() { source.stop() }
}

extension ProgressLine {
    /// A progress line over `source`'s files, when stderr is a terminal and there is more
    /// than one file (or `evenForOne`: a single dump, whose frames take long): a file counts
    /// as done when the next is taken, and a dump being read by the share of its bytes.
    /// `wrapping` is what the run reads (`source`, or a source reading it). Returns the source
    /// to run and the line.
    static func over(
        _ source: FileFrameSource, wrapping: any FrameSource, unit: String, evenForOne: Bool = false
    ) -> (source: any FrameSource, line: ProgressLine?) {
        guard evenForOne || source.inputCount > 1, let line = ProgressLine(unit: unit) else { return (wrapping, nil) }
        let counted = ProgressingFrameSource(wrapping) { reading in
            if case .end = reading {
                line.update(done: source.inputCount, total: source.inputCount, fraction: 1)
            } else {
                line.update(done: max(0, source.inputsOpened - 1), total: source.inputCount, fraction: source.fractionRead)
            }
        }
        return (counted, line)
    }
}

import ScryCore
import ScryNeural

/// The neural engine on a stream: each frame's lines found (live, only when the scene
/// changes), and only the lines that are new or changed read, within a time budget per frame,
/// so the lane keeps taking frames while a page is in view. A line in the same place as one read
/// before (boxes overlapping by half or more, length within 15%, looking alike:
/// `LineFingerprint`) keeps that reading; a line
/// not read yet is not reported until it is, in reading order over the next frames. One
/// thread: its engine's sessions belong to the lane's.
public final class StreamingTextReader: TextDetecting {
    public struct Options: Sendable, Equatable {
        /// How lines are found and read (recognition is always on).
        public var engine: NeuralTextEngine.Options
        public var models: TextModels
        /// Reading new lines stops once the frame has taken this long (at least one line is read
        /// a frame when any waits); nil reads every new line of every frame, which makes the
        /// output independent of timing (a replay in order).
        public var frameBudgetNanoseconds: UInt64?
        /// A reading not matched for this many analysed frames is forgotten (at once when a
        /// frame's lines are found anew and it is not among them).
        public var forgetAfterFrames = 30
        /// A frame showing the same still scene as the last one whose lines were found
        /// (`ImageSignature`) keeps those lines without a detector pass.
        public var reusesStillScenes = false
        /// A second thread reads new lines beside the lane's, at a lower priority
        /// (`LineReadingHelper`).
        public var readsOnTwoThreads = false

        public init(engine: NeuralTextEngine.Options, models: TextModels, frameBudgetNanoseconds: UInt64?) {
            self.engine = engine
            self.engine.recognize = true
            self.models = models
            self.frameBudgetNanoseconds = frameBudgetNanoseconds
        }

        /// A live stream: the still-image detection, run only when the scene changes, and new
        /// lines read for up to 60 ms a frame. (The PP-OCRv4 detector at a shorter side of 352
        /// px, fast enough for every frame, found 43% of the words that PP-OCRv6 at 736 found
        /// 96% of on the book-page benchmark's pages of x-height 5.5-13 px.)
        public static func live(levels: Set<TextLevel>) -> Options {
            var options = Options(
                engine: NeuralTextEngine.Options(levels: levels, recognize: true), models: .ppOCRv6Small,
                frameBudgetNanoseconds: 60_000_000)
            options.reusesStillScenes = true
            options.readsOnTwoThreads = true
            options.engine.detectionThreads = 2
            return options
        }

        /// A replay in order: the still-image engine's detection, every new line read.
        public static func sequential(levels: Set<TextLevel>) -> Options {
            Options(engine: NeuralTextEngine.Options(levels: levels, recognize: true), models: .ppOCRv6Small, frameBudgetNanoseconds: nil)
        }
    }

    public let options: Options
    private let engine: NeuralTextEngine
    private let helper: LineReadingHelper?
    private var frame = 0
    private var remembered: [Reading] = []
    /// The last frame whose lines were found, and its lines.
    private var lastScene: (signature: ImageSignature, lines: [RotatedRectangle])?
    /// Frames that kept the last frame's lines (a still scene).
    public private(set) var stillFrames = 0
    /// Lines read, and lines answered from an earlier reading.
    public private(set) var linesRead = 0
    public private(set) var linesRemembered = 0

    /// A line read in an earlier frame: where it was, what it looked like, and what it gave
    /// (nothing for noise).
    private struct Reading {
        var line: RotatedRectangle
        var bounds: PixelRect
        var look: LineFingerprint
        var observations: [TextObservation]
        var lastFrame: Int
    }

    public init(options: Options, runtime: NeuralRuntime? = nil) throws(NeuralRuntimeError) {
        self.options = options
        engine = try NeuralTextEngine(options: options.engine, models: options.models, runtime: runtime)
        var helperOptions = options.engine
        helperOptions.detectionThreads = nil
        helper = options.readsOnTwoThreads ? LineReadingHelper(options: helperOptions, models: options.models, runtime: runtime) : nil
    }

    /// Lines read by the second thread (`Options.readsOnTwoThreads`).
    public var linesReadByHelper: Int { helperLines }
    private var helperLines = 0

    public func detectText(in image: GrayImage) -> [TextObservation] {
        let clock = ContinuousClock()
        let start = clock.now
        frame += 1
        let lines: [RotatedRectangle]
        let signature = options.reusesStillScenes ? ImageSignature(image) : nil
        // In a still scene the lines are where they were, with the same looks.
        var still = false
        if let signature, let lastScene, lastScene.signature.isSameScene(as: signature), looksUnchanged(lastScene.lines, in: image) {
            stillFrames += 1
            lines = lastScene.lines
            still = true
        } else {
            guard let found = try? engine.detectLines(in: image) else { return [] }
            lines = found
            if let signature { lastScene = (signature, found) }
        }
        // Lines read before keep their readings; the others are read, in order, for as long as
        // the frame's budget lasts (at least one), on this thread and the helper's.
        var pieces = [[TextObservation]](repeating: [], count: lines.count)
        var pending: [Int] = []
        var looks: [LineFingerprint?] = []
        for (index, line) in lines.enumerated() {
            let bounds = NeuralTextEngine.bounds(of: line, in: image)
            let look = still ? nil : LineFingerprint(line, in: image)
            if let known = match(line, bounds, look) {
                remembered[known].lastFrame = frame
                linesRemembered += 1
                pieces[index] = Self.moved(remembered[known].observations, from: remembered[known].line, to: line, in: image)
                continue
            }
            pending.append(index)
            looks.append(look)
        }
        let deadline = options.frameBudgetNanoseconds.map { start + .nanoseconds(Int64($0)) }
        let batch = LineReadingHelper.Batch(image: image, lines: pending.map { lines[$0] }, deadline: deadline)
        let helped = pending.count > 1 && helper?.isReading == true
        if helped { helper!.help(with: batch) }
        var mine = Set<Int>()
        while let next = batch.take() {
            batch.store(next, try? engine.read(batch.lines[next], in: image))
            mine.insert(next)
        }
        if helped { batch.helperDone.wait() }
        for (number, reading) in batch.readings.sorted(by: { $0.key < $1.key }) {
            let index = pending[number]
            linesRead += 1
            if !mine.contains(number) { helperLines += 1 }
            remembered.append(
                Reading(
                    line: lines[index], bounds: NeuralTextEngine.bounds(of: lines[index], in: image),
                    look: looks[number] ?? LineFingerprint(lines[index], in: image), observations: reading, lastFrame: frame))
            pieces[index] = reading
        }
        let observations = pieces.flatMap { $0 }
        // After a new look at the scene, only what it matched stays: a still frame matches by
        // place alone and must not find the last page's lines there.
        remembered.removeAll { still ? frame - $0.lastFrame > options.forgetAfterFrames : $0.lastFrame != frame }
        return observations
    }

    /// Whether up to three of `lines` (first, middle, last) that were read still look as they
    /// did: another page held where the last one was has the same coarse brightness
    /// (`ImageSignature`) but not the same lines.
    private func looksUnchanged(_ lines: [RotatedRectangle], in image: GrayImage) -> Bool {
        let probes = Set([0, lines.count / 2, lines.count - 1].filter { lines.indices.contains($0) })
        for index in probes {
            guard let reading = remembered.first(where: { $0.line == lines[index] }) else { continue }
            if !reading.look.matches(LineFingerprint(lines[index], in: image)) { return false }
        }
        return true
    }

    /// The remembered reading of a line in the same place, of about the same length and
    /// looking the same (another page's line in the same place is read anew); in a still
    /// scene (`look` nil) the place decides.
    private func match(_ line: RotatedRectangle, _ bounds: PixelRect, _ look: LineFingerprint?) -> Int? {
        let candidates = remembered.indices.filter { index in
            let other = remembered[index]
            let ratio = line.length / max(1, other.line.length)
            return ratio > 0.85 && ratio < 1.18 && other.bounds.intersectionOverUnion(bounds) >= 0.5 && (look.map(other.look.matches) ?? true)
        }
        return candidates.max { remembered[$0].bounds.intersectionOverUnion(bounds) < remembered[$1].bounds.intersectionOverUnion(bounds) }
    }

    /// `observations` of a line read at `old`, moved with it to where it is now, `new`.
    private static func moved(
        _ observations: [TextObservation], from old: RotatedRectangle, to new: RotatedRectangle, in image: GrayImage
    ) -> [TextObservation] {
        let dx = new.centre.x - old.centre.x, dy = new.centre.y - old.centre.y
        guard dx != 0 || dy != 0 else { return observations }
        return observations.map { observation in
            var moved = observation
            guard let corners = observation.corners else { return moved }
            let shifted = corners.map { PixelPoint(x: $0.x + dx, y: $0.y + dy) }
            moved.corners = NeuralTextEngine.clamped(shifted, to: image)
            moved.pixelBounds = PixelRect(enclosing: moved.corners!)!
            return moved
        }
    }
}

import Foundation
import ScryCore
import ScryNeural

/// The neural engine on a stream: each frame's lines found (live, only when the scene
/// changes), and only the lines that are new or changed read (live, by threads in the
/// background; else on the lane's thread, within a time budget per frame), so the lane keeps
/// taking frames while a page is in view. A line in the same place as one read before (boxes
/// overlapping by half or more, length within 15%, looking alike: `LineFingerprint`) keeps
/// that reading, and so does a line that moved with the whole scene between two findings
/// (`LineShift`: a page sliding under the camera); a line not read yet is reported without
/// text (live: `reportsLinesBeingRead`) or not at all until it is read. Its engine's sessions
/// belong to the lane's thread.
public final class StreamingTextReader: StreamTextDetecting {
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
        /// Threads that read new lines in the background, at a lower priority
        /// (`BackgroundLineReader`): the lane's thread only finds lines and reports each reading
        /// at the first frame after it comes. 0 reads them on the lane's thread, within
        /// `frameBudgetNanoseconds`.
        public var backgroundReaders = 0
        /// With background readers: the lines handed to them and not read this long after are
        /// read by the lane's thread itself in a still scene, oldest first, within
        /// `frameBudgetNanoseconds` a frame (at least one; the readers, at a lower priority, may
        /// get no CPU on a busy machine), except the lines a reader has taken already
        /// (`takenLineDeadlineNanoseconds`); nil leaves every line to the readers.
        public var readingDeadlineNanoseconds: UInt64?
        /// With `readingDeadlineNanoseconds`: a line a background reader has taken and not read
        /// this long after it was asked for is read by the lane's thread too (its reader, at a
        /// lower priority, may be starved mid-line); nil leaves such lines to their readers.
        /// Sooner, both would read it and one reading would be thrown away.
        public var takenLineDeadlineNanoseconds: UInt64?
        /// Lines not read yet are reported at once, as boxes without text, until their reading
        /// comes (live, so that the lane reports a new page's lines in the frame they are
        /// found); else they are left out until then.
        public var reportsLinesBeingRead = false
        /// With background readers and `reusesStillScenes`: while the scene moves and lines
        /// of the last finding still wait for a reader, the lane's thread reads them itself,
        /// within `frameBudgetNanoseconds` a frame (at least one), instead of finding the
        /// frame's lines anew (`readsInsteadOfLooking`), for at most this long after that
        /// finding; nil finds every moving frame's lines. A finding takes as much CPU as
        /// reading a page's lines: the lines read while a page slides are carried to where it
        /// stops (`LineShift`).
        public var readingPauseNanoseconds: UInt64?
        /// With background readers and `reusesStillScenes`: while lines of the last finding
        /// still wait for a reader, a frame whose whole scene moved (or changed around the
        /// lines) since the lines were placed keeps them, moved, without a detector pass, when
        /// the move checks out (`followedMove`): the frame reports its lines, with the readings
        /// made so far, and the lane's thread reads what waits, within
        /// `frameBudgetNanoseconds` (at least one line). Once nothing waits, the scene is
        /// looked at anew (a finding), for the lines that came into view meanwhile.
        public var followsSceneMoves = false

        public init(engine: NeuralTextEngine.Options, models: TextModels, frameBudgetNanoseconds: UInt64?) {
            self.engine = engine
            self.engine.recognize = true
            self.models = models
            self.frameBudgetNanoseconds = frameBudgetNanoseconds
        }

        /// A live stream: the still-image detection, run only when the scene changes (on two
        /// threads), and new lines read in the background by `readers(besides:)` threads (by the lane's
        /// thread, 60 ms a frame, if their models do not load; lines left waiting 0.4 s, by the
        /// lane's thread in a still scene, 60 ms of them a frame), reported at once without
        /// text until they are read. (The PP-OCRv4 detector at a shorter side of 352 px, fast
        /// enough for every frame, found 43% of the words that PP-OCRv6 at 736 found 96% of on
        /// the book-page benchmark's pages of x-height 5.5-13 px.)
        public static func live(levels: Set<TextLevel>, otherLanes: Int = 0) -> Options {
            var options = Options(
                engine: NeuralTextEngine.Options(levels: levels, recognize: true), models: .ppOCRv6Small,
                frameBudgetNanoseconds: 60_000_000)
            options.reusesStillScenes = true
            options.backgroundReaders = readers(besides: otherLanes)
            options.readingDeadlineNanoseconds = readingDeadline
            options.takenLineDeadlineNanoseconds = takenLineDeadline
            options.reportsLinesBeingRead = true
            options.readingPauseNanoseconds = readingPause
            options.followsSceneMoves = true
            options.engine.detectionThreads = 2
            options.engine.fixesDetectionSize = true
            return options
        }

        /// Background readers for a live stream whose text lane shares the run with
        /// `otherLanes` lanes: one for each core those lanes leave, at least one and at most
        /// two. Each reader holds a compiled recognizer of its own (about 55 MB with its
        /// prepared shapes), and a reader without a core of its own only waits: on two cores,
        /// the text lane alone has two, beside the barcode lane (the default) or every lane,
        /// one (docs/lanes-benchmark.md).
        public static func readers(besides otherLanes: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
            min(2, max(1, cores - otherLanes))
        }

        /// How long a live stream's line may wait for the background readers before the
        /// lane's thread reads it: readers with a core to themselves read a line in about
        /// 40 ms, so the lane's thread joins in on a long page, and takes over when the other
        /// lanes leave the readers no CPU.
        public static let readingDeadline: UInt64 = 400_000_000

        /// How long a live stream's line that a background reader has taken may go unread
        /// before the lane's thread reads it too: four times `readingDeadline`. A reader read
        /// a line in 40-170 ms on `scripts/bench-all`'s scenes, at its lower priority beside
        /// the lane; with the lane reading every overdue line, taken or not, 42 of the 188
        /// readings there read a line a second time (docs/lanes-benchmark.md).
        public static let takenLineDeadline: UInt64 = 4 * readingDeadline

        /// How long a live stream's lane may go on reading its last finding's lines while the
        /// scene moves before it finds the lines anew: chosen on `scripts/bench-all`'s scenes
        /// (docs/lanes-benchmark.md), where 1 s gave the text sooner than 0.5 s and 0.25 s,
        /// with every lane on and alone.
        public static let readingPause: UInt64 = 1_000_000_000

        /// A replay in order: the still-image engine's detection, every new line read.
        public static func sequential(levels: Set<TextLevel>) -> Options {
            Options(engine: NeuralTextEngine.Options(levels: levels, recognize: true), models: .ppOCRv6Small, frameBudgetNanoseconds: nil)
        }
    }

    public let options: Options
    public var reportsLinesBeforeReading: Bool { options.reportsLinesBeingRead }
    private let engine: NeuralTextEngine
    private let background: BackgroundLineReader?
    /// Lines handed to the background readers and not read yet, by ticket.
    private var asked: [Int: Asked] = [:]
    private var nextTicket = 0
    /// How many times the lines were found; a line asked for at an earlier finding is checked
    /// against the last one's lines when its reading comes (the scene may have changed).
    private var findings = 0
    /// The last finding's lines, and their looks, in its order.
    private var sceneLines: [RotatedRectangle] = []
    private var sceneLooks: [LineFingerprint] = []
    /// Findings that found the last finding's lines moved (`LineShift`), and whose readings
    /// and lines being read were moved with them.
    public private(set) var shiftsFollowed = 0
    /// The move the last `detectText` followed, if any (`LineShift`).
    public private(set) var lastSceneMove: PixelPoint?
    private var frame = 0
    private var remembered: [Reading] = []
    /// The last frame whose lines were found, and its lines.
    private var lastScene: (signature: ImageSignature, lines: [RotatedRectangle])?
    /// Frames that kept the last frame's lines (a still scene).
    public private(set) var stillFrames = 0
    /// Lines read, and lines answered from an earlier reading.
    public private(set) var linesRead = 0
    public private(set) var linesRemembered = 0
    /// Lines the lane's thread read itself because they had waited past the reading deadline.
    public private(set) var linesReadPastDeadline = 0
    /// Lines read both by the lane's thread and by a background reader (the second reading is
    /// dropped): past `Options.takenLineDeadlineNanoseconds` only.
    public private(set) var linesReadTwice = 0
    /// Lines handed to the background readers that left the view before their reading came
    /// (reported as boxes, never with their text; a line that moved with its page is asked for
    /// again where it is, and not counted).
    public private(set) var linesLeftUnread = 0

    /// A line handed to the background readers: where it was in the frame it is read in, what
    /// it looked like, at which finding, in which frame, and when; and where it is now (moved
    /// with the scene since, `LineShift`).
    private struct Asked {
        var line: RotatedRectangle
        var bounds: PixelRect
        var look: LineFingerprint
        var finding: Int
        var image: GrayImage
        var at: ContinuousClock.Instant
        var current: RotatedRectangle
        var currentBounds: PixelRect
    }

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
        var readerOptions = options.engine
        readerOptions.detectionThreads = nil
        let background = options.backgroundReaders > 0
            ? BackgroundLineReader(threads: options.backgroundReaders, options: readerOptions, models: options.models, runtime: runtime)
            : nil
        // Readers whose engines did not load leave the reading to the lane's thread.
        self.background = background?.isReading == true ? background : nil
    }

    /// Finds the lines of a blank frame of `size`: the detector's first run on a stream
    /// compiles it for the frame's size (with `fixesDetectionSize`) and prepares its kernels,
    /// 0.6 s on `scripts/bench-all`'s 1280x720 scenes against about 0.2 s for each later
    /// finding; done before the stream's first frame, the first page's lines are found that
    /// much sooner.
    public func prepare(forFrameSize size: ImageSize) {
        guard size.width > 0, size.height > 0 else { return }
        let blank = GrayImage(width: size.width, height: size.height, pixels: [UInt8](repeating: 255, count: size.width * size.height))
        _ = try? engine.detectLines(in: blank)
    }

    /// The size the detector was compiled for (`NeuralTextEngine.fixedDetectionSize`).
    var fixedDetectionSize: ImageSize? { engine.fixedDetectionSize }

    /// The last frame looked at, for `finishStream`.
    private var lastImage: GrayImage?
    /// The last frame given, when it was spent reading instead of looked at.
    private var lastUnlookedImage: GrayImage?
    /// When the last finding of the lines ended.
    private var lastFindingEnded: ContinuousClock.Instant?
    /// Readings the lane's thread made in frames it did not look at, for the next frame it does.
    private var readInstead: [(ticket: Int, observations: [TextObservation]?)] = []
    /// Frames the lane's thread spent reading instead of looking at them.
    public private(set) var framesSpentReading = 0
    /// The brightness profiles of the frame where the lines were last placed (found, or
    /// followed), for `followedMove`.
    private var sceneProfiles: SceneProfiles?
    /// Whether a frame's lines were followed rather than found since the last finding: the
    /// scene is looked at anew once no line waits for a reader.
    private var followedSinceFinding = false
    /// Frames whose lines were followed from the frame before rather than found
    /// (`Options.followsSceneMoves`).
    public private(set) var framesFollowed = 0
    /// Lines handed to the background readers and not read yet; nil without readers.
    public var linesWaitingToBeRead: Int? { background == nil ? nil : asked.count }

    /// How a frame's lines came: found by the detector, kept from a still scene, or followed
    /// with the scene's move (`followedMove`).
    private enum Placing { case found, still, followed }

    /// Whether this frame goes to reading the last finding's lines instead of being looked at
    /// (`Options.readingPauseNanoseconds`): the scene is not the last finding's still scene,
    /// that finding ended less than the pause ago, and some of its lines (or earlier ones)
    /// still wait for a reader. The lane's thread then reads the oldest of them, within the
    /// frame's budget (at least one), and the frame gives no lines; their readings are reported
    /// at the next frame looked at, where the lines are then.
    public func readsInsteadOfLooking(at image: GrayImage) -> Bool {
        guard let background, let pause = options.readingPauseNanoseconds, let lastFindingEnded, let lastScene,
            ContinuousClock.now - lastFindingEnded < .nanoseconds(Int64(pause)),
            !lastScene.signature.isSameScene(as: ImageSignature(image)),
            followedMove(to: image) == nil
        else { return false }
        let read = readWaitingLines(background)
        guard !read.isEmpty else { return false }
        readInstead += read
        framesSpentReading += 1
        lastUnlookedImage = image
        return true
    }

    /// The lines waiting for the background readers read on the lane's thread, oldest first,
    /// within the frame's budget (at least one); the others are handed back, in order.
    private func readWaitingLines(_ background: BackgroundLineReader) -> [(ticket: Int, observations: [TextObservation]?)] {
        let waiting = background.withdrawWaiting()
        guard !waiting.isEmpty else { return [] }
        let clock = ContinuousClock()
        let start = clock.now
        var read: [(ticket: Int, observations: [TextObservation]?)] = []
        repeat {
            let job = waiting[read.count]
            read.append((job.ticket, try? engine.read(job.line, in: job.image)))
        } while read.count < waiting.count && options.frameBudgetNanoseconds.map({ clock.now < start + .nanoseconds(Int64($0)) }) ?? true
        background.read(Array(waiting[read.count...]))
        return read
    }

    /// How far the whole scene moved since the frame where the lines were last placed, and
    /// which of the last finding's lines are then in view, when the lines can be followed
    /// there instead of found (`Options.followsSceneMoves`): lines wait for a reader, the
    /// frames' brightness profiles agree on a move of at most a sixth of the frame each way
    /// (`SceneProfiles`), and up to five of the lines in view, spread over them, look at their
    /// moved places as they did when found, correlating `followedLookCorrelation` or more
    /// (`LineFingerprint`). A scene that turned, zoomed or was replaced fails the looks. A line
    /// is in view when no corner of its box lies further outside the frame than half its
    /// thickness (a line at the frame's edge was found so).
    private func followedMove(to image: GrayImage) -> (shift: LineShift, inView: [Int], profiles: SceneProfiles)? {
        guard options.followsSceneMoves, background != nil, !asked.isEmpty, let sceneProfiles, !sceneLines.isEmpty else { return nil }
        let profiles = SceneProfiles(image)
        guard let move = profiles.move(since: sceneProfiles, maximumX: image.width / 6, maximumY: image.height / 6) else { return nil }
        let shift = LineShift(dx: Double(move.dx), dy: Double(move.dy))
        let inView = sceneLines.indices.filter { index in
            let margin = sceneLines[index].thickness / 2
            return shift.applied(to: sceneLines[index]).corners.allSatisfy {
                $0.x >= -margin && $0.y >= -margin && $0.x <= Double(image.width) + margin && $0.y <= Double(image.height) + margin
            }
        }
        guard !inView.isEmpty else { return nil }
        let probeCount = min(5, inView.count)
        let probes = Set((0..<probeCount).map { inView[probeCount == 1 ? 0 : $0 * (inView.count - 1) / (probeCount - 1)] })
        guard probes.allSatisfy({
            LineFingerprint(shift.applied(to: sceneLines[$0]), in: image).correlation(with: sceneLooks[$0]) >= Self.followedLookCorrelation
        }) else { return nil }
        return (shift, inView, profiles)
    }

    /// How closely a followed line's look at its moved place must correlate with its look when
    /// found: on `scripts/bench-all`'s scenes, pairs of different lines of about the same
    /// length (on one page, or the next page's line at the same place) correlated 0.57 at the
    /// median and at most 0.757 (725 pairs), the same line moved with its page 0.99998 or more.
    static let followedLookCorrelation: Float = 0.85

    public func detectText(in image: GrayImage) -> [TextObservation] {
        lastImage = image
        lastUnlookedImage = nil
        lastSceneMove = nil
        if let background { return detectTextReadingInBackground(image, background) }
        let clock = ContinuousClock()
        let start = clock.now
        frame += 1
        guard let (lines, placing) = lines(in: image) else { return [] }
        let still = placing != .found
        // Lines read before keep their readings; the others are read, in order, for as long as
        // the frame's budget lasts (at least one).
        var pieces = [[TextObservation]](repeating: [], count: lines.count)
        let deadline = options.frameBudgetNanoseconds.map { start + .nanoseconds(Int64($0)) }
        var readOne = false
        var read: [Reading] = []
        for (index, line) in lines.enumerated() {
            let bounds = NeuralTextEngine.bounds(of: line, in: image)
            if let known = match(line, bounds, sceneLooks[index], in: image) {
                remembered[known].lastFrame = frame
                linesRemembered += 1
                pieces[index] = Self.moved(remembered[known].observations, from: remembered[known].line, to: line, in: image)
                continue
            }
            if readOne, let deadline, clock.now >= deadline {
                if options.reportsLinesBeingRead { pieces[index] = [NeuralTextEngine.box(of: line, in: image)] }
                continue
            }
            readOne = true
            guard let reading = try? engine.read(line, in: image) else { continue }
            linesRead += 1
            read.append(Reading(line: line, bounds: bounds, look: sceneLooks[index], observations: reading, lastFrame: frame))
            pieces[index] = reading
        }
        remembered += read
        let observations = pieces.flatMap { $0 }
        // After a new look at the scene, only what it matched stays.
        remembered.removeAll { still ? frame - $0.lastFrame > options.forgetAfterFrames : $0.lastFrame != frame }
        return observations
    }

    /// A frame with the reading done by `background`: the lines found as `detectText` finds
    /// them; readings finished since the last frame remembered (one asked for at an earlier
    /// finding only when a line of the last finding is the same line); lines read before
    /// reported; the others handed to the readers in reading order, each once.
    private func detectTextReadingInBackground(_ image: GrayImage, _ background: BackgroundLineReader) -> [TextObservation] {
        frame += 1
        guard let (lines, placing) = lines(in: image) else { return [] }
        let still = placing != .found
        // Whether a line asked for at an earlier finding is among this frame's lines, where it
        // was (its reading can be used).
        func isInView(_ job: Asked) -> Bool {
            job.finding == findings || lines.indices.contains {
                Self.isSameLine(
                    job.current, job.currentBounds, job.look, as: lines[$0], NeuralTextEngine.bounds(of: lines[$0], in: image), sceneLooks[$0],
                    in: image)
            }
        }
        // A line not where it was may have moved with the page (one of this frame's lines is as
        // long and looks the same): it is asked for again there, and is not counted as left
        // unread.
        func leftUnread(_ job: Asked) {
            let moved = lines.indices.contains { index in
                let ratio = job.line.length / max(1, lines[index].length)
                return ratio > 0.85 && ratio < 1.18 && job.look.matches(sceneLooks[index])
            }
            if !moved { linesLeftUnread += 1 }
        }
        if !still {
            // Lines of another look at the scene that no reader has taken yet are asked anew;
            // those no longer in view leave it unread.
            for withdrawn in background.withdrawWaiting() {
                guard let job = asked.removeValue(forKey: withdrawn.ticket) else { continue }
                if !isInView(job) { leftUnread(job) }
            }
        }
        var readings = readInstead + background.finished().map { ($0.ticket, $0.observations) }
        readInstead = []
        if placing == .followed {
            // The scene moves: this thread reads what waits, as in a frame spent reading.
            readings += readWaitingLines(background)
        } else if let deadline = options.readingDeadlineNanoseconds, placing == .still {
            // Lines the readers have not read in time, in a still scene (while it changes, this
            // thread's time goes to finding its lines): this thread reads them, oldest first,
            // for as long as the frame's budget lasts (at least one); the lines waiting behind
            // them stay in the readers' queue, in order.
            // A line a reader has taken is read here too only past its own deadline.
            let clock = ContinuousClock()
            let start = clock.now
            let frameDeadline = options.frameBudgetNanoseconds.map { start + .nanoseconds(Int64($0)) }
            let readAlready = Set(readings.map(\.0))
            var overdue = overdueLines(deadline: deadline).filter { !readAlready.contains($0) }
            if !overdue.isEmpty {
                let waiting = background.withdrawWaiting()
                let waitingTickets = Set(waiting.map(\.ticket))
                let takenOverdue = Set(options.takenLineDeadlineNanoseconds.map { overdueLines(deadline: max(deadline, $0)) } ?? [])
                overdue.removeAll { !waitingTickets.contains($0) && !takenOverdue.contains($0) }
                var readHere = Set<Int>()
                while let ticket = overdue.first, readHere.isEmpty || frameDeadline.map({ clock.now < $0 }) ?? false {
                    overdue.removeFirst()
                    let job = asked[ticket]!
                    linesReadPastDeadline += 1
                    readHere.insert(ticket)
                    readings.append((ticket, try? engine.read(job.line, in: job.image)))
                }
                background.read(waiting.filter { !readHere.contains($0.ticket) })
            }
        }
        for (ticket, observations) in readings {
            guard let job = asked.removeValue(forKey: ticket) else {
                // Only a line's second reading finds it gone: withdrawn lines are read by no one.
                linesReadTwice += 1
                continue
            }
            guard let observations else { continue }
            guard isInView(job) else {
                leftUnread(job)
                continue
            }
            linesRead += 1
            remembered.append(Reading(
                line: job.current, bounds: job.currentBounds, look: job.look,
                observations: Self.moved(observations, from: job.line, to: job.current, in: image), lastFrame: frame))
        }
        var pieces = [[TextObservation]](repeating: [], count: lines.count)
        var jobs: [BackgroundLineReader.Job] = []
        for (index, line) in lines.enumerated() {
            let bounds = NeuralTextEngine.bounds(of: line, in: image)
            if let known = match(line, bounds, sceneLooks[index], in: image) {
                remembered[known].lastFrame = frame
                linesRemembered += 1
                pieces[index] = Self.moved(remembered[known].observations, from: remembered[known].line, to: line, in: image)
                continue
            }
            if options.reportsLinesBeingRead { pieces[index] = [NeuralTextEngine.box(of: line, in: image)] }
            if asked.values.contains(where: {
                Self.isSameLine($0.current, $0.currentBounds, $0.look, as: line, bounds, sceneLooks[index], in: image)
            }) { continue }
            asked[nextTicket] = Asked(
                line: line, bounds: bounds, look: sceneLooks[index], finding: findings, image: image, at: ContinuousClock.now,
                current: line, currentBounds: bounds)
            jobs.append(BackgroundLineReader.Job(ticket: nextTicket, image: image, line: line))
            nextTicket += 1
        }
        background.read(jobs)
        remembered.removeAll { still ? frame - $0.lastFrame > options.forgetAfterFrames : $0.lastFrame != frame }
        return pieces.flatMap { $0 }
    }

    /// The lines asked for more than `deadline` nanoseconds ago and not read yet, oldest first.
    private func overdueLines(deadline: UInt64) -> [Int] {
        let now = ContinuousClock.now
        return asked.filter { (now - $0.value.at).nanoseconds > deadline }.sorted { $0.value.at < $1.value.at }.map(\.key)
    }

    /// Makes the background readers hold the lines they take, unread, until
    /// `releaseBackgroundReaders` (tests: readers that get no CPU).
    func holdBackgroundReaders() { background?.hold() }

    /// Lets the background readers read again.
    func releaseBackgroundReaders() { background?.release() }

    /// Waits until the held background readers have taken `count` lines.
    func waitUntilBackgroundReadersHold(_ count: Int) { background?.waitUntilHolding(count) }

    /// The last frame's observations once every line asked for has been read (read in the
    /// background; else nothing: the lane's thread read what it reported).
    public func finishStream() -> [TextObservation] {
        guard let background else { return [] }
        // The last frame was spent reading: its lines are found (and asked for) first, so that
        // what is reported is what it shows.
        if let unlooked = lastUnlookedImage {
            lastUnlookedImage = nil
            lastImage = unlooked
            _ = detectTextReadingInBackground(unlooked, background)
        }
        guard let lastImage else { return [] }
        background.waitUntilDone()
        // The last frame's lines as they were placed: a scene followed to its end is not looked
        // at anew, which would leave the lines it finds unread.
        followedSinceFinding = false
        return detectTextReadingInBackground(lastImage, background)
    }

    /// The frame's lines, and whether they are the last frame's (a still scene, whose lines are
    /// where they were, with the same looks); nil when the detector failed. Lines found anew
    /// are a new finding, with their looks in `sceneLooks`.
    private func lines(in image: GrayImage) -> (lines: [RotatedRectangle], placing: Placing)? {
        let signature = options.reusesStillScenes ? ImageSignature(image) : nil
        if let signature, let lastScene, lastScene.signature.isSameScene(as: signature), looksUnchanged(lastScene.lines, in: image),
            !(followedSinceFinding && asked.isEmpty)
        {
            stillFrames += 1
            return (lastScene.lines, .still)
        }
        if let signature, let followed = followedMove(to: image) {
            // The lines in view, moved with the scene; the readings and the lines being read
            // go with them.
            if !followed.shift.isNegligible { follow(followed.shift, in: image) }
            sceneLines = followed.inView.map { followed.shift.applied(to: sceneLines[$0]) }
            sceneLooks = followed.inView.map { sceneLooks[$0] }
            sceneProfiles = followed.profiles
            lastScene = (signature, sceneLines)
            followedSinceFinding = true
            framesFollowed += 1
            return (sceneLines, .followed)
        }
        guard let found = try? engine.detectLines(in: image) else { return nil }
        if let signature { lastScene = (signature, found) }
        findings += 1
        let looks = found.map { LineFingerprint($0, in: image) }
        let shift = LineShift.between(
            zip(sceneLines, sceneLooks).map { LineShift.Sighting(line: $0, look: $1) },
            zip(found, looks).map { LineShift.Sighting(line: $0, look: $1) })
        if let shift, !shift.isNegligible { follow(shift, in: image) }
        sceneLines = found
        sceneLooks = looks
        sceneProfiles = options.followsSceneMoves ? SceneProfiles(image) : nil
        followedSinceFinding = false
        lastFindingEnded = ContinuousClock.now
        return (found, .found)
    }

    /// Moves the readings and the lines being read by the scene's move since the last finding,
    /// so that they match the lines where they are now (a line read while a page slid under
    /// the camera keeps its reading when the page stops).
    private func follow(_ shift: LineShift, in image: GrayImage) {
        shiftsFollowed += 1
        lastSceneMove = PixelPoint(x: shift.dx, y: shift.dy)
        for index in remembered.indices {
            let moved = shift.applied(to: remembered[index].line)
            remembered[index].observations = Self.moved(remembered[index].observations, from: remembered[index].line, to: moved, in: image)
            remembered[index].line = moved
            remembered[index].bounds = shift.applied(to: remembered[index].bounds)
        }
        for ticket in asked.keys {
            asked[ticket]!.current = shift.applied(to: asked[ticket]!.current)
            asked[ticket]!.currentBounds = shift.applied(to: asked[ticket]!.currentBounds)
        }
    }

    /// Whether two sightings are of one line: boxes overlapping by half or more, lengths
    /// within 15%, and alike to look at.
    private static func isSameLine(
        _ line: RotatedRectangle, _ bounds: PixelRect, _ look: LineFingerprint,
        as other: RotatedRectangle, _ otherBounds: PixelRect, _ otherLook: LineFingerprint
    ) -> Bool {
        let ratio = line.length / max(1, other.length)
        return ratio > 0.85 && ratio < 1.18 && bounds.intersectionOverUnion(otherBounds) >= 0.5 && look.matches(otherLook)
    }

    /// Whether a line found in `image` is a line seen before (`earlier`, with its look then):
    /// `isSameLine`, or, where the detector drew the line's box a little differently this time
    /// (a box's end a few pixels further, which changes its look), the boxes overlap by 0.8 or
    /// more, their lengths are within 15%, and the earlier box still shows what it showed
    /// (`followedLookCorrelation`). A neighbour in a turned page overlaps by about half, and
    /// another page's line in the same place does not look like this one.
    private static func isSameLine(
        _ earlier: RotatedRectangle, _ earlierBounds: PixelRect, _ earlierLook: LineFingerprint,
        as line: RotatedRectangle, _ bounds: PixelRect, _ look: LineFingerprint, in image: GrayImage
    ) -> Bool {
        if isSameLine(earlier, earlierBounds, earlierLook, as: line, bounds, look) { return true }
        let ratio = earlier.length / max(1, line.length)
        guard ratio > 0.85, ratio < 1.18, earlierBounds.intersectionOverUnion(bounds) >= 0.8 else { return false }
        return LineFingerprint(earlier, in: image).correlation(with: earlierLook) >= followedLookCorrelation
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
    /// looking the same: another page's line in the same place is read anew, and so is a
    /// neighbour in a turned page, whose box overlaps this line's by half.
    private func match(_ line: RotatedRectangle, _ bounds: PixelRect, _ look: LineFingerprint, in image: GrayImage) -> Int? {
        let candidates = remembered.indices.filter { index in
            Self.isSameLine(remembered[index].line, remembered[index].bounds, remembered[index].look, as: line, bounds, look, in: image)
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

import Foundation
import ScryCore
import ScryTestSupport
import Testing

@testable import ScryNeuralText

/// The threads that read a live stream's new lines, and the stream reader that uses them.
@Suite struct BackgroundLineReaderTests {
    /// Waits for readings until `count` have come (or ten minutes have passed: a check that
    /// the threads are alive, not of their speed).
    func readings(_ reader: BackgroundLineReader, count: Int) -> [BackgroundLineReader.Reading] {
        var readings: [BackgroundLineReader.Reading] = []
        let patience = ContinuousClock.now + .seconds(600)
        while readings.count < count, ContinuousClock.now < patience {
            readings += reader.finished()
            Thread.sleep(forTimeInterval: 0.01)
        }
        return readings
    }

    @Test func theReadersReadEveryLineAsTheLanesEngineDoes() throws {
        let page = try demoPage()
        let options = NeuralTextEngine.Options(levels: [.line, .word], recognize: true)
        let engine = try NeuralTextEngine(options: options)
        let lines = try engine.detectLines(in: page)
        try #require(lines.count >= 5)
        let reader = BackgroundLineReader(threads: 2, options: options, models: .ppOCRv6Small, runtime: nil)
        #expect(reader.isReading)
        reader.read(lines.enumerated().map { BackgroundLineReader.Job(ticket: 100 + $0.offset, image: page, line: $0.element) })
        let read = readings(reader, count: lines.count)
        #expect(Set(read.map(\.ticket)) == Set(lines.indices.map { 100 + $0 }))
        for reading in read {
            #expect(reading.observations == (try engine.read(lines[reading.ticket - 100], in: page)))
        }
        #expect(reader.finished().isEmpty)
    }

    @Test func withdrawnLinesAreNotRead() throws {
        let page = try demoPage()
        let options = NeuralTextEngine.Options(recognize: true)
        let lines = try NeuralTextEngine(options: options).detectLines(in: page)
        let reader = BackgroundLineReader(threads: 1, options: options, models: .ppOCRv6Small, runtime: nil)
        #expect(reader.isReading)
        // The page's lines four times over: more than one thread takes at once.
        let jobs = (0..<4 * lines.count).map { BackgroundLineReader.Job(ticket: $0, image: page, line: lines[$0 % lines.count]) }
        reader.read(jobs)
        let withdrawn = reader.withdrawWaiting().map(\.ticket)
        #expect(!withdrawn.isEmpty)
        #expect(reader.withdrawWaiting().isEmpty)
        // What was taken before the withdrawal is read; nothing withdrawn is.
        let read = readings(reader, count: jobs.count - withdrawn.count)
        #expect(Set(read.map(\.ticket)).isDisjoint(with: withdrawn))
        #expect(read.count + withdrawn.count == jobs.count)
    }

    /// Shows `page` to `reader` frame after frame until it reports `count` lines.
    func frames(of page: GrayImage, to reader: StreamingTextReader, until count: Int) -> [TextObservation] {
        var observations: [TextObservation] = []
        let patience = ContinuousClock.now + .seconds(600)
        while observations.filter({ $0.level == .line }).count < count, ContinuousClock.now < patience {
            observations = reader.detectText(in: page)
            Thread.sleep(forTimeInterval: 0.01)
        }
        return observations
    }

    @Test func aStreamReadInTheBackgroundGivesWhatTheLanesThreadGives() throws {
        let page = try demoPage()
        let expected = try StreamingTextReader(options: .sequential(levels: [.line, .word])).detectText(in: page)
        let lineCount = expected.filter { $0.level == .line }.count
        try #require(lineCount >= 5)
        var options = StreamingTextReader.Options.sequential(levels: [.line, .word])
        options.backgroundReaders = 2
        let reader = try StreamingTextReader(options: options)
        // The first frame reports nothing: its lines are being read.
        #expect(reader.detectText(in: page).isEmpty)
        #expect(frames(of: page, to: reader, until: lineCount) == expected)
        #expect(reader.linesRead == lineCount)
    }

    @Test func linesBeingReadAreReportedAsBoxesUntilTheirReadingsCome() throws {
        let page = try demoPage()
        let expected = try StreamingTextReader(options: .sequential(levels: [.line, .word])).detectText(in: page)
        try #require(expected.filter { $0.level == .line }.count >= 5)
        var options = StreamingTextReader.Options.sequential(levels: [.line, .word])
        options.backgroundReaders = 2
        options.reportsLinesBeingRead = true
        let reader = try StreamingTextReader(options: options)
        #expect(reader.reportsLinesBeforeReading)
        // The first frame: every line found, as a box without text (a line that will read as
        // noise too), and no words yet.
        let first = reader.detectText(in: page)
        #expect(first.allSatisfy { $0.level == .line && $0.text == nil && $0.confidence == nil && $0.corners != nil })
        let boxes = first.map(\.pixelBounds)
        for line in expected where line.level == .line { #expect(boxes.contains(line.pixelBounds), "\(line.pixelBounds)") }
        // Frame after frame, the readings replace the boxes, until the page is as read in order.
        var observations = first
        let patience = ContinuousClock.now + .seconds(600)
        while observations.contains(where: { $0.text == nil }), ContinuousClock.now < patience {
            Thread.sleep(forTimeInterval: 0.01)
            observations = reader.detectText(in: page)
        }
        #expect(observations == expected)
    }

    @Test func theLinesStillBeingReadAreReportedWhenTheStreamEnds() throws {
        let page = try demoPage()
        let expected = try StreamingTextReader(options: .sequential(levels: [.line])).detectText(in: page)
        try #require(expected.count >= 5)
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.backgroundReaders = 2
        options.reusesStillScenes = true
        let reader = try StreamingTextReader(options: options)
        #expect(reader.detectText(in: page).isEmpty)
        #expect(reader.finishStream() == expected)
        // Without background readers there is nothing left at the end.
        let inOrder = try StreamingTextReader(options: .sequential(levels: [.line]))
        _ = inOrder.detectText(in: page)
        #expect(inOrder.finishStream().isEmpty)
    }

    @Test func aPageTurnedBeforeItWasReadReportsNothingOfIt() throws {
        let first = try rendered("Pride and Prejudice, by Jane Austen")
        let second = try rendered("Sense and Sensibility, by Jane Austen")
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.backgroundReaders = 1
        options.reusesStillScenes = true
        let reader = try StreamingTextReader(options: options)
        #expect(reader.detectText(in: first).isEmpty)
        // The first page's line, asked for and perhaps being read, is not the second's.
        let seen = frames(of: second, to: reader, until: 1)
        #expect(seen.compactMap(\.text) == ["Sense and Sensibility, by Jane Austen"])
        for _ in 0..<5 { #expect(reader.detectText(in: second).compactMap(\.text) == ["Sense and Sensibility, by Jane Austen"]) }
    }

    /// Readers that get no CPU (held): a line left waiting past the deadline is read by the
    /// lane's thread itself, one a frame, and the page comes out as read in order.
    @Test func linesTheReadersLeaveWaitingPastTheDeadlineAreReadByTheLane() throws {
        let page = try demoPage()
        let expected = try StreamingTextReader(options: .sequential(levels: [.line, .word])).detectText(in: page)
        let lineCount = expected.filter { $0.level == .line }.count
        try #require(lineCount >= 5)
        var options = StreamingTextReader.Options.sequential(levels: [.line, .word])
        options.backgroundReaders = 2
        options.reusesStillScenes = true
        options.readingDeadlineNanoseconds = 0
        options.takenLineDeadlineNanoseconds = 0
        let reader = try StreamingTextReader(options: options)
        reader.holdBackgroundReaders()
        defer { reader.releaseBackgroundReaders() }
        #expect(reader.detectText(in: page).isEmpty)
        // Each later frame reads the line asked for longest ago (a line read as noise adds
        // nothing to what is reported).
        var reported = [0]
        for _ in 0..<(lineCount + 5) { reported.append(reader.detectText(in: page).filter { $0.level == .line }.count) }
        #expect(zip(reported, reported.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 }, "\(reported)")
        #expect(reported.last == lineCount)
        #expect(reader.detectText(in: page) == expected)
        #expect(reader.linesReadPastDeadline >= lineCount && reader.linesLeftUnread == 0)
    }

    /// Readers that hold the lines they took (starved mid-line), and no deadline for a line a
    /// reader has taken: the lane's thread reads the lines still waiting past the deadline,
    /// never one a reader holds, and every line is read once.
    @Test func theLaneLeavesTheLinesReadersHaveTakenToThem() throws {
        let page = try demoPage()
        let expected = try StreamingTextReader(options: .sequential(levels: [.line, .word])).detectText(in: page)
        let lineCount = expected.filter { $0.level == .line }.count
        try #require(lineCount >= 5)
        var options = StreamingTextReader.Options.sequential(levels: [.line, .word])
        options.backgroundReaders = 2
        options.reusesStillScenes = true
        options.readingDeadlineNanoseconds = 0
        let reader = try StreamingTextReader(options: options)
        reader.holdBackgroundReaders()
        defer { reader.releaseBackgroundReaders() }
        #expect(reader.detectText(in: page).isEmpty)
        reader.waitUntilBackgroundReadersHold(2)
        var reported: [Int] = []
        for _ in 0..<(lineCount + 5) { reported.append(reader.detectText(in: page).filter { $0.level == .line }.count) }
        #expect(reader.linesReadPastDeadline == lineCount - 2)
        #expect(reported.last! <= lineCount - 2, "\(reported)")
        reader.releaseBackgroundReaders()
        #expect(reader.finishStream() == expected)
        #expect(reader.linesReadTwice == 0 && reader.linesLeftUnread == 0)
    }

    /// Readers that get no CPU and no deadline: a page taken away before its lines were read
    /// leaves them unread, and they are counted.
    @Test func linesThatLeaveTheViewBeforeTheyAreReadAreCounted() throws {
        let page = try rendered("Pride and Prejudice, by Jane Austen")
        let blank = GrayImage(width: page.width, height: page.height, pixels: [UInt8](repeating: 255, count: page.pixels.count))
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.backgroundReaders = 1
        options.reusesStillScenes = true
        options.reportsLinesBeingRead = true
        let reader = try StreamingTextReader(options: options)
        reader.holdBackgroundReaders()
        let boxes = reader.detectText(in: page)
        #expect(boxes.count == 1 && boxes[0].text == nil)
        #expect(reader.detectText(in: blank).isEmpty)
        // The line the reader had taken before it was held comes back read, out of view.
        reader.releaseBackgroundReaders()
        _ = reader.finishStream()
        #expect(reader.linesLeftUnread == 1)
        #expect(reader.linesRead == 0)
    }
}

/// A live lane whose readers are behind while the scene moves: its own thread reads the lines
/// it found instead of finding them anew, and their readings come at the next frame it looks at.
@Suite struct ReadingInsteadOfLookingTests {
    func options(pause: UInt64?) -> StreamingTextReader.Options {
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.backgroundReaders = 1
        options.reusesStillScenes = true
        options.reportsLinesBeingRead = true
        options.frameBudgetNanoseconds = 1  // one line a frame
        options.readingPauseNanoseconds = pause
        return options
    }

    @Test func whileTheSceneMovesTheLaneReadsWhatWaits() throws {
        let still = try leftOfDemoPage(movedBy: 0), moved = try leftOfDemoPage(movedBy: 150)
        let expected = try StreamingTextReader(options: .sequential(levels: [.line])).detectText(in: moved)
        try #require(expected.count >= 5)
        // A pause no test outlasts; readers that get no CPU.
        let reader = try StreamingTextReader(options: options(pause: 600_000_000_000))
        reader.holdBackgroundReaders()
        let boxes = reader.detectText(in: still)
        #expect(boxes.count == expected.count && boxes.allSatisfy { $0.text == nil })
        // The still scene is looked at.
        #expect(!reader.readsInsteadOfLooking(at: still))
        // The moved scene: one waiting line read a frame, until only the line a held reader
        // took (if it took one yet) is left.
        var spent = 0
        while reader.readsInsteadOfLooking(at: moved), spent <= expected.count { spent += 1 }
        #expect(spent == expected.count || spent == expected.count - 1, "\(spent)")
        #expect(reader.framesSpentReading == spent)
        reader.releaseBackgroundReaders()
        // The next frame looked at has the lines read meanwhile, where they are now; the page
        // comes out as read in order, and no line was read twice.
        var observations = reader.detectText(in: moved)
        #expect(observations.filter { $0.text != nil }.count >= spent)
        let patience = ContinuousClock.now + .seconds(600)
        while observations.contains(where: { $0.text == nil }), ContinuousClock.now < patience {
            Thread.sleep(forTimeInterval: 0.01)
            observations = reader.detectText(in: moved)
        }
        #expect(observations.compactMap(\.text) == expected.compactMap(\.text))
        #expect(reader.linesRead == expected.count)
    }

    @Test func aStreamEndingOnAFrameSpentReadingReportsWhatThatFrameShows() throws {
        let reader = try StreamingTextReader(options: options(pause: 600_000_000_000))
        reader.holdBackgroundReaders()
        _ = reader.detectText(in: try leftOfDemoPage(movedBy: 0))
        // Another page comes while the first one's lines wait, and the stream ends.
        let other = try rendered("Sense and Sensibility, by Jane Austen")
        #expect(reader.readsInsteadOfLooking(at: other))
        reader.releaseBackgroundReaders()
        #expect(reader.finishStream().compactMap(\.text) == ["Sense and Sensibility, by Jane Austen"])
    }

    @Test func withoutAPauseEveryFrameIsLookedAt() throws {
        let reader = try StreamingTextReader(options: options(pause: nil))
        reader.holdBackgroundReaders()
        defer { reader.releaseBackgroundReaders() }
        _ = reader.detectText(in: try leftOfDemoPage(movedBy: 0))
        #expect(!reader.readsInsteadOfLooking(at: try leftOfDemoPage(movedBy: 150)))
        #expect(reader.framesSpentReading == 0)
        #expect(StreamingTextReader.Options.live(levels: [.line]).readingPauseNanoseconds == StreamingTextReader.Options.readingPause)
    }
}

import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryNeuralText

@Suite struct StreamingTextReaderTests {
    /// The demo page moved `dx` pixels right (white coming in at the left).
    func shifted(_ image: GrayImage, by dx: Int) -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: image.pixels.count)
        for y in 0..<image.height {
            for x in dx..<image.width { pixels[y * image.width + x] = image.pixels[y * image.width + x - dx] }
        }
        return GrayImage(width: image.width, height: image.height, pixels: pixels)
    }

    @Test func aLiveLaneHasAReaderForEachCoreTheOtherLanesLeave() {
        typealias Options = StreamingTextReader.Options
        #expect(Options.readers(besides: 0, cores: 2) == 2)
        #expect(Options.readers(besides: 1, cores: 2) == 1)
        #expect(Options.readers(besides: 3, cores: 2) == 1)
        #expect(Options.readers(besides: 0, cores: 1) == 1)
        #expect(Options.readers(besides: 3, cores: 8) == 2)
        #expect(Options.readers(besides: 3, cores: 4) == 1)
        #expect(Options.live(levels: [.line], otherLanes: 0).backgroundReaders == Options.readers(besides: 0))
        #expect(Options.live(levels: [.line], otherLanes: 3).backgroundReaders == Options.readers(besides: 3))
    }

    @Test func aPageHeldStillIsReadOnce() throws {
        let page = try demoPage()
        let reader = try StreamingTextReader(options: .sequential(levels: [.line, .word]))
        let first = reader.detectText(in: page)
        let lines = first.filter { $0.level == .line }
        #expect(lines.compactMap(\.text).starts(with: ["Chapter One", "The quick brown fox jumps over the lazy dog."]))
        #expect(reader.linesRead == lines.count)
        // The same picture twice more: the same observations, nothing read again.
        #expect(reader.detectText(in: page) == first)
        #expect(reader.detectText(in: page) == first)
        #expect(reader.linesRead == lines.count && reader.linesRemembered == 2 * lines.count)
    }

    @Test func aMovedPageKeepsItsReadingsAtTheirNewPlace() throws {
        // The page's lines of text (the EAN-13 below them is left out: where its lone first
        // digit joins the digits under the bars depends on where the frame cuts the picture).
        let page = try #require(try demoPage().cropped(to: PixelRect(x: 0, y: 0, width: 1280, height: 560)))
        let reader = try StreamingTextReader(options: .sequential(levels: [.line]))
        let before = reader.detectText(in: page)
        let after = reader.detectText(in: shifted(page, by: 12))
        #expect(after.compactMap(\.text) == before.compactMap(\.text))
        #expect(reader.linesRemembered == before.count)
        let moved = after[0].pixelBounds.x - before[0].pixelBounds.x
        #expect(abs(moved - 12) < 3, "moved \(moved)")
    }

    @Test func aPageThatSlidFarKeepsItsReadings() throws {
        // Moved 150 px: a short line's box overlaps where it was by far less than half.
        let reader = try StreamingTextReader(options: .sequential(levels: [.line]))
        let before = reader.detectText(in: try leftOfDemoPage(movedBy: 0))
        try #require(before.count >= 5)
        let after = reader.detectText(in: try leftOfDemoPage(movedBy: 150))
        #expect(reader.shiftsFollowed == 1)
        #expect(after.compactMap(\.text) == before.compactMap(\.text))
        #expect(reader.linesRead == before.count && reader.linesRemembered == before.count)
        for (old, new) in zip(before, after) {
            #expect(abs(new.pixelBounds.x - old.pixelBounds.x - 150) < 3, "\(old.pixelBounds) \(new.pixelBounds)")
        }
    }

    @Test func aPageThatSlidWhileReadInTheBackgroundKeepsItsReadings() throws {
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.backgroundReaders = 1
        options.reusesStillScenes = true
        options.reportsLinesBeingRead = true
        let reader = try StreamingTextReader(options: options)
        let still = try leftOfDemoPage(movedBy: 0)
        var before = reader.detectText(in: still)
        let patience = ContinuousClock.now + .seconds(600)
        while before.contains(where: { $0.text == nil }), ContinuousClock.now < patience {
            Thread.sleep(forTimeInterval: 0.01)
            before = reader.detectText(in: still)
        }
        let read = reader.linesRead
        // The first frame after the slide has every line's text where the line is now.
        let after = reader.detectText(in: try leftOfDemoPage(movedBy: 150))
        #expect(after.compactMap(\.text) == before.compactMap(\.text))
        #expect(after.count == before.count && reader.linesRead == read)
    }

    @Test func aBudgetSpreadsReadingOverFrames() throws {
        let page = try demoPage()
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.frameBudgetNanoseconds = 1  // one line a frame
        let reader = try StreamingTextReader(options: options)
        var reported: [Int] = []
        for _ in 0..<8 { reported.append(reader.detectText(in: page).count) }
        // One more line each frame, in reading order, until the page is read.
        #expect(reported.prefix(3) == [1, 2, 3])
        let all = try StreamingTextReader(options: .sequential(levels: [.line])).detectText(in: page)
        #expect(reported.last == all.count)
        #expect(reader.detectText(in: page).compactMap(\.text) == all.compactMap(\.text))
    }

    @Test func anotherLineInTheSamePlaceIsReadAnew() throws {
        let reader = try StreamingTextReader(options: .sequential(levels: [.line]))
        let first = reader.detectText(in: try rendered("Pride and Prejudice, by Jane Austen"))
        let second = reader.detectText(in: try rendered("Sense and Sensibility, by Jane Austen"))
        #expect(first.compactMap(\.text) == ["Pride and Prejudice, by Jane Austen"])
        #expect(second.compactMap(\.text) == ["Sense and Sensibility, by Jane Austen"])
        #expect(reader.linesRead == 2 && reader.linesRemembered == 0)
    }

    @Test func liveStillScenesSkipTheDetector() throws {
        let page = try demoPage()
        var options = StreamingTextReader.Options.live(levels: [.line])
        options.frameBudgetNanoseconds = nil
        let reader = try StreamingTextReader(options: options)
        let first = reader.detectText(in: page)
        #expect(reader.detectText(in: page) == first)
        #expect(reader.stillFrames == 1)
    }
}

/// A reader readied for the frame size before the stream's first frame (`prepare`) has its
/// detector compiled for that size already, and finds in that frame what a reader that was not
/// readied finds.
@Test func aReaderPreparedForTheFrameSizeFindsTheSameLines() throws {
    let page = try demoPage()
    var options = StreamingTextReader.Options.sequential(levels: [.line, .word])
    options.engine.fixesDetectionSize = true
    let prepared = try StreamingTextReader(options: options)
    #expect(prepared.fixedDetectionSize == nil)
    prepared.prepare(forFrameSize: page.size)
    let readied = try #require(prepared.fixedDetectionSize)
    let unprepared = try StreamingTextReader(options: options)
    let lines = unprepared.detectText(in: page)
    #expect(!lines.isEmpty)
    #expect(prepared.detectText(in: page) == lines)
    #expect(unprepared.fixedDetectionSize == readied)
}

@Suite struct StreamingTextReaderTurnedPageTests {
    /// Two long lines close together, turned 6 degrees: each line's box overlaps the other's
    /// by more than half.
    func turnedLines() throws -> GrayImage {
        let path = try makeTemporaryDirectory().appendingPathComponent("turned.png").path
        try runTool("convert", [
            "-size", "1280x400", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "30",
            "-annotate", "+40+180", "It is a truth universally acknowledged, that a single man in",
            "-annotate", "+40+216", "possession of a good fortune, must be in want of a wife.",
            "-background", "white", "-rotate", "6", "-colorspace", "Gray", path,
        ])
        return try ImageFile.readGray(path: FilePath(path))
    }

    @Test func aStillSceneGivesEachTurnedLineItsOwnReading() throws {
        let page = try turnedLines()
        let expected = try StreamingTextReader(options: .sequential(levels: [.line])).detectText(in: page)
        try #require(expected.count == 2)
        try #require(expected[0].pixelBounds.intersectionOverUnion(expected[1].pixelBounds) >= 0.5)
        // One line a frame, the second frame a still scene: the second line is read, not
        // given the first's reading.
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.frameBudgetNanoseconds = 1
        options.reusesStillScenes = true
        let reader = try StreamingTextReader(options: options)
        #expect(reader.detectText(in: page).count == 1)
        #expect(reader.detectText(in: page) == expected)
        #expect(reader.stillFrames == 1)
    }
}

/// A live lane whose lines still wait for a reader while the scene slides: each frame keeps
/// the last finding's lines, moved with the scene, and reports the readings made so far.
@Suite struct FollowingTheSceneTests {
    func options() -> StreamingTextReader.Options {
        var options = StreamingTextReader.Options.sequential(levels: [.line])
        options.backgroundReaders = 1
        options.reusesStillScenes = true
        options.reportsLinesBeingRead = true
        options.frameBudgetNanoseconds = 1  // one line a frame
        options.readingPauseNanoseconds = 600_000_000_000
        options.followsSceneMoves = true
        return options
    }

    @Test func aSlidingPageKeepsItsLinesAndGainsOneReadingAFrame() throws {
        let step = 6
        let expected = try StreamingTextReader(options: .sequential(levels: [.line])).detectText(in: try leftOfDemoPage(movedBy: 0))
        try #require(expected.count >= 5)
        let reader = try StreamingTextReader(options: options())
        reader.holdBackgroundReaders()
        let boxes = reader.detectText(in: try leftOfDemoPage(movedBy: 0))
        #expect(boxes.count == expected.count && boxes.allSatisfy { $0.text == nil })
        // The page slides right: every frame has every line where it is now, one more read.
        var readSoFar: [Int] = []
        for frame in 1...(expected.count + 2) {
            let image = try leftOfDemoPage(movedBy: frame * step)
            #expect(!reader.readsInsteadOfLooking(at: image))
            let observations = reader.detectText(in: image)
            try #require(observations.count == expected.count, "frame \(frame): \(observations.count) lines")
            for (old, new) in zip(boxes, observations) {
                #expect(abs(new.pixelBounds.x - old.pixelBounds.x - Double(frame * step)) < 1.5, "\(old.pixelBounds) \(new.pixelBounds)")
                #expect(abs(new.pixelBounds.y - old.pixelBounds.y) < 1.5)
            }
            readSoFar.append(observations.filter { $0.text != nil }.count)
            #expect(reader.lastSceneMove == PixelPoint(x: Double(step), y: 0))
        }
        #expect(reader.framesFollowed == expected.count + 2)
        // One reading a frame, but for the line a held reader may have taken.
        #expect(zip(readSoFar, readSoFar.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 }, "\(readSoFar)")
        #expect(readSoFar.last! >= expected.count - 1, "\(readSoFar)")
        reader.releaseBackgroundReaders()
        // Still at the end of the slide: once every line is read, the scene is looked at anew
        // and keeps every reading where its line is.
        let end = try leftOfDemoPage(movedBy: (expected.count + 2) * step)
        var observations = reader.detectText(in: end)
        let patience = ContinuousClock.now + .seconds(600)
        while observations.contains(where: { $0.text == nil }), ContinuousClock.now < patience {
            Thread.sleep(forTimeInterval: 0.01)
            observations = reader.detectText(in: end)
        }
        observations = reader.detectText(in: end)
        #expect(observations.compactMap(\.text) == expected.compactMap(\.text))
        #expect(reader.linesRead == expected.count)
        #expect(reader.shiftsFollowed >= expected.count + 2)
    }

    @Test func aStreamEndingWhileFollowedReportsItsLinesRead() throws {
        let expected = try StreamingTextReader(options: .sequential(levels: [.line])).detectText(in: try leftOfDemoPage(movedBy: 30))
        let reader = try StreamingTextReader(options: options())
        reader.holdBackgroundReaders()
        _ = reader.detectText(in: try leftOfDemoPage(movedBy: 0))
        for frame in 1...5 { _ = reader.detectText(in: try leftOfDemoPage(movedBy: frame * 6)) }
        #expect(reader.framesFollowed == 5)
        reader.releaseBackgroundReaders()
        let last = reader.finishStream()
        #expect(last.compactMap(\.text) == expected.compactMap(\.text))
        #expect(last.count == expected.count)
    }

    @Test func anotherPageIsNotFollowed() throws {
        let reader = try StreamingTextReader(options: options())
        reader.holdBackgroundReaders()
        defer { reader.releaseBackgroundReaders() }
        _ = reader.detectText(in: try leftOfDemoPage(movedBy: 0))
        // Another page where the first one was: its lines are not the first page's moved.
        let other = try rendered("Sense and Sensibility, by Jane Austen")
        #expect(reader.readsInsteadOfLooking(at: other))
        #expect(reader.framesFollowed == 0)
    }
}

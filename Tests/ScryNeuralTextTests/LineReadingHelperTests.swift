import Foundation
import ScryCore
import ScryTestSupport
import Testing

@testable import ScryNeuralText

/// The second thread that reads a stream's new lines.
@Suite struct LineReadingHelperTests {
    @Test func theHelperAloneReadsEveryLineAsTheLanesEngineDoes() throws {
        let page = try demoPage()
        let options = NeuralTextEngine.Options(levels: [.line, .word], recognize: true)
        let engine = try NeuralTextEngine(options: options)
        let lines = try engine.detectLines(in: page)
        try #require(lines.count >= 5)
        let helper = LineReadingHelper(options: options, models: .ppOCRv6Small, runtime: nil)
        #expect(helper.isReading)
        // Nothing taken on this side: the helper reads them all, then says it is done.
        let batch = LineReadingHelper.Batch(image: page, lines: lines, deadline: nil)
        helper.help(with: batch)
        batch.helperDone.wait()
        #expect(batch.take() == nil)
        let readings = batch.readings
        #expect(readings.count == lines.count)
        for (index, line) in lines.enumerated() {
            #expect(readings[index] == (try engine.read(line, in: page)))
        }
    }

    @Test func aBatchPastItsDeadlineGivesItsFirstLineOnly() throws {
        let page = try demoPage()
        let engine = try NeuralTextEngine(options: .init(recognize: true))
        let lines = try engine.detectLines(in: page)
        let batch = LineReadingHelper.Batch(image: page, lines: lines, deadline: ContinuousClock.now - .seconds(1))
        #expect(batch.take() == 0)
        #expect(batch.take() == nil)
    }

    @Test func aStreamReadOnTwoThreadsGivesWhatOneThreadGives() throws {
        let page = try demoPage()
        var options = StreamingTextReader.Options.sequential(levels: [.line, .word])
        let one = try StreamingTextReader(options: options)
        options.readsOnTwoThreads = true
        let two = try StreamingTextReader(options: options)
        let expected = one.detectText(in: page)
        #expect(!expected.isEmpty)
        #expect(two.detectText(in: page) == expected)
        #expect(two.linesRead == one.linesRead)
        #expect(two.linesReadByHelper <= two.linesRead)
    }
}

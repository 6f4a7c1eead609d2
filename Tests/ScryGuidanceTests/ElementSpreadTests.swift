@testable import ScryGuidance
import Testing

/// `ElementSpread`: even stripes, whatever their bars' share, spread by about 1; the bars and
/// spaces of codes' patterns by 2 or more.
struct ElementSpreadTests {
    private func spread(bars: [Float], spaces: [Float]) -> Float {
        var spread = ElementSpread()
        for (bar, space) in zip(bars, spaces) {
            spread.add(width: bar, bar: true)
            spread.add(width: space, bar: false)
        }
        return spread.value
    }

    @Test func evenStripesSpreadByAboutOne() {
        // Bars a quarter of the pitch, three quarters, and half, with the jitter of edges
        // found to a tenth of a pixel.
        for (bar, space) in [(1.0, 3.0), (3.0, 1.0), (2.2, 2.2)] as [(Float, Float)] {
            let jitter: [Float] = [0, 0.1, -0.1, 0.05, -0.05, 0.08, -0.08, 0, 0.1, -0.1]
            let value = spread(bars: jitter.map { bar + $0 }, spaces: jitter.reversed().map { space + $0 })
            #expect(value < ElementSpread.leastOfACode, "\(bar), \(space): \(value)")
        }
    }

    @Test func codesSpreadByTwoOrMore() {
        // ITF's narrow and wide (1 and 2.5 modules, two wide of five in each character's
        // bars and in its spaces), and an EAN-13's left half (digits 2-7 of 5901234123457,
        // in modules), at 1.1 px a module.
        let itfBars: [Float] = [1, 2.5, 1, 1, 2.5, 2.5, 1, 1, 2.5, 1, 1, 1, 2.5, 2.5, 1]
        let itfSpaces: [Float] = [2.5, 1, 1, 2.5, 1, 1, 2.5, 1, 1, 2.5, 1, 2.5, 1, 1, 2.5]
        #expect(spread(bars: itfBars.map { $0 * 1.1 }, spaces: itfSpaces.map { $0 * 1.1 }) >= 2)
        let eanBars: [Float] = [1, 1, 1, 1, 2, 1, 1, 4, 1, 3, 1, 1]
        let eanSpaces: [Float] = [1, 3, 2, 2, 1, 1, 3, 1, 2, 1, 1, 2]
        #expect(spread(bars: eanBars.map { $0 * 1.1 }, spaces: eanSpaces.map { $0 * 1.1 }) >= 2)
    }

    @Test func fewerThanFiveElementsOfAKindSpreadByOne() {
        #expect(spread(bars: [1, 4, 1, 4], spaces: [4, 1, 4, 1]) == 1)
    }
}

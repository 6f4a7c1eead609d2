import Testing

@testable import ScryNeuralText

@Suite struct LineNoiseRuleTests {
    let rule = LineNoiseRule()

    @Test func printedLinesAreText() {
        #expect(!rule.isNoise(text: "It is a truth universally acknowledged,", confidence: 0.98))
        #expect(!rule.isNoise(text: "“Très bien,” said Émile — 1813…", confidence: 0.9))
        #expect(!rule.isNoise(text: "9 780262 033848", confidence: 0.99))
    }

    @Test func doubtfulLinesAreNoise() {
        #expect(rule.isNoise(text: "cas, b lng oar or her ouy", confidence: 0.45))
        #expect(!LineNoiseRule(minimumConfidence: 0.4).isNoise(text: "cas, b lng oar or her ouy", confidence: 0.45))
    }

    @Test func linesWithoutLettersOrMostlyOtherScriptsAreNoise() {
        #expect(rule.isNoise(text: "|| | --- ..", confidence: 0.95))
        #expect(rule.isNoise(text: "+品", confidence: 0.95))
        #expect(rule.isNoise(text: "日", confidence: 0.99))
        #expect(!rule.isNoise(text: "Tea 茶 and cakes", confidence: 0.95))
    }
}

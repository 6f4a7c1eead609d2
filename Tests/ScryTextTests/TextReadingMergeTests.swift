import ScryCore
import ScryText
import Testing

private func line(_ text: String, y: Double, confidence: Double, x: Double = 0, width: Double = 300) -> TextObservation {
    TextObservation(level: .line, pixelBounds: PixelRect(x: x, y: y, width: width, height: 20), text: text, confidence: confidence)
}

/// The words of a line, side by side in its box, each with `confidence`.
private func words(of line: TextObservation, confidence: Double) -> [TextObservation] {
    let texts = (line.text ?? "").split(separator: " ").map(String.init)
    let width = line.pixelBounds.width / Double(texts.count)
    return texts.enumerated().map { index, text in
        TextObservation(
            level: .word,
            pixelBounds: PixelRect(x: line.pixelBounds.x + Double(index) * width, y: line.pixelBounds.y, width: width, height: 20),
            text: text, confidence: confidence)
    }
}

@Test func eachLineComesFromTheSurerReadingWithItsWords() {
    let plainTop = line("TOTAL 18.00", y: 0, confidence: 0.9)
    let plainBottom = line("Cach Recelved", y: 40, confidence: 0.4)
    let normalizedTop = line("TOTAL 1B.00", y: 1, confidence: 0.5)
    let normalizedBottom = line("Cash Received", y: 41, confidence: 0.85)
    let plain = [plainTop, plainBottom] + words(of: plainTop, confidence: 0.9) + words(of: plainBottom, confidence: 0.4)
    let normalized = [normalizedTop, normalizedBottom] + words(of: normalizedTop, confidence: 0.5)
        + words(of: normalizedBottom, confidence: 0.85)
    let merged = TextReadingMerge.merged(plain, normalized)
    #expect(merged.filter { $0.level == .line }.map(\.text) == ["TOTAL 18.00", "Cash Received"])
    #expect(merged.filter { $0.level == .word }.map(\.text) == ["TOTAL", "18.00", "Cash", "Received"])
}

@Test func withoutWordsTheLinesOwnConfidenceDecides() {
    let merged = TextReadingMerge.merged(
        [line("GST 1.O2", y: 0, confidence: 0.5)], [line("GST 1.02", y: 0, confidence: 0.7)])
    #expect(merged.map(\.text) == ["GST 1.02"])
    // A longer reading at the same confidence holds more read letters.
    let longer = TextReadingMerge.merged(
        [line("GST", y: 0, confidence: 0.7)], [line("GST 1.02", y: 0, confidence: 0.7)])
    #expect(longer.map(\.text) == ["GST 1.02"])
}

@Test func linesOnlyOneReadingFoundAreKeptInReadingOrder() {
    // The plain reading missed the faded middle line; the normalized reading missed the
    // bottom one and read a fragment overlapping the top one, which is not text of its own.
    let top = line("INVOICE", y: 0, confidence: 0.9)
    let bottom = line("THANK YOU", y: 80, confidence: 0.9)
    let faded = line("99 SPEED MART", y: 40, confidence: 0.6)
    let fragment = line("NV", y: 5, confidence: 0.95, x: 0, width: 40)
    let merged = TextReadingMerge.merged([top, bottom], [line("INVOICE", y: 0, confidence: 0.8), faded, fragment])
    #expect(merged.map(\.text) == ["INVOICE", "99 SPEED MART", "THANK YOU"])
    #expect(merged[0].confidence == 0.9)
}

@Test func mergingWithNothingChangesNothing() {
    let reading = [line("A LINE", y: 0, confidence: 0.5)] + words(of: line("A LINE", y: 0, confidence: 0.5), confidence: 0.5)
    #expect(TextReadingMerge.merged(reading, []) == reading)
    #expect(TextReadingMerge.merged([], reading) == reading)
}

@Test func aReadingIsDoubtfulWhenALineIsUnsure() {
    let box = PixelRect(x: 0, y: 0, width: 100, height: 20)
    let sure = TextObservation(level: .line, pixelBounds: box, text: "SURE", confidence: 0.95)
    let unsure = TextObservation(level: .line, pixelBounds: box, text: "UNSURE", confidence: 0.6)
    let unsureWord = TextObservation(level: .word, pixelBounds: box, text: "WORD", confidence: 0.1)
    #expect(!TextReadingMerge.isDoubtful([sure, unsureWord]))
    #expect(TextReadingMerge.isDoubtful([sure, unsure]))
    #expect(!TextReadingMerge.isDoubtful([]))
}

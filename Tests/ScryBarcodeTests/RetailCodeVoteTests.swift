import ScryBarcode
import ScryCore
import Testing

private func reading(
    _ symbology: Symbology, _ number: String, x: Double = 10, passedChecks: Bool = true
) -> EngineReading {
    EngineReading(
        engine: .zxing, symbology: symbology, payload: Array(number.utf8),
        corners: [PixelPoint(x: x, y: 10), PixelPoint(x: x + 100, y: 10), PixelPoint(x: x + 100, y: 40), PixelPoint(x: x, y: 40)],
        symbolVersion: nil, passedChecks: passedChecks)
}

@Test func theMajorityNumberWins() {
    let read = reading(.ean_13, "0012345678905")
    let other = reading(.ean_13, "4006381333931")
    #expect(RetailCodeVote.verdict(on: read, passes: [[read], [read], [read]]) == .confirmed)
    #expect(RetailCodeVote.verdict(on: read, passes: [[read], [other], [other], [other]]) == .replaced(by: other))
    #expect(RetailCodeVote.verdict(on: read, passes: [[read], [other]]) == .split)
}

@Test func aShortCodeGivesWayToALongerOneAtItsPlace() {
    let short = reading(.upc_e, "0012345000065")
    let long = reading(.ean_13, "0012546619592")
    #expect(RetailCodeVote.verdict(on: short, passes: [[short], [short], [long]]) == .replaced(by: long))
    // Where the longer readings disagree among themselves, the short one gives way to none of them.
    let otherLong = reading(.ean_13, "9074932437075")
    #expect(RetailCodeVote.verdict(on: short, passes: [[short], [long], [otherLong], [otherLong]]) == .contested)
    #expect(RetailCodeVote.verdict(on: short, passes: [[short], [long], [long], [long]]) == .replaced(by: long))
    // Only located, its check digit failing: the short reading is dropped.
    let located = reading(.ean_13, "7995946937778", passedChecks: false)
    #expect(RetailCodeVote.verdict(on: short, passes: [[short], [short]], failedReadings: [[located]]) == .contested)
    // Elsewhere in the image, or itself short, it says nothing about this reading.
    let elsewhere = reading(.ean_13, "7995946937778", x: 400, passedChecks: false)
    let failedShort = reading(.upc_e, "0082000009587", passedChecks: false)
    #expect(RetailCodeVote.verdict(on: short, passes: [[short]], failedReadings: [[elsewhere], [failedShort]]) == .confirmed)
    // A short code only one zbar pass read is dropped; two passes, or zxing-cpp, carry it.
    var zbarShort = short
    zbarShort.engine = .zbar
    #expect(RetailCodeVote.verdict(on: zbarShort, passes: [[zbarShort], []]) == .contested)
    #expect(RetailCodeVote.verdict(on: zbarShort, passes: [[zbarShort], [zbarShort]]) == .confirmed)
    #expect(RetailCodeVote.verdict(on: short, passes: [[short], []]) == .confirmed)
    // A long reading is not judged by failed readings.
    #expect(RetailCodeVote.verdict(on: long, passes: [[long]], failedReadings: [[located]]) == .confirmed)
}

/// Six voters reading one number at its place and nothing else settle the vote: whatever two
/// more passes read there, the number keeps three quarters of the votes.
@Test func sixAgreeingVotersSettleTheVote() {
    let read = reading(.ean_13, "0012345678905")
    let other = reading(.ean_13, "4006381333931")
    let elsewhere = reading(.ean_13, "4006381333931", x: 400)
    let six = Array(repeating: [read], count: 6)
    #expect(RetailCodeVote.isUnanimous(on: read, passes: six))
    #expect(RetailCodeVote.isUnanimous(on: read, passes: Array(six.dropLast()) + [[read, elsewhere]]))
    for extra in [[[other], [other]], [[], [other]], [[read], [other]]] {
        #expect(RetailCodeVote.verdict(on: read, passes: six + extra) == .confirmed)
    }
    // A pass that misses it, or reads another number at its place, leaves the vote open.
    #expect(!RetailCodeVote.isUnanimous(on: read, passes: Array(six.dropLast()) + [[]]))
    #expect(!RetailCodeVote.isUnanimous(on: read, passes: Array(six.dropLast()) + [[read, other]]))
    // A UPC-E or EAN-8 is never settled so: its vote looks for a longer code in every pass.
    let short = reading(.upc_e, "0012345000065")
    #expect(!RetailCodeVote.isUnanimous(on: short, passes: Array(repeating: [short], count: 6)))
}

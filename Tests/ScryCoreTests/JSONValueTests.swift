import Testing
import ScryCore

@Test func objectKeysAreSorted() {
    let value = JSONValue.object(["b": .int(1), "a": .array([.bool(true), .null]), "c": .double(0.5)])
    #expect(value.serialized == #"{"a":[true,null],"b":1,"c":0.5}"#)
}

@Test func controlCharactersAndLineSeparatorsAreEscaped() {
    let hostile = "a\u{1b}[2J\n\t\"\\\u{7f}\u{85}\u{2028}é"
    #expect(JSONValue.string(hostile).serialized == #""a\u001b[2J\n\t\"\\\u007f\u0085\u2028é""#)
}

@Test func numbersAreStable() {
    #expect(JSONValue.double(3).serialized == "3")
    #expect(JSONValue.double(.nan).serialized == "null")
    #expect(JSONValue.rounded(0.1234567, decimals: 6).serialized == "0.123457")
    #expect(JSONValue.rounded(2.0 / 3, decimals: 2).serialized == "0.67")
}

@Test func writerEmitsWholeLines() throws {
    final class Lines: @unchecked Sendable { var all: [String] = [] }
    let lines = Lines()
    let writer = JSONLinesWriter { lines.all.append($0) }
    try writer.write(.object(["type": .string("x")]))
    try writer.write(.int(1))
    #expect(lines.all == ["{\"type\":\"x\"}\n", "1\n"])
}

@Test func base64MatchesRFC4648() {
    let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
    for (plain, encoded) in vectors { #expect(Base64.encode(Array(plain.utf8)) == encoded) }
    #expect(Base64.encode([0xff, 0xfe, 0x00]) == "//4A")
}

@Test func percentilesUseNearestRank() {
    var stats = LatencyStatistics()
    #expect(stats.percentileMilliseconds(50) == nil)
    for ms in 1...100 { stats.record(nanoseconds: UInt64(ms) * 1_000_000) }
    #expect(stats.percentileMilliseconds(50) == 50)
    #expect(stats.percentileMilliseconds(99) == 99)
    #expect(stats.percentileMilliseconds(100) == 100)
}

@Test func unsignedNumbersAreWrittenWhole() {
    #expect(JSONValue.unsigned(.max).serialized == "18446744073709551615")
    #expect(JSONValue.object(["frame": .unsigned(1 << 63)]).serialized == #"{"frame":9223372036854775808}"#)
    let line = OrientationLine(
        frame: .max, orientation: .left, estimate: OrientationEstimate(clockwiseDegrees: 90, confidence: 9),
        uprightSize: ImageSize(width: 720, height: 1280))
    #expect(line.serialized.contains(#""frame":18446744073709551615"#))
}

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

@Test func unsignedNumbersAreWrittenWhole() {
    #expect(JSONValue.unsigned(.max).serialized == "18446744073709551615")
    #expect(JSONValue.object(["frame": .unsigned(1 << 63)]).serialized == #"{"frame":9223372036854775808}"#)
}

import Testing
import ScryCore
import ScryDumps

@Test func crc32MatchesTheStandardCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
}

@Test func crc32ComputedInPiecesEqualsOneGo() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    var crc = CRC32()
    crc.update(bytes[..<333])
    crc.update(bytes[333...])
    #expect(crc.value == CRC32.checksum(bytes))
}

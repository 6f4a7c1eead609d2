import ScryNeural
import Testing

@Suite struct ResidentMemoryTests {
    @Test func theResidentMemoryIsThatOfARunningProcess() throws {
        // 64 MiB written to is resident while it is held, in a process far under a terabyte.
        var block = [UInt8](repeating: 1, count: 64 << 20)
        block[block.count - 1] = 2
        let holding = try #require(ResidentMemory.current())
        #expect(holding >= 64 << 20 && holding < 1 << 40)
        #expect(block.last == 2)
    }
}

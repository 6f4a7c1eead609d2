import Testing

@testable import scry

// 3. `dump create` accepts a frame rate and a repeat count only when every timestamp fits.
@Test func timestampsThatWouldOverflowAreRefused() throws {
    typealias Create = DumpCommand.Create
    // Unwrapped first: #expect on `x?.field == n` compiles, in Swift 6.3.1, to a thunk that
    // reads a 9-byte optional from an 8-byte slot (AddressSanitizer reports it).
    let one = try #require(Create.timestamps(frames: 1, repeat: 1, fps: 30))
    #expect(one.interval == 33_333_333)
    let six = try #require(Create.timestamps(frames: 2, repeat: 3, fps: 30))
    #expect(six.last == 5 * 33_333_333)
    #expect(Create.timestamps(frames: 1, repeat: 1, fps: 1e-300) == nil)
    #expect(Create.timestamps(frames: 1, repeat: 3, fps: 1e-10) == nil)
    #expect(Create.timestamps(frames: 1, repeat: 1, fps: .nan) == nil)
    #expect(Create.timestamps(frames: 1, repeat: 1, fps: .infinity) == nil)
    #expect(Create.timestamps(frames: 2, repeat: .max, fps: 30) == nil)
    #expect(Create.timestamps(frames: 1, repeat: 18_446_746, fps: 0.001) == nil)
    let longest = try #require(Create.timestamps(frames: 1, repeat: 18_446_745, fps: 0.001))
    #expect(longest.last == 18_446_744_000_000_000_000)
}

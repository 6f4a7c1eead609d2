import ScryCore
import Synchronization
import Testing

@testable import ScryView

@Suite struct ViewPartsTests {
    @Test func browserMessagesAreReadStrictly() {
        #expect(BrowserMessage(#"{"shown": 12}"#) == .shown(frame: 12))
        #expect(BrowserMessage(#"{"follow": [10, 20, 30.5, 40]}"#) == .follow(PixelRect(x: 10, y: 20, width: 30.5, height: 40)))
        #expect(BrowserMessage(#"{"unfollow": 3}"#) == .unfollow(track: 3))
        for text in [
            "", "null", "[]", "junk", #"{"shown": -1}"#, #"{"shown": true}"#, #"{"shown": 1.5}"#, #"{"follow": [1, 2]}"#,
            #"{"follow": [1, 2, 0, 4]}"#, #"{"follow": [1, 2, 3, 1e300]}"#, #"{"unfollow": -2}"#, #"{"shown": 1, "unfollow": 2}"#,
            #"{"other": 1}"#, "{\"shown\": " + String(repeating: "1", count: 5000) + "}",
        ] {
            #expect(BrowserMessage(text) == nil, "\(text.prefix(40))")
        }
    }

    @Test func aBrowserThatFallsBehindIsDroppedAndTheOthersKeepTheirMessages() async {
        let drops = DropLog()
        let audience = ViewAudience(onDrop: { drops.add($0) })
        let (slow, unread) = audience.join(greeting: ["hello"])
        let (fast, wakes) = audience.join(greeting: ["hello"])
        var wake = wakes.makeAsyncIterator()
        #expect(await wake.next() != nil)
        #expect(audience.take(fast) == ["hello"])
        #expect(audience.take(fast) == [])
        // The fast browser takes its messages now and then; the slow one never does.
        var received: [String] = []
        for index in 0..<(ViewAudience.queueLimit + 10) {
            audience.broadcast("message \(index)")
            if index % 7 == 6 {
                #expect(await wake.next() != nil)
                received += audience.take(fast)
            }
        }
        received += audience.take(fast)
        #expect(received == (0..<(ViewAudience.queueLimit + 10)).map { "message \($0)" })
        #expect(audience.dropped == 1)
        #expect(audience.watching == 1)
        #expect(drops.messages.count == 1)
        #expect(drops.messages.first?.contains("browser \(slow)") == true)
        #expect(audience.take(slow) == [])
        // A dropped browser's stream ends; so does every one when the view closes.
        var slowWake = unread.makeAsyncIterator()
        while await slowWake.next() != nil {}
        audience.broadcast("last")
        audience.close()
        #expect(audience.take(fast) == [])
        while await wake.next() != nil {}
        #expect(audience.join(greeting: ["late"]).id == 0)
    }

    @Test func aJoiningBrowserGetsTheGreetingThenTheLinesKept() async {
        let audience = ViewAudience(onDrop: { _ in })
        audience.broadcast("line 1", keep: true)
        audience.broadcast("rates", keep: false)
        audience.broadcast("line 2", keep: true)
        let (id, _) = audience.join(greeting: ["hello"])
        #expect(audience.take(id) == ["hello", "line 1", "line 2"])
    }

    @Test func aFramesMessageIsItsSequenceItsUprightSizeThenItsJPEG() {
        let frame = ViewFrame(sequence: 0x0102_0304_0506_0708, jpeg: [0xFF, 0xD8, 0xFF, 0xD9], width: 1280, height: 720, captured: .now)
        #expect(frame.message == [1, 2, 3, 4, 5, 6, 7, 8, 0x05, 0x00, 0x02, 0xD0, 0xFF, 0xD8, 0xFF, 0xD9])
        #expect(frame.message.count == ViewFrame.headerBytes + frame.jpeg.count)
        let huge = ViewFrame(sequence: 0, jpeg: [], width: 70_000, height: 1, captured: .now)
        #expect(huge.message == [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0x00, 0x01])
    }

    @Test func theShelfHandsTheNewestFrameAndWaitsForANewerOne() async {
        let shelf = FrameShelf()
        func frame(_ sequence: UInt64) -> ViewFrame {
            ViewFrame(sequence: sequence, jpeg: [0xFF, 0xD8], width: 4, height: 2, captured: .now)
        }
        #expect(await shelf.next(after: nil, timeout: .milliseconds(50)) == nil)
        shelf.put(frame(3))
        #expect(await shelf.next(after: nil)?.sequence == 3)
        #expect(await shelf.next(after: 3, timeout: .milliseconds(50)) == nil)
        async let waiting = shelf.next(after: 3, timeout: .seconds(30))
        try? await Task.sleep(for: .milliseconds(100))
        shelf.put(frame(4))
        #expect(await waiting?.sequence == 4)
        #expect(shelf.captureInstant(of: 4) != nil)
        #expect(shelf.captureInstant(of: 99) == nil)
        shelf.close()
        #expect(await shelf.next(after: 4) == nil)
    }
}

private final class DropLog: Sendable {
    private let lock = Mutex<[String]>([])
    func add(_ message: String) { lock.withLock { $0.append(message) } }
    var messages: [String] { lock.withLock { $0 } }
}

import Foundation
import ScryCore
import Testing

/// The queue between a pen's reader and its recognizer: nothing dropped, in order, and a
/// consumer that ends once the queue is closed and drained.
struct WorkQueueTests {
    @Test func valuesComeOutInOrderThenNil() {
        let queue = WorkQueue<Int>()
        for value in 0..<200 { #expect(queue.post(value)) }
        queue.close()
        #expect(!queue.post(999))
        var taken: [Int] = []
        while let value = queue.take() { taken.append(value) }
        #expect(taken == Array(0..<200))
        #expect(queue.take() == nil)
    }

    /// A value taken is no longer held by the queue: a batch of frame pixels handed to a
    /// helper thread is freed once the helper drops it, not when the queue compacts.
    @Test func aTakenValueIsNotKeptByTheQueue() {
        final class Payload: Sendable {}
        let queue = WorkQueue<Payload>()
        weak var watched: Payload?
        do {
            let payload = Payload()
            watched = payload
            queue.post(payload)
            queue.post(Payload())
            _ = queue.take()
        }
        #expect(watched == nil)
        #expect(queue.take() != nil)
    }

    @Test func aSlowConsumerOnAnotherThreadGetsEverything() {
        let queue = WorkQueue<Int>()
        let results = WorkQueue<[Int]>()
        let consumer = Thread {
            var taken: [Int] = []
            while let value = queue.take() {
                if value % 100 == 0 { usleep(1000) }
                taken.append(value)
            }
            results.post(taken)
        }
        consumer.start()
        for value in 0..<1000 { queue.post(value) }
        queue.close()
        #expect(results.take() == Array(0..<1000))
    }
}

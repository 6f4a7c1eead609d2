import Foundation
import Synchronization
import Testing

import ScryCore

/// The one-slot mailbox between the capture loop and a detector lane. Real threads, no timing
/// assertions: the invariants hold whatever the scheduling.
struct LatestValueMailboxTests {
    /// Runs `consume` on its own thread for every value taken, until the mailbox closes;
    /// returns the values taken, in order.
    private func consume(
        _ mailbox: LatestValueMailbox<Int>, _ work: @escaping @Sendable (Int) -> Void
    ) -> @Sendable () -> [Int] {
        let taken = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            while let value = mailbox.take() {
                work(value)
                taken.withLock { $0.append(value) }
            }
            done.signal()
        }.start()
        return {
            done.wait()
            return taken.withLock { $0 }
        }
    }

    @Test func aSlowConsumerSeesDropsAndNeverAValueTwice() {
        let mailbox = LatestValueMailbox<Int>()
        // The consumer holds each value until the producer has posted two more: drops are certain.
        let progress = Mutex(0)
        let finish = consume(mailbox) { value in
            while progress.withLock({ $0 }) < value + 2 && progress.withLock({ $0 }) < 1000 {
                usleep(50)
            }
        }
        for value in 0..<1000 {
            mailbox.post(value)
            progress.withLock { $0 = value + 1 }
        }
        mailbox.close()
        let taken = finish()
        #expect(mailbox.droppedCount > 0)
        #expect(taken.count + mailbox.droppedCount == 1000)
        #expect(taken == taken.sorted())
        #expect(Set(taken).count == taken.count)
        #expect(taken.last == 999, "the value left when the mailbox closes is still handed out")
    }

    @Test func aConsumerThatKeepsUpSeesEveryValue() {
        let mailbox = LatestValueMailbox<Int>()
        let taken = Mutex(-1)
        let finish = consume(mailbox) { value in taken.withLock { $0 = value } }
        for value in 0..<500 {
            mailbox.post(value)
            // Wait until the consumer has it: a consumer faster than the producer.
            while taken.withLock({ $0 }) < value { usleep(10) }
        }
        mailbox.close()
        #expect(finish() == Array(0..<500))
        #expect(mailbox.droppedCount == 0)
        #expect(mailbox.postedCount == 500)
    }

    @Test func postNeverBlocksAndKeepsOnlyTheNewest() {
        let mailbox = LatestValueMailbox<Int>()
        for value in 0..<100 { mailbox.post(value) }  // No consumer at all.
        #expect(mailbox.droppedCount == 99)
        mailbox.close()
        #expect(mailbox.take() == 99)
        #expect(mailbox.take() == nil)
        #expect(mailbox.take() == nil)
    }

    @Test func aClosedMailboxRefusesValues() {
        let mailbox = LatestValueMailbox<Int>()
        mailbox.close()
        #expect(mailbox.post(1) == false)
        #expect(mailbox.take() == nil)
        #expect(mailbox.droppedCount == 0)
    }
}

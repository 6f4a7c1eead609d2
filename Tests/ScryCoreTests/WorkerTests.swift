import Foundation
import ScryCore
import Synchronization
import Testing

/// The worker threads: real threads, no timing assertions; the invariants hold whatever the
/// scheduling.
struct WorkerTests {
    @Test func everyJobIsTakenInOrderByOneThread() {
        let worker = Worker<Int>(name: "test-every", delivery: .everyJob)
        let taken = Mutex<[Int]>([])
        worker.start { jobs in
            while let job = jobs.next() {
                if job % 50 == 0 { usleep(500) }
                taken.withLock { $0.append(job) }
            }
        }
        for job in 0..<500 { #expect(worker.post(job)) }
        worker.join()
        #expect(taken.withLock { $0 } == Array(0..<500))
        #expect(!worker.post(1))
        #expect(worker.failure == nil)
        #expect(worker.postedCount == 500)
        #expect(worker.droppedCount == 0)
    }

    @Test func latestOnlyDropsWhatItCountsAndNothingElse() {
        let worker = Worker<Int>(name: "test-latest", delivery: .latestOnly)
        let taken = Mutex<[Int]>([])
        worker.start { jobs in
            while let job = jobs.next() {
                usleep(200)
                taken.withLock { $0.append(job) }
            }
        }
        for job in 0..<2000 { worker.post(job) }
        worker.join()
        let seen = taken.withLock { $0 }
        // Taken in order, the last one always (it is never replaced), each job taken or dropped.
        #expect(seen == seen.sorted())
        #expect(seen.last == 1999)
        #expect(seen.count + worker.droppedCount == 2000)
    }

    @Test func severalThreadsShareTheJobsAndEachHasItsNumber() {
        let worker = Worker<Int>(name: "test-pool", delivery: .everyJob)
        let taken = Mutex<[Int: [Int]]>([:])
        worker.start(threads: 3, niceness: 5) { jobs in
            while let job = jobs.next() { taken.withLock { $0[jobs.thread, default: []].append(job) } }
        }
        for job in 0..<3000 { worker.post(job) }
        worker.join()
        let byThread = taken.withLock { $0 }
        #expect(Set(byThread.keys).isSubset(of: [0, 1, 2]))
        #expect(byThread.values.flatMap { $0 }.sorted() == Array(0..<3000))
        // Each thread takes its jobs in the order they were posted.
        for jobs in byThread.values { #expect(jobs == jobs.sorted()) }
    }

    @Test func theFirstFailureIsKeptAndLaterJobsDoNotPileUp() {
        struct Failed: Error, Equatable { var job: Int }
        let worker = Worker<Int>(name: "test-fail", delivery: .everyJob)
        let done = Mutex<[Int]>([])
        worker.start { jobs in
            while let job = jobs.next() {
                if job == 3 { throw Failed(job: job) }
                done.withLock { $0.append(job) }
            }
        }
        for job in 0..<100 { worker.post(job) }
        worker.join()
        #expect(worker.failure as? Failed == Failed(job: 3))
        #expect(done.withLock { $0 } == [0, 1, 2])
        // The jobs after the failure were taken and let go: nothing is left waiting.
        #expect(worker.withdrawWaiting().isEmpty)
    }

    @Test func waitingJobsCanBeTakenBack() {
        let worker = Worker<Int>(name: "test-back", delivery: .everyJob)
        let gate = DispatchSemaphore(value: 0)
        let taken = Mutex<[Int]>([])
        worker.start { jobs in
            gate.wait()
            while let job = jobs.next() { taken.withLock { $0.append(job) } }
        }
        for job in 0..<10 { worker.post(job) }
        #expect(worker.withdrawWaiting() == Array(0..<10))
        worker.post(10)
        gate.signal()
        worker.join()
        #expect(taken.withLock { $0 } == [10])
    }

    @Test func whatTheThreadOwnsIsReleasedOnItBeforeJoinReturns() {
        final class Names: Sendable {
            let running = Mutex<String?>(nil)
            let released = Mutex<String?>(nil)
        }
        final class Engine {
            let names: Names
            init(_ names: Names) { self.names = names }
            deinit { names.released.withLock { $0 = threadName() } }
        }
        let names = Names()
        let worker = Worker<Int>(name: "scry-test-owner", delivery: .latestOnly)
        worker.start(owning: Engine(names)) { engine, jobs in
            names.running.withLock { $0 = threadName() }
            while jobs.next() != nil { _ = engine }
        }
        worker.post(1)
        worker.join()
        // Named (to 15 bytes, as Linux keeps it), and the engine went on that thread.
        #expect(names.running.withLock { $0 } == "scry-test-owner")
        #expect(names.released.withLock { $0 } == "scry-test-owner")
    }
}

/// The calling thread's name, as the kernel keeps it.
private func threadName() -> String {
    (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
}

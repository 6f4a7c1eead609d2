import Foundation
import ScryCore
import ScryNeural
import Synchronization

/// Threads that read a stream's new lines in the background, each with a recognizer of its own
/// (and no detector), so that the lane's thread only finds lines and reports what has been read: the
/// lane keeps taking frames while a page is read, and every core the other lanes leave idle
/// reads. The threads run at a lower priority (nice 5, as the face and rectangle lanes when
/// they share a run): the barcode lane, capture, and the lane's own thread take the CPU first
/// (on a busy machine the readers may get next to none of it: `StreamingTextReader` reads a
/// line itself once it has waited past its deadline).
final class BackgroundLineReader: Sendable {
    /// A line to read: the ticket the lane knows it by, and the frame it was found in.
    struct Job: Sendable {
        let ticket: Int
        let image: GrayImage
        let line: RotatedRectangle
    }

    /// A line read: its job's ticket and what the engine gave (nil: it could not be read).
    struct Reading: Sendable {
        let ticket: Int
        let observations: [TextObservation]?
    }

    /// What the threads share with this object (the threads do not keep the object alive:
    /// closing when it goes ends them).
    private final class Shared: Sendable {
        /// Readings finished and not collected yet, and how many jobs are handed in and
        /// neither read nor withdrawn.
        let state = Mutex((readings: [Reading](), outstanding: 0))
        /// Whether each thread's engine loaded, one entry per thread that has tried.
        let loaded = Mutex<[Bool]>([])
        let started = DispatchSemaphore(value: 0)
        /// Whether the threads hold the lines they take without reading them (tests: readers
        /// that get no CPU).
        let held = Mutex(false)
        /// How many lines the threads hold now.
        let holding = Mutex(0)
    }
    private let shared = Shared()
    private let worker = Worker<Job>(name: "scry-reader", delivery: .everyJob)
    private let threads: Int

    /// Starts `threads` threads, each loading a line reader (a recognizer, no detector) with
    /// the lane's options and models.
    init(threads: Int, options: NeuralTextEngine.Options, models: TextModels, runtime: NeuralRuntime?) {
        precondition(threads >= 1, "a reader needs a thread")
        self.threads = threads
        let shared = self.shared
        worker.start(threads: threads, niceness: 5) { [options] jobs in
            Self.serve(shared, jobs: jobs, options: options, models: models, runtime: runtime)
        }
    }

    /// One thread's work: loads an engine, then reads jobs until the reader is closed. The
    /// engine (and its models) is released when it returns: no OpenVINO call is under way on
    /// this thread once the owner's deinit has joined it, nor when the process exits.
    private static func serve(
        _ shared: Shared, jobs: Worker<Job>.Jobs, options: NeuralTextEngine.Options, models: TextModels, runtime: NeuralRuntime?
    ) {
        let engine = try? NeuralTextEngine.lineReader(options: options, models: models, runtime: runtime)
        shared.loaded.withLock { $0.append(engine != nil) }
        shared.started.signal()
        while let job = jobs.next() {
            if shared.held.withLock({ $0 }) {
                shared.holding.withLock { $0 += 1 }
                while shared.held.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.005) }
                shared.holding.withLock { $0 -= 1 }
            }
            let observations = engine.flatMap { try? $0.read(job.line, in: job.image) }
            shared.state.withLock {
                $0.readings.append(Reading(ticket: job.ticket, observations: observations))
                $0.outstanding -= 1
            }
        }
    }

    /// Whether every thread's engine loaded (else lines are read on the lane's thread); waits
    /// for them to have tried.
    var isReading: Bool {
        for _ in 0..<threads { shared.started.wait() }
        for _ in 0..<threads { shared.started.signal() }
        return shared.loaded.withLock { $0.count == threads && $0.allSatisfy { $0 } }
    }

    /// Adds `jobs` to read after those already waiting, in order.
    func read(_ jobs: [Job]) {
        guard !jobs.isEmpty else { return }
        shared.state.withLock { $0.outstanding += jobs.count }
        for job in jobs { worker.post(job) }
    }

    /// Withdraws the jobs not taken yet and returns them, oldest first (lines being read go
    /// on).
    func withdrawWaiting() -> [Job] {
        let withdrawn = worker.withdrawWaiting()
        shared.state.withLock { $0.outstanding -= withdrawn.count }
        return withdrawn
    }

    /// Makes the threads hold each line they take, unread, until `release` (a machine so busy
    /// that the readers get no CPU, for tests).
    func hold() { shared.held.withLock { $0 = true } }

    /// Lets the threads read again.
    func release() { shared.held.withLock { $0 = false } }

    /// Waits until the threads hold `count` lines (tests: after `hold`, with that many lines
    /// handed in).
    func waitUntilHolding(_ count: Int) {
        while shared.holding.withLock({ $0 }) < count { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// Waits until every job handed in has been read (their readings wait for `finished`).
    func waitUntilDone() {
        while shared.state.withLock({ $0.outstanding > 0 }) {
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// The readings finished since the last call, in the order they finished.
    func finished() -> [Reading] {
        shared.state.withLock { state in
            defer { state.readings.removeAll() }
            return state.readings
        }
    }

    deinit {
        _ = worker.withdrawWaiting()
        release()
        // Joins the threads: each finishes the line it is reading (or the engine it is
        // loading) and releases its engine. A thread left running into the process's exit
        // would use OpenVINO while exit's destructors free it.
        worker.join()
    }
}

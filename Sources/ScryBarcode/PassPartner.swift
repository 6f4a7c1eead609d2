import Dispatch
import ScryCore

/// A thread of its own beside a live lane's thread, to which the lane hands a share of each
/// frame's passes (`PassSharing.map(_:partner:_:)`): always there and waiting, it starts on
/// a job within microseconds, where a thread of the system's pool may come a millisecond later
/// or not at all, which is a frame's whole cost. It waits for nothing else, and ends when
/// its owner lets it go.
final class PassPartner: Sendable {
    /// A job for the partner's thread: work handed over under the rules of
    /// `PassSharing.map(_:partner:_:)`, which waits for it to finish.
    struct Job: @unchecked Sendable {
        let work: () -> Void
        let finished: DispatchSemaphore
    }

    private let worker: Worker<Job>

    init(name: String = "scry-barcode-2") {
        worker = Worker(name: name, delivery: .everyJob)
        worker.start { jobs in
            while let job = jobs.next() {
                let finished = job.finished
                // The work (and what it holds of the caller's) is let go before the caller
                // hears that it is done.
                Self.run(consume job)
                finished.signal()
            }
        }
    }

    /// Runs `work` on the partner's thread, returning at once; `finished` is signalled once
    /// it is done and let go.
    func start(_ work: @escaping () -> Void, finished: DispatchSemaphore) {
        worker.post(Job(work: work, finished: finished))
    }

    private static func run(_ job: consuming Job) { job.work() }

    deinit { worker.join() }
}

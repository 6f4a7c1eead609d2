import Glibc
import Synchronization

/// Threads of their own that take jobs from one inbox: a detector lane (the newest frame
/// only), the picture writer, the text lane's background readers, a pen's recognizer. The
/// producer's `post` never waits. Each thread runs the body given to `start` until the inbox is
/// closed and empty; a body that throws stops its thread, the first error is kept (`failure`),
/// and the jobs posted after it are taken and let go, so nothing piles up. `join` returns once
/// every thread has ended: whatever a body owned (a detector's C engines, a model) is released
/// by then, so no thread uses a library while the process exits.
public final class Worker<Job: Sendable>: Sendable {
    /// How jobs wait for a thread.
    public enum Delivery: Sendable {
        /// One slot: a job not taken yet is replaced by the next one and counted as dropped
        /// (a lane keeps up with the newest frame).
        case latestOnly
        /// Every job, in the order posted, none dropped (inks to recognize, lines to read).
        case everyJob
    }

    /// What a thread's body takes its jobs from.
    public struct Jobs: Sendable {
        fileprivate let inbox: Inbox
        /// Which of the worker's threads this is, from 0.
        public let thread: Int

        /// The next job, waiting for one; nil once the worker is closed and no job is left.
        public func next() -> Job? { inbox.take() }
    }

    /// A thread's name (as `ps -L` and debuggers show it, at most 15 bytes).
    public let name: String
    private let inbox: Inbox
    private let firstFailure = Mutex<(any Error)?>(nil)
    private let running = Mutex<[pthread_t]>([])

    public init(name: String, delivery: Delivery) {
        self.name = name
        inbox = switch delivery {
        case .latestOnly: .latest(LatestValueMailbox())
        case .everyJob: .queue(WorkQueue())
        }
    }

    /// Starts `threads` threads running `body`, each with `stackSize` bytes of stack (the
    /// system's default when nil) and, with `niceness` above 0, a lower priority than the
    /// process's other threads (the CPU goes to them first).
    public func start(
        threads: Int = 1, stackSize: Int? = nil, niceness: Int32 = 0, _ body: @escaping @Sendable (Jobs) throws -> Void
    ) {
        precondition(threads >= 1, "a worker needs a thread")
        for thread in 0..<threads {
            let jobs = Jobs(inbox: inbox, thread: thread)
            let label = threads == 1 ? name : "\(name)-\(thread + 1)"
            launch(label: label, stackSize: stackSize) { [self] in
                if niceness > 0 {
                    // On Linux the nice value is a thread's own, and 0 names the calling thread.
                    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                }
                do { try body(jobs) } catch {
                    firstFailure.withLock { $0 = $0 ?? error }
                    while jobs.next() != nil {}
                }
            }
        }
    }

    /// Starts one thread running `body` with `owned`, which moves to that thread and is used
    /// there only (a detector, whose C engines are not safe to share): the caller keeps no
    /// other use of it, and it is released on that thread when the body returns.
    public func start<Owned>(
        owning owned: Owned, stackSize: Int? = nil, niceness: Int32 = 0, _ body: @escaping @Sendable (Owned, Jobs) throws -> Void
    ) {
        let handOver = HandOver(owned)
        start(stackSize: stackSize, niceness: niceness) { jobs in try body(handOver.take(), jobs) }
    }

    /// Leaves `job` for a thread (replacing an untaken one when the delivery is latest-only).
    /// Returns false, keeping nothing, once the worker is closed.
    @discardableResult
    public func post(_ job: Job) -> Bool { inbox.post(job) }

    /// Takes back the jobs not taken yet, oldest first (every-job delivery; latest-only has
    /// none to give back).
    public func withdrawWaiting() -> [Job] {
        if case .queue(let queue) = inbox { return queue.withdrawWaiting() }
        return []
    }

    /// No more jobs will come: the threads take those left, then end.
    public func close() { inbox.close() }

    /// Closes the worker and waits for every thread to end. Call it from another thread than
    /// the worker's own.
    public func join() {
        close()
        let threads = running.withLock { running in
            defer { running.removeAll() }
            return running
        }
        for thread in threads {
            precondition(pthread_equal(thread, pthread_self()) == 0, "a worker joined from its own thread")
            pthread_join(thread, nil)
        }
    }

    /// The first error a body threw, if any.
    public var failure: (any Error)? { firstFailure.withLock { $0 } }

    /// Jobs posted so far (while open).
    public var postedCount: Int { inbox.postedCount }

    /// Jobs replaced before a thread took them (latest-only delivery).
    public var droppedCount: Int { inbox.droppedCount }

    private func launch(label: String, stackSize: Int?, _ work: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let start = Unmanaged.passRetained(ThreadStart(label: label, work: work)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
            start.run()
            return nil
        }, start)
        guard result == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(start).release()
            fatalError("cannot start thread \(label): error \(result)")
        }
        running.withLock { $0.append(thread) }
    }

    /// The inbox: a one-slot mailbox or a queue.
    fileprivate enum Inbox: Sendable {
        case latest(LatestValueMailbox<Job>)
        case queue(WorkQueue<Job>)

        func post(_ job: Job) -> Bool {
            switch self {
            case .latest(let mailbox): mailbox.post(job)
            case .queue(let queue): queue.post(job)
            }
        }

        func take() -> Job? {
            switch self {
            case .latest(let mailbox): mailbox.take()
            case .queue(let queue): queue.take()
            }
        }

        func close() {
            switch self {
            case .latest(let mailbox): mailbox.close()
            case .queue(let queue): queue.close()
            }
        }

        var postedCount: Int {
            switch self {
            case .latest(let mailbox): mailbox.postedCount
            case .queue(let queue): queue.postedCount
            }
        }

        var droppedCount: Int {
            if case .latest(let mailbox) = self { return mailbox.droppedCount }
            return 0
        }
    }
}

/// What a new thread runs first: it names itself, then does its work.
private final class ThreadStart: Sendable {
    let label: String
    let work: @Sendable () -> Void

    init(label: String, work: @escaping @Sendable () -> Void) {
        self.label = label
        self.work = work
    }

    func run() {
        // The thread's name is its `comm` (what pthread_setname_np writes, which Swift's
        // Glibc module does not show): at most 15 bytes.
        let comm = open("/proc/thread-self/comm", O_WRONLY)
        if comm >= 0 {
            let bytes = Array(label.utf8.prefix(15))
            _ = bytes.withUnsafeBytes { Glibc.write(comm, $0.baseAddress, $0.count) }
            close(comm)
        }
        work()
    }
}

/// A value handed from the thread that makes it to the one thread that uses it.
private final class HandOver<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }

    /// The value; it is no longer held here afterwards. Called once, on the receiving thread.
    func take() -> Value {
        guard let value else { preconditionFailure("a handed-over value taken twice") }
        self.value = nil
        return value
    }
}

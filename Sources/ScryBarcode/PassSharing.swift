import Dispatch
import Glibc
import Synchronization

/// How the still profile shares a still image's independent passes between the cores: where
/// the strategy knows the next passes it needs (zxing-cpp's plain pass in two halves of its
/// formats, the looks for a trace, the EAN/UPC voters, the add-on search, a PDF417's checks,
/// the negative and the turns), they run at once, one on each core, each core with engines of
/// its own; the strategy then reads their results in its own order, so what it reports is the
/// same as with the passes run one after another.
enum PassSharing {
    /// The threads a still image's passes are shared between: two where the machine has two
    /// cores or more, else one (the passes then run when first read, as before).
    static let threads: Int = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 ? 2 : 1

    /// Whether a `map` is sharing the cores now.
    private static let sharing = Atomic<Bool>(false)

    /// Whether a `map` or `first` is sharing the cores now: one started now would run its jobs
    /// one after another on the calling thread.
    static var isSharing: Bool { sharing.load(ordering: .relaxed) }

    /// `body` with the cores not shared: every `map` inside it runs on the calling thread, one
    /// index after another, with the first worker (the readings are the same either way).
    static func alone<Result>(_ body: () throws -> Result) rethrows -> Result {
        while !sharing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            sched_yield()
        }
        defer { sharing.store(false, ordering: .releasing) }
        return try body()
    }

    /// `body(worker, index)` for every index in 0..<count, spread over one thread per worker
    /// (at most `threads`), each thread taking the next index left; the results in index order. Each worker is used by its own thread alone.
    static func map<Worker, Result>(_ count: Int, workers: [Worker], _ body: (Worker, Int) -> Result) -> [Result] {
        let threadCount = min(workers.count, threads, count)
        // One sharing at a time: jobs shared already (the turns of an image) run their own
        // passes one after another, on their own thread, rather than on threads the cores
        // cannot hold.
        guard threadCount > 1, sharing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return (0..<count).map { body(workers[0], $0) } }
        defer { sharing.store(false, ordering: .releasing) }
        let results = UnsafeMutableBufferPointer<Result>.allocate(capacity: count)
        defer { results.deallocate() }
        let next = Atomic<Int>(0)
        withoutActuallyEscaping(body) { body in
            // Each index is taken by exactly one thread, which alone writes its slot, and each
            // worker is used by the one thread whose number it has: nothing here is shared
            // without a guard but by those rules.
            let shared = Unguarded((results: results, workers: workers, body: body))
            DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
                let (results, workers, body) = shared.value
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    (results.baseAddress! + index).initialize(to: body(workers[thread], index))
                }
            }
        }
        let ordered = Array(results)
        _ = results.deinitialize()
        return ordered
    }

    /// `body(index)` for every index in 0..<count, spread over the calling thread and
    /// `partner`'s, each taking the next index left; the results in index order. As `map`,
    /// but with a thread that is always waiting (a live frame's passes, where a millisecond
    /// spent waiting for the pool's thread is most of the frame); one after another on the
    /// calling thread where the machine has one core or the cores are shared already.
    static func map<Result>(_ count: Int, partner: PassPartner, _ body: (Int) -> Result) -> [Result] {
        guard threads > 1, count > 1,
            sharing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return (0..<count).map(body) }
        defer { sharing.store(false, ordering: .releasing) }
        let results = UnsafeMutableBufferPointer<Result>.allocate(capacity: count)
        defer { results.deallocate() }
        let next = NextIndex()
        let finished = DispatchSemaphore(value: 0)
        withoutActuallyEscaping(body) { body in
            // Each index is taken by exactly one of the two threads, which alone writes its
            // slot; the partner's share ends, and is let go, before this returns (`finished`).
            let shared = Unguarded((results: results, body: body, next: next))
            let share = {
                let (results, body, next) = shared.value
                while true {
                    let index = next.take()
                    guard index < count else { return }
                    (results.baseAddress! + index).initialize(to: body(index))
                }
            }
            partner.start(share, finished: finished)
            share()
            finished.wait()
        }
        let ordered = Array(results)
        _ = results.deinitialize()
        return ordered
    }

    /// The first of `body(worker, index)` for index 0, 1, ... that `found` accepts, and its
    /// index; nil when none does. The jobs are spread over one thread per worker (at most
    /// `threads`) and started in `startOrder` (a permutation of 0..<count, the dearest first
    /// to keep both cores busy to the end), each thread taking the next left; no job is
    /// started once one has been accepted and every job before it has finished, since none
    /// left could come first. The answer is the one `body` gives taking the indices in order,
    /// one after another, and stopping at the first accepted.
    static func first<Worker, Result>(
        _ count: Int, startOrder: [Int], workers: [Worker], found: (Result) -> Bool, _ body: (Worker, Int) -> Result
    ) -> (index: Int, result: Result)? {
        precondition(startOrder.sorted() == Array(0..<count), "PassSharing.first: startOrder \(startOrder)")
        let threadCount = min(workers.count, threads, count)
        guard threadCount > 1, sharing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else {
            for index in 0..<count {
                let result = body(workers[0], index)
                if found(result) { return (index, result) }
            }
            return nil
        }
        defer { sharing.store(false, ordering: .releasing) }
        // Each job's result, written by the one thread that ran it; which jobs have finished
        // and were accepted, and the next place in `startOrder` to take, under one lock.
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let progress = Mutex<(finished: [Bool], accepted: [Bool], next: Int)>(
            (Array(repeating: false, count: count), Array(repeating: false, count: count), 0))
        withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(found) { found in
                // Each index is taken by exactly one thread, which alone writes its slot, and
                // each worker is used by the one thread whose number it has.
                let shared = Unguarded((results: results, workers: workers, body: body, found: found))
                DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
                    let (results, workers, body, found) = shared.value
                    while true {
                        let index: Int? = progress.withLock { progress in
                            guard progress.next < count, !isSettled(progress.finished, accepted: progress.accepted)
                            else { return nil }
                            defer { progress.next += 1 }
                            return startOrder[progress.next]
                        }
                        guard let index else { return }
                        let result = body(workers[thread], index)
                        let accepted = found(result)
                        results[index] = result
                        progress.withLock { progress in
                            progress.finished[index] = true
                            progress.accepted[index] = accepted
                        }
                    }
                }
            }
        }
        let (finished, accepted) = progress.withLock { ($0.finished, $0.accepted) }
        for index in 0..<count {
            guard finished[index] else { return nil }
            if accepted[index], let result = results[index] { return (index, result) }
        }
        return nil
    }

    /// Whether the first accepted job, in index order, is settled: every job before it has
    /// finished and none of them was accepted.
    static func isSettled(_ finished: [Bool], accepted: [Bool]) -> Bool {
        for index in finished.indices {
            if accepted[index] { return true }
            if !finished[index] { return false }
        }
        return true
    }
}

/// The next index for either of two threads to take (`PassSharing.map(_:partner:_:)`).
private final class NextIndex: Sendable {
    private let next = Atomic<Int>(0)
    func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// A value handed to other threads under rules its user keeps (`PassSharing.map`).
private struct Unguarded<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

import Dispatch
import Glibc
import ScryCore
import ScryText
import Synchronization

/// Tesseract engines of one language, one per core (at most `capacity`), that read several
/// lines at once: each engine on a thread of its own, each line read by exactly one of them,
/// the results in the lines' order, as one engine reading them one after another gives them
/// (tesseract reads a line the same whichever engine reads it).
final class TesseractReaders {
    private let engines: [TesseractEngine]

    /// `language`: tesseract's trained-data name (`ara`); `capacity`: the most lines read at
    /// once (fewer where the machine has fewer cores).
    init(language: String, capacity: Int) throws {
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        engines = try (0..<max(1, min(capacity, cores))).map { _ in try TesseractEngine(language: language) }
    }

    /// How many lines are read at once.
    var count: Int { engines.count }

    /// `body(engine, line)` for each of `lines`, the lines shared between the engines' threads;
    /// the results in the order of `lines`. `body` may run on several threads at once, each
    /// with an engine of its own.
    func map<Result>(_ lines: [GrayImage], _ body: (TesseractEngine, GrayImage) -> Result) -> [Result] {
        let threads = min(engines.count, lines.count)
        guard threads > 1 else { return lines.map { body(engines[0], $0) } }
        let results = UnsafeMutableBufferPointer<Result>.allocate(capacity: lines.count)
        defer { results.deallocate() }
        let next = Atomic<Int>(0)
        withoutActuallyEscaping(body) { body in
            // Each index is taken by exactly one thread, which alone writes its slot, and each
            // engine is used by the one thread whose number it has.
            let shared = Unguarded((results: results, engines: engines, lines: lines, body: body))
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let (results, engines, lines, body) = shared.value
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < lines.count else { return }
                    (results.baseAddress! + index).initialize(to: body(engines[thread], lines[index]))
                }
            }
        }
        let ordered = Array(results)
        _ = results.deinitialize()
        return ordered
    }
}

/// A value handed to other threads under rules its user keeps (`TesseractReaders`).
private struct Unguarded<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

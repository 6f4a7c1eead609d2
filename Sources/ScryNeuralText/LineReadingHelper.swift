import Foundation
import Glibc
import ScryCore
import ScryNeural
import Synchronization

/// A second thread that reads a frame's new lines beside the lane's own thread, with an engine
/// (and models) of its own, so that a page's lines are read in about half the time on a machine
/// with a core to spare. The thread runs at a lower priority (nice 10): any other lane, or
/// capture, takes the CPU first, and the helper reads on what they leave idle.
final class LineReadingHelper: Sendable {
    /// The lines of one frame to read, shared by the lane's thread and the helper's: each
    /// takes the next line not taken until none is left or the frame's time is up.
    final class Batch: Sendable {
        let image: GrayImage
        let lines: [RotatedRectangle]
        /// Taking new lines stops here (the first line is always taken).
        let deadline: ContinuousClock.Instant?
        private struct State {
            var next = 0
            var readings: [Int: [TextObservation]] = [:]
        }
        private let state = Mutex(State())
        /// Signalled when the helper has taken its last line of the batch and read it.
        let helperDone = DispatchSemaphore(value: 0)

        init(image: GrayImage, lines: [RotatedRectangle], deadline: ContinuousClock.Instant?) {
            self.image = image
            self.lines = lines
            self.deadline = deadline
        }

        /// The index of the next line to read, or nil when none is left or time is up.
        func take() -> Int? {
            state.withLock { state -> Int? in
                guard state.next < lines.count else { return nil }
                if state.next > 0, let deadline, ContinuousClock.now >= deadline { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        /// Keeps line `index`'s reading (nil: the line could not be read).
        func store(_ index: Int, _ reading: [TextObservation]?) {
            state.withLock { state in
                if let reading { state.readings[index] = reading }
            }
        }

        /// Every line read, by index.
        var readings: [Int: [TextObservation]] { state.withLock { $0.readings } }
    }

    /// What the helper's thread shares with this object (the thread does not keep the object
    /// alive: closing the queue when it goes ends the thread).
    private final class Shared: Sendable {
        let queue = WorkQueue<Batch>()
        /// Whether the helper's engine loaded (else it takes no lines); nil until it tried.
        let loaded = Mutex<Bool?>(nil)
        let started = DispatchSemaphore(value: 0)
    }
    private let shared = Shared()

    /// Starts the thread and loads its engine there; the engine's options and models are the
    /// lane's.
    init(options: NeuralTextEngine.Options, models: TextModels, runtime: NeuralRuntime?) {
        let shared = self.shared
        let thread = Thread {
            // On Linux the nice value is a thread's own, and 0 names the calling thread.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            let engine = try? NeuralTextEngine(options: options, models: models, runtime: runtime)
            shared.loaded.withLock { $0 = engine != nil }
            shared.started.signal()
            while let batch = shared.queue.take() {
                if let engine {
                    while let index = batch.take() {
                        batch.store(index, try? engine.read(batch.lines[index], in: batch.image))
                    }
                }
                batch.helperDone.signal()
            }
        }
        thread.name = "scry-text-helper"
        thread.start()
    }

    /// Whether the helper reads lines (its engine loaded); waits for it to have tried.
    var isReading: Bool {
        if shared.loaded.withLock({ $0 }) == nil {
            shared.started.wait()
            shared.started.signal()
        }
        return shared.loaded.withLock { $0 } ?? false
    }

    /// Hands `batch` to the helper, which reads lines of it until none is left.
    func help(with batch: Batch) {
        shared.queue.post(batch)
    }

    deinit {
        shared.queue.close()
    }
}

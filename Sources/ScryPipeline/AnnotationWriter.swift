import Foundation
import Glibc
import ScryCore
import ScryImageIO
import Synchronization
import SystemPackage

/// Why a picture could not be written.
public struct AnnotationError: Error, CustomStringConvertible {
    public var path: String
    public var reason: ImageFileError
    public var description: String { "\(path): \(reason)" }
}

/// `--annotate DIR`: a picture of each image file, and of each stream frame that had a
/// detection, with every detection drawn over it (`AnnotatedPicture`), named after the frame
/// (`frame-000123.png`) or the image file (`photos_shelf.jpg.png` for photos/shelf.jpg). An
/// image file in which nothing was found gets its picture too, its legend saying so. With
/// `lanesPerFrame` (a lockstep run, where every lane sees every frame) a picture is written
/// once, when the last lane has reported; otherwise, when a second lane reports on the same
/// frame, its picture is written again with both lanes' detections. `maximumPerSecond` (live capture)
/// skips the frames that come too soon after the last picture; a lockstep run writes every one.
/// Lanes call it from their own threads.
///
/// In the background (streamed runs), pictures are encoded and written on a thread of their
/// own behind a one-slot mailbox, so a detector lane never waits for a PNG encoder; a picture
/// still waiting when the next is due is replaced by it. A write failure is then thrown by the
/// next `add` and by `finish()`.
public final class AnnotationWriter: Sendable {
    public let directory: FilePath
    private let minimumNanoseconds: UInt64
    private let state = Mutex(State())
    /// The background writer (latest-only: a picture still waiting is replaced by the next).
    private let writer: Worker<Picture>?

    /// One picture to write.
    private struct Picture: Sendable {
        var image: GrayImage
        var annotations: [Annotation]
        var legend: String
        var path: FilePath
    }

    private struct Pending {
        var upright: GrayImage
        var origin: FrameOrigin
        var lanes: [String: [Annotation]] = [:]
        var written = false
    }

    private struct State {
        var lanesPerFrame: Int?
        var pending: [UInt64: Pending] = [:]
        var order: [UInt64] = []
        var lastWritten: ContinuousClock.Instant?
        var written = 0
    }

    /// Creates `directory` when it is missing (its parent must exist). Throws the errno when it
    /// cannot be made or is not a directory.
    public init(directory: FilePath, maximumPerSecond: Double? = nil, inBackground: Bool = false) throws(Errno) {
        self.directory = directory
        minimumNanoseconds = maximumPerSecond.map { UInt64(1e9 / $0) } ?? 0
        try FileCreation.makeDirectory(directory)
        writer = inBackground ? Worker(name: "scry-annotate", delivery: .latestOnly) : nil
        writer?.start { jobs in
            while let picture = jobs.next() { try Self.write(picture) }
        }
    }

    /// The background writer's first failure.
    private var writerFailure: AnnotationError? { writer?.failure as? AnnotationError }

    /// Waits for the pictures still to be written (in the background) and throws the first
    /// failure. Call once, after the last `add`.
    public func finish() throws(AnnotationError) {
        writer?.join()
        if let error = writerFailure { throw error }
    }

    private static func write(_ picture: Picture) throws(AnnotationError) {
        do throws(ImageFileError) {
            try AnnotatedPicture.write(picture.image, annotations: picture.annotations, legend: picture.legend, to: picture.path)
        } catch {
            throw AnnotationError(path: picture.path.string, reason: error)
        }
    }

    /// In a lockstep run, how many lanes report on each frame: its picture waits for them all.
    public var lanesPerFrame: Int? {
        get { state.withLock { $0.lanesPerFrame } }
        set { state.withLock { $0.lanesPerFrame = newValue } }
    }

    /// Frames pictured so far (in the background: handed to the writer; a picture replaced in
    /// its mailbox before it was written is not counted).
    public var picturesWritten: Int { state.withLock { $0.written } - (writer?.droppedCount ?? 0) }

    /// A lane's detections in `frame` (turned upright to `upright`).
    public func add(
        frame: Frame, origin: FrameOrigin, upright: GrayImage, lane: String, annotations: [Annotation]
    ) throws(AnnotationError) {
        if let error = writerFailure { throw error }
        let key = frame.sequence
        let picture = state.withLock { (state: inout State) -> Picture? in
            let isImageFile = if case .imageFile = origin { true } else { false }
            if state.pending[key] == nil {
                guard !annotations.isEmpty || isImageFile || state.lanesPerFrame != nil else { return nil }
                state.pending[key] = Pending(upright: upright, origin: origin)
                state.order.append(key)
                if state.order.count > 16 { state.pending[state.order.removeFirst()] = nil }
            }
            state.pending[key]!.lanes[lane] = annotations
            let pending = state.pending[key]!
            if let lanes = state.lanesPerFrame, pending.lanes.count < lanes { return nil }
            let all = pending.lanes.keys.sorted().flatMap { pending.lanes[$0]! }
            guard !all.isEmpty || isImageFile else { return nil }
            if !pending.written, minimumNanoseconds > 0, let last = state.lastWritten,
                (ContinuousClock.now - last).nanoseconds < minimumNanoseconds
            {
                return nil
            }
            let found = pending.lanes.keys.sorted().filter { !pending.lanes[$0]!.isEmpty }
            let counts = found.isEmpty
                ? "nothing found" : found.map { "\($0) \(pending.lanes[$0]!.count)" }.joined(separator: "  ")
            if !pending.written { state.written += 1 }
            state.pending[key]!.written = true
            state.lastWritten = .now
            return Picture(
                image: pending.upright, annotations: all, legend: "\(pending.origin.legendName)  \(counts)",
                path: directory.appending(Self.fileName(for: pending.origin)))
        }
        guard let picture else { return }
        if let writer { writer.post(picture) } else { try Self.write(picture) }
    }

    /// The picture's file name: `frame-000123.png`, or the image's path with its folders joined
    /// by "_" (`photos_shelf.jpg.png`).
    public static func fileName(for origin: FrameOrigin) -> String {
        switch origin {
        case .streamFrame(_, let sequence):
            let digits = String(sequence)
            return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
        case .imageFile(let name):
            var parts = name.split(separator: "/").filter { $0 != "." && $0 != ".." }
            if parts.isEmpty { parts = ["image"] }
            return parts.joined(separator: "_") + ".png"
        }
    }
}

extension FrameOrigin {
    /// How the legend names the frame: "frame 123", or the image's name.
    var legendName: String {
        switch self {
        case .streamFrame(_, let sequence): "frame \(sequence)"
        case .imageFile(let name): name
        }
    }
}

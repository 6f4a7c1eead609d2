import Foundation
import Glibc
@testable import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import Synchronization
import SystemPackage
import Testing

/// Which threads used a worker.
private final class ThreadLog: Sendable {
    private let threads = Mutex<Set<UInt>>([])
    func record() { threads.withLock { _ = $0.insert(UInt(pthread_self())) } }
    var count: Int { threads.withLock { $0.count } }
}

@Test func sharedResultsComeInIndexOrderAndEachWorkerStaysOnOneThread() {
    let logs = [ThreadLog(), ThreadLog()]
    let squares = PassSharing.map(500, workers: logs) { log, index in
        log.record()
        // Enough work that both threads take indices.
        var total = 0
        for step in 0..<(index % 7) * 1_000 { total &+= step }
        return index * index + (total & 0)
    }
    #expect(squares == (0..<500).map { $0 * $0 })
    #expect(logs.allSatisfy { $0.count <= 1 })
}

/// A map inside a shared job (the turns of an image, whose passes share too) neither waits for
/// the cores held by the outer one nor hands a worker to two threads.
@Test func aMapInsideASharedJobKeepsItsWorkersApart() {
    let results = PassSharing.map(4, workers: ["a", "b"]) { outer, index in
        let logs = [ThreadLog(), ThreadLog()]
        let inner = PassSharing.map(50, workers: logs) { log, inner in
            log.record()
            return inner + index
        }
        #expect(logs.allSatisfy { $0.count <= 1 })
        return "\(outer.count)-\(inner.reduce(0, +))"
    }
    #expect(results == (0..<4).map { "1-\(1_225 + 50 * $0)" })
}

/// A live frame's passes shared with a partner thread: the results in index order, each index
/// taken once, on at most two threads (the caller's and the partner's), many times over with
/// one partner; none shared while the cores are held (`alone`), and a partner let go ends its
/// thread (`deinit` joins it).
@Test func aPartnerTakesAShareAndResultsComeInIndexOrder() {
    let partner = PassPartner(name: "scry-test-2")
    let threads = ThreadLog()
    for round in 0..<200 {
        let taken = Mutex<[Int]>([])
        let results = PassSharing.map(3 + round % 5, partner: partner) { index -> Int in
            threads.record()
            taken.withLock { $0.append(index) }
            var total = 0
            for step in 0..<(index % 3) * 5_000 { total &+= step }
            return 10 * index + round + (total & 0)
        }
        #expect(results == (0..<(3 + round % 5)).map { 10 * $0 + round })
        #expect(taken.withLock { $0.sorted() } == Array(0..<(3 + round % 5)))
    }
    #expect(threads.count <= 2)
    let alone = ThreadLog()
    let inTurn = PassSharing.alone {
        PassSharing.map(6, partner: partner) { index -> Int in
            alone.record()
            return index
        }
    }
    #expect(inTurn == Array(0..<6) && alone.count == 1)
    #expect(PassSharing.map(1, partner: partner) { $0 + 1 } == [1])
    #expect(PassSharing.map(0, partner: partner) { $0 }.isEmpty)
}

@Test func noWorkAndOneJobNeedNoSecondThread() {
    #expect(PassSharing.map(0, workers: [1, 2]) { $0 + $1 }.isEmpty)
    #expect(PassSharing.map(1, workers: [1, 2]) { $0 + $1 } == [1])
}

/// The still profile reads the same with the passes shared between the cores as one after
/// another, on pictures that take each way through the strategy: read plainly (a QR code with
/// another nested in it), an EAN/UPC put to the vote with an add-on search, a PDF417 checked
/// a half turn round, a MaxiCode read only turned back upright, a stacked code read only
/// turned by the lean of its edges, photos read by no pass, and one without any code.
@Test(arguments: [
    "qrcode-2/16.webp", "upca-extension-1/18.webp", "ean13-2/09.webp", "upca-5/27.webp", "pdf417-3/05.webp",
    "maxicode-1/MODE2.png@right", "Fixtures/tilted-databar-stacked.webp", "Fixtures/flipped-upca.png",
    "upca-5/19.webp", "qrcode-4/33.webp", "falsepositives-2/14.webp",
])
func sharedPassesReadWhatPassesInTurnRead(_ picture: String) throws {
    let parts = picture.split(separator: "@").map(String.init)
    let path = parts[0].hasPrefix("Fixtures/")
        ? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(parts[0]).path
        : RepositoryPaths.eval.appendingPathComponent("barcodes/\(parts[0])").path
    var image = try ImageFile.readGray(path: FilePath(path))
    if parts.count > 1 { image = image.turnedUpright(from: try #require(ImageOrientation(name: parts[1]))) }
    let shared = BarcodeDetector().detect(in: image)
    let inTurn = PassSharing.alone { BarcodeDetector().detect(in: image) }
    #expect(shared == inTurn)
    if parts.count > 1 { #expect(!shared.isEmpty, "read only turned back upright") }
}

/// Counts the jobs started.
private final class JobCount: Sendable {
    private let started = Mutex<[Int]>([])
    func record(_ index: Int) { started.withLock { $0.append(index) } }
    var indices: [Int] { started.withLock { $0 } }
}

/// Busy work of about `units` thousand steps, so that both threads take jobs.
private func work(_ units: Int) -> Int {
    var total = 0
    for step in 0..<units * 1_000 { total &+= step }
    return total & 0
}

/// The answer is the first accepted in index order, whatever order the jobs start in and
/// whichever finishes first: every job accepted, started last to first, still answers index 0.
@Test(arguments: [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [0, 1, 4, 2, 3], [2, 0, 4, 1, 3]])
func theFirstAcceptedInIndexOrderAnswers(startOrder: [Int]) {
    for acceptedFrom in 0...5 {
        let jobs = JobCount()
        let answer = PassSharing.first(5, startOrder: startOrder, workers: ["a", "b"], found: { $0 >= acceptedFrom }) {
            _, index in
            jobs.record(index)
            return index + work((5 - index) * 40)
        }
        #expect(answer?.index == (acceptedFrom < 5 ? acceptedFrom : nil), "\(startOrder) \(acceptedFrom)")
        #expect(answer?.result == answer?.index)
        // Each job runs at most once, and every job before the answer runs.
        #expect(Set(jobs.indices).count == jobs.indices.count)
        #expect((0..<min(acceptedFrom, 5)).allSatisfy(jobs.indices.contains))
        if acceptedFrom == 5 { #expect(jobs.indices.count == 5) }
    }
}

/// Once the answer is settled no job starts: it is settled when a job is accepted and every
/// job before it has finished. Nested in a shared job, the jobs run one after another and
/// stop at the answer.
@Test func noJobStartsOnceTheAnswerIsSettled() {
    #expect(PassSharing.isSettled([true, false, false], accepted: [true, false, false]))
    #expect(!PassSharing.isSettled([false, true, false], accepted: [false, true, false]))
    #expect(PassSharing.isSettled([true, true, false], accepted: [false, true, false]))
    #expect(!PassSharing.isSettled([true, false, true], accepted: [false, false, true]))
    #expect(PassSharing.isSettled([true, true], accepted: [false, false]))
    let outer = PassSharing.map(2, workers: [0, 1]) { _, _ -> [Int] in
        let jobs = JobCount()
        let answer = PassSharing.first(6, startOrder: [0, 1, 2, 3, 4, 5], workers: ["a", "b"], found: { $0 == 2 }) {
            _, index in
            jobs.record(index)
            return index
        }
        #expect(answer?.index == 2)
        return jobs.indices
    }
    #expect(outer == [[0, 1, 2], [0, 1, 2]])
}

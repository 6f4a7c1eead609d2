import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode
import Synchronization

/// The detector lanes of a streamed run (`scry live`, `scry replay --realtime`): a barcode
/// lane and a text lane (each detector in its video profile), each on its own thread behind
/// a one-slot mailbox. The producer posts every frame and never waits.
final class DetectionPipeline: Sendable {
    let barcodeLane: DetectionLane?
    let textLane: DetectionLane?
    private let stop = Mutex<LaneStop?>(nil)

    /// Builds the analyzers the options ask for and starts their lanes.
    init(options: DetectionOptions, tracking: TrackingOptions, output: Output) throws {
        let barcodeAnalyzer =
            options.noBarcodes ? nil : try options.makeAnalyzer(text: false, profile: .video)
        let textAnalyzer = options.noText ? nil : try options.makeAnalyzer(barcodes: false, textProfile: .video)
        barcodeLane = barcodeAnalyzer == nil ? nil : DetectionLane(name: "barcode")
        textLane = textAnalyzer == nil ? nil : DetectionLane(name: "text")
        let onStop: @Sendable (LaneStop) -> Void = { [unowned self] reason in
            self.requestStop(reason)
        }
        // --orientation auto: the text lane (else the barcode lane) follows the orientation;
        // both lanes turn their frames by it.
        let shared = options.detectsOrientation ? SharedOrientation(.up) : nil
        let follower = try options.makeOrientationFollower()
        func orientation(following: Bool) -> LaneOrientation? {
            shared.map { LaneOrientation(shared: $0, follower: following ? follower.map(ThreadOwned.init) : nil) }
        }
        if let barcodeLane, let barcodeAnalyzer {
            barcodeLane.start(
                analyzer: barcodeAnalyzer, orientation: orientation(following: textAnalyzer == nil), tracking: tracking,
                output: output, onStop: onStop)
        }
        if let textLane, let textAnalyzer {
            textLane.start(
                analyzer: textAnalyzer, orientation: orientation(following: true), tracking: tracking, output: output,
                onStop: onStop)
        }
    }

    /// Hands a frame to every lane; returns at once.
    func post(_ frame: Frame, captured: ContinuousClock.Instant) {
        let input = LaneInput(frame: frame, captured: captured)
        barcodeLane?.mailbox.post(input)
        textLane?.mailbox.post(input)
    }

    private func requestStop(_ reason: LaneStop) {
        stop.withLock { current in if current == nil { current = reason } }
    }

    /// Why a lane asked the run to stop (stdout closed, a failure), or nil.
    var stopRequest: LaneStop? { stop.withLock { $0 } }

    /// Closes the mailboxes, lets each lane finish the frame it holds and the one waiting,
    /// and returns what each lane did.
    func finish() -> (barcode: LaneStatistics?, text: LaneStatistics?) {
        barcodeLane?.mailbox.close()
        textLane?.mailbox.close()
        return (barcodeLane?.join(), textLane?.join())
    }
}

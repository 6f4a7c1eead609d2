import ArgumentParser
import ScryCore

/// How streamed and replayed barcodes and text lines are grouped into tracks (see
/// `BarcodeTracker` and `TextTracker`).
struct TrackingOptions: ParsableArguments {
    @Flag(help: "Report every sighting of a barcode or text line (events \"seen\" and \"unconfirmed\"), not only when its track is confirmed and lost.")
    var everyFrame = false

    @Option(help: ArgumentHelp("A track unseen for this many seconds of frame time is lost.", valueName: "seconds"))
    var lostAfter = 0.5

    func validate() throws {
        guard lostAfter.isFinite, lostAfter > 0, lostAfter <= 3600 else {
            throw ValidationError("--lost-after must be a number of seconds above 0 and at most 3600")
        }
    }

    /// The tracking these options ask for.
    var policy: TrackingPolicy {
        TrackingPolicy(lostAfterNanoseconds: UInt64(lostAfter * 1e9), everyFrame: everyFrame)
    }
}

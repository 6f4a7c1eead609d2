import ArgumentParser
import ScryCore
import ScryMotion

/// `--track-object` and `--tracking-level`: objects marked by a box, followed.
struct TrackObjectOptions: LaneOptions {
    @Option(
        name: .customLong("track-object"),
        help: ArgumentHelp(
            "Follow what this box holds (pixels of the frame as stored, top-left origin; @N: the box is in frame N, else the first): object lines with its track (1 for the first box given), bounds, pixel_bounds and confidence, on confirmed, lost (left the view or hidden) and found (back in view), every frame with --every-frame. May be given several times.",
            valueName: "x,y,w,h[@N]"))
    var trackObject: [String] = []

    @Option(help: ArgumentHelp("With --track-object: fast or accurate (Vision's tracking levels; accurate follows more points and looks for a lost object in every frame).", valueName: "level"))
    var trackingLevel: ObjectFollower.Level = .accurate

    func validate() throws {
        for value in trackObject { _ = try Self.request(parsing: value) }
    }

    var asksForLane: Bool { !trackObject.isEmpty }

    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector {
        try makeDetector(tracking: tracking, inbox: nil)
    }

    /// The object lane, also following the boxes `inbox` is handed while the run goes.
    func makeDetector(tracking: TrackingPolicy?, inbox: ObjectRequests?) throws -> any Detector {
        ObjectTrackingDetector(
            requests: try trackObject.map(Self.request(parsing:)), level: trackingLevel, everyFrame: tracking?.everyFrame ?? true,
            inbox: inbox)
    }

    /// `x,y,w,h` or `x,y,w,h@N`.
    static func request(parsing value: String) throws -> ObjectTrackingDetector.Request {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count <= 2, numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3],
            [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }), width > 0, height > 0
        else {
            throw ValidationError("--track-object takes a box x,y,w,h in pixels (w and h above 0), optionally @N for the frame it is in: not '\(value)'")
        }
        var frame: UInt64?
        if parts.count == 2 {
            guard let number = UInt64(parts[1]) else {
                throw ValidationError("--track-object: @N must be a frame number (0 or more): not '\(value)'")
            }
            frame = number
        }
        return ObjectTrackingDetector.Request(box: PixelRect(x: x, y: y, width: width, height: height), frame: frame)
    }
}

extension ObjectFollower.Level: ExpressibleByArgument {}

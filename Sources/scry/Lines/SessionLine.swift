import ScryCapture
import ScryCore

/// The first line of every detecting run: what is read and how.
public struct SessionLine: OutputLine {
    public static let lineType = "session"
    /// Bumped whenever a field changes meaning or disappears.
    public static let schemaVersion = 2

    public enum Source: String, Sendable { case image, replay, live }

    public var source: Source
    /// The orientation frames are stored in (Vision's name), or "auto".
    public var orientation: String
    /// The run's detector lanes by name, in the order they see a frame ("barcode", "text").
    public var detectors: [String]
    /// Whether text boxes carry their text.
    public var recognize: Bool
    public var scryVersion: String
    /// replay: the dump; image: how many files.
    public var file: String?
    public var files: Int?
    /// replay --realtime.
    public var realtime = false
    /// live: the camera and how it was set up, and the recording.
    public var device: String?
    public var card: String?
    public var driver: String?
    public var converted: Bool?
    public var record: String?
    /// live: the rate asked for (`--fps`); the rate the driver set or reports, in frames a
    /// second (nil: it says nothing of its rate); the highest rate the camera lists for the
    /// format at the frame size (nil: it lists none).
    public var requestedRate: Int?
    public var grantedRate: Double?
    public var listedMaximumRate: Double?
    /// The frames' pixel format, their stored size, and the size they have upright (a live
    /// run's, or a replay's first frame).
    public var pixelFormat: String?
    public var frameSize: ImageSize?
    public var uprightSize: ImageSize?

    public init(source: Source, orientation: String, detectors: [String], recognize: Bool, scryVersion: String) {
        self.source = source
        self.orientation = orientation
        self.detectors = detectors
        self.recognize = recognize
        self.scryVersion = scryVersion
    }

    public var members: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "schema_version": .int(Self.schemaVersion), "source": .string(source.rawValue),
            "orientation": .string(orientation), "detectors": .array(detectors.map(JSONValue.string)),
            "recognize": .bool(recognize), "scry_version": .string(scryVersion),
        ]
        if let file { object["file"] = .string(file) }
        if let files { object["files"] = .int(files) }
        if realtime { object["realtime"] = .bool(true) }
        if let device { object["device"] = .string(device) }
        if let card { object["card"] = .string(card) }
        if let driver { object["driver"] = .string(driver) }
        if let converted { object["converted"] = .bool(converted) }
        if let record { object["record"] = .string(record) }
        if let requestedRate {
            object["requested_fps"] = .int(requestedRate)
            object["fps"] = grantedRate.map { .double(FrameRateOffer.rounded($0)) } ?? .null
            object["listed_max_fps"] = listedMaximumRate.map { .double(FrameRateOffer.rounded($0)) } ?? .null
        }
        if let pixelFormat { object["pixel_format"] = .string(pixelFormat) }
        if let frameSize {
            object["frame_width"] = .int(frameSize.width)
            object["frame_height"] = .int(frameSize.height)
        }
        if let uprightSize {
            object["width"] = .int(uprightSize.width)
            object["height"] = .int(uprightSize.height)
        }
        return object
    }

    public static var examples: [SessionLine] {
        var live = SessionLine(source: .live, orientation: "right", detectors: ["barcode"], recognize: false, scryVersion: "1.0")
        live.device = "/dev/video0"
        live.card = "Webcam"
        live.driver = "uvcvideo"
        live.converted = false
        live.requestedRate = 30
        live.grantedRate = 30
        live.listedMaximumRate = 30
        live.record = "out.scrydump"
        live.pixelFormat = "YUYV"
        live.frameSize = ImageSize(width: 1280, height: 720)
        live.uprightSize = ImageSize(width: 720, height: 1280)
        var replay = SessionLine(
            source: .replay, orientation: "auto", detectors: ["barcode", "text"], recognize: true, scryVersion: "1.0")
        replay.file = "demo.scrydump"
        replay.realtime = true
        var image = SessionLine(
            source: .image, orientation: "up", detectors: ["rectangle", "face", "text"], recognize: false, scryVersion: "1.0")
        image.files = 3
        return [live, replay, image]
    }
}

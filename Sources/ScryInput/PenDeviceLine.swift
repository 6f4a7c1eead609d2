import ScryCore

/// `scry devices`: an input device that can draw, for `scry ink --device`.
public struct PenDeviceLine: OutputLine {
    public static let lineType = "input_device"

    public var description: PenDeviceDescription

    public init(_ description: PenDeviceDescription) {
        self.description = description
    }

    public var members: [String: JSONValue] {
        func axis(_ axis: PenDeviceDescription.Axis) -> JSONValue {
            var members: [String: JSONValue] = ["minimum": .int(Int(axis.minimum)), "maximum": .int(Int(axis.maximum))]
            if axis.resolution > 0 { members["units_per_mm"] = .int(Int(axis.resolution)) }
            return .object(members)
        }
        return [
            "device": .string(description.path), "name": .string(description.name), "kind": .string(description.kind.rawValue),
            "x": axis(description.x), "y": axis(description.y),
        ]
    }

    public static var examples: [PenDeviceLine] {
        [
            PenDeviceLine(
                PenDeviceDescription(
                    path: "/dev/input/event5", name: "Wacom Intuos S Pen", kind: .pen,
                    x: .init(minimum: 0, maximum: 15200, resolution: 100), y: .init(minimum: 0, maximum: 9500, resolution: 100)))
        ]
    }
}

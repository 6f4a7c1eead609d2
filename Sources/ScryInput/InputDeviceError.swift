/// Why an input device could not be opened or read.
public enum InputDeviceError: Error, Equatable, CustomStringConvertible {
    /// No such node.
    case notFound
    /// The node exists but this user may not read it (the `input` group, or root).
    case permissionDenied
    /// The node is not an event device (`/dev/input/eventN`).
    case notAnEventDevice
    /// The device is not a pen or a touch surface: no absolute x and y with a touch or pen
    /// button.
    case notAPen(name: String)
    /// The device went away (unplugged).
    case disconnected
    /// Any other failure, with the system's message.
    case failed(String)

    public var description: String {
        switch self {
        case .notFound: "no such device"
        case .permissionDenied: "permission denied (is this user in the input group?)"
        case .notAnEventDevice: "not an input event device (/dev/input/eventN)"
        case .notAPen(let name): "\(name.isEmpty ? "the device" : "\"\(name)\"") is not a pen or touch surface (no absolute x and y with a touch or pen button)"
        case .disconnected: "the device was disconnected"
        case .failed(let message): message
        }
    }
}

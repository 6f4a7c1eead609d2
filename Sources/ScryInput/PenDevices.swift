import Glibc
import ScryCore

/// The input devices that can draw, found among /dev/input/event*.
public enum PenDevices {
    /// Each pen, touch screen and touchpad, in node order, and the nodes that could not be
    /// opened (with why). Devices that cannot draw are left out silently.
    public static func list(directory: String = "/dev/input") -> (devices: [PenDeviceDescription], failures: [(path: String, error: InputDeviceError)]) {
        guard let names = DirectoryNames.read(directory) else { return ([], []) }
        var numbers: [Int] = []
        for name in names.map({ String(decoding: $0, as: UTF8.self) }) {
            if name.hasPrefix("event"), let number = Int(name.dropFirst(5)) { numbers.append(number) }
        }
        var devices: [PenDeviceDescription] = []
        var failures: [(path: String, error: InputDeviceError)] = []
        for number in numbers.sorted() {
            let path = "\(directory)/event\(number)"
            do {
                if let description = try InputDevice(path: path).penDescription { devices.append(description) }
            } catch {
                failures.append((path, error))
            }
        }
        return (devices, failures)
    }
}

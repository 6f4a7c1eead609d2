import Glibc

/// The input devices that can draw, found among /dev/input/event*.
public enum PenDevices {
    /// Each pen, touch screen and touchpad, in node order, and the nodes that could not be
    /// opened (with why). Devices that cannot draw are left out silently.
    public static func list(directory: String = "/dev/input") -> (devices: [PenDeviceDescription], failures: [(path: String, error: InputDeviceError)]) {
        guard let stream = opendir(directory) else { return ([], []) }
        var numbers: [Int] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event"), let number = Int(name.dropFirst(5)) { numbers.append(number) }
        }
        closedir(stream)
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

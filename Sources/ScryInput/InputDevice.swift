import CEvdev
import Glibc

/// An input event device (/dev/input/eventN) read through libevdev: the one wrapper of
/// `CEvdev`. Opened read-only and non-blocking; its events are stamped with `CLOCK_MONOTONIC`.
public final class InputDevice {
    /// The node it was opened from.
    public let path: String
    private let descriptor: Int32
    private let device: OpaquePointer

    public init(path: String) throws(InputDeviceError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENXIO: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            case ENODEV: throw .disconnected
            default: throw .failed(String(cString: strerror(errno)))
            }
        }
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor, &device)
        guard status == 0, let device else {
            close(descriptor)
            if status == -ENOTTY || status == -EINVAL { throw .notAnEventDevice }
            if status == -ENODEV { throw .disconnected }
            throw .failed(String(cString: strerror(-status)))
        }
        self.path = path
        self.descriptor = descriptor
        self.device = device
        _ = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
    }

    deinit {
        libevdev_free(device)
        close(descriptor)
    }

    /// The name the driver gives the device.
    public var name: String {
        libevdev_get_name(device).map { String(cString: $0) } ?? ""
    }

    private func has(_ type: UInt16, _ code: UInt16) -> Bool {
        libevdev_has_event_code(device, UInt32(type), UInt32(code)) == 1
    }

    private func axis(_ code: UInt16) -> PenDeviceDescription.Axis? {
        guard has(InputEvent.absolute, code), let info = libevdev_get_abs_info(device, UInt32(code)) else { return nil }
        return .init(minimum: info.pointee.minimum, maximum: info.pointee.maximum, resolution: info.pointee.resolution)
    }

    /// What the device is, when it can draw: absolute x and y with a touch or pen button;
    /// nil otherwise (a keyboard, a mouse, a joystick).
    public var penDescription: PenDeviceDescription? {
        guard let x = axis(InputEvent.Axis.x), let y = axis(InputEvent.Axis.y), x.maximum > x.minimum, y.maximum > y.minimum
        else { return nil }
        let pen = has(InputEvent.key, InputEvent.Button.toolPen) || has(InputEvent.key, InputEvent.Button.stylus)
        let touch = has(InputEvent.key, InputEvent.Button.touch)
        guard pen || touch else { return nil }
        let direct = libevdev_has_property(device, UInt32(INPUT_PROP_DIRECT)) == 1
        let kind: PenDeviceDescription.Kind = pen ? .pen : direct ? .touchscreen : .touchpad
        return PenDeviceDescription(path: path, name: name, kind: kind, x: x, y: y)
    }

    /// Waits up to `milliseconds` (forever when nil) for events; true when there are some to
    /// read. A signal ends the wait early (false).
    public func waitForEvents(milliseconds: Int?) throws(InputDeviceError) -> Bool {
        if libevdev_has_event_pending(device) > 0 { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let count = poll(&poller, 1, Int32(clamping: milliseconds ?? -1))
        if count < 0 {
            if errno == EINTR { return false }
            throw .failed(String(cString: strerror(errno)))
        }
        if poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { throw .disconnected }
        return count > 0
    }

    /// Every event ready now, without waiting (none when there are none). When the kernel
    /// lost events, libevdev's resynchronization follows: the changes since, then a report.
    public func readEvents() throws(InputDeviceError) -> [InputEvent] {
        var events: [InputEvent] = []
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            var event = input_event()
            let status = libevdev_next_event(device, flags, &event)
            if status == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                    continue
                }
                return events
            }
            if status == -ENODEV { throw .disconnected }
            if status < 0 { throw .failed(String(cString: strerror(-status))) }
            if status == LIBEVDEV_READ_STATUS_SYNC.rawValue { flags = LIBEVDEV_READ_FLAG_SYNC.rawValue }
            events.append(
                InputEvent(
                    type: event.type, code: event.code, value: event.value,
                    microseconds: Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec)))
        }
    }

    /// Now, in microseconds of the clock the events are stamped with.
    public static var nowMicroseconds: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }
}

/// One event of the kernel's input layer (`struct input_event`), as a device node
/// (/dev/input/eventN) delivers it. The codes are the kernel's (linux/input-event-codes.h);
/// the ones a pen or touch screen sends are named below.
public struct InputEvent: Sendable, Equatable {
    /// The event's type: `synchronization`, `key`, `absolute`, ...
    public var type: UInt16
    /// What changed, within the type: an axis (`Axis`) or a button (`Button`).
    public var code: UInt16
    /// The new value: a position in the axis's units, 1 or 0 for a button.
    public var value: Int32
    /// When the kernel saw it, in microseconds of the clock the device was read with
    /// (`CLOCK_MONOTONIC` for `InputDevice`).
    public var microseconds: Int64

    public init(type: UInt16, code: UInt16, value: Int32, microseconds: Int64) {
        self.type = type
        self.code = code
        self.value = value
        self.microseconds = microseconds
    }

    /// `EV_SYN`: the end of a group of events that belong together (`SYN_REPORT`), or events
    /// lost (`SYN_DROPPED`).
    public static let synchronization: UInt16 = 0x00
    /// `EV_KEY`: a button pressed (1) or released (0).
    public static let key: UInt16 = 0x01
    /// `EV_ABS`: a position on an absolute axis.
    public static let absolute: UInt16 = 0x03

    /// `SYN_REPORT`.
    public static let report: UInt16 = 0
    /// `SYN_DROPPED`: the kernel's buffer overflowed; events were lost.
    public static let dropped: UInt16 = 3

    /// Absolute axes.
    public enum Axis {
        /// `ABS_X`, `ABS_Y`.
        public static let x: UInt16 = 0x00
        public static let y: UInt16 = 0x01
        /// `ABS_PRESSURE`.
        public static let pressure: UInt16 = 0x18
    }

    /// Buttons a pen or touch surface reports.
    public enum Button {
        /// `BTN_TOOL_PEN`: a pen is near the surface.
        public static let toolPen: UInt16 = 0x140
        /// `BTN_TOOL_FINGER`: a finger is on a touchpad.
        public static let toolFinger: UInt16 = 0x145
        /// `BTN_TOUCH`: the pen's tip or a finger touches the surface.
        public static let touch: UInt16 = 0x14a
        /// `BTN_STYLUS`: the pen's side button.
        public static let stylus: UInt16 = 0x14b
    }
}

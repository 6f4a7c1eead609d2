/// What an input device that can draw is: a pen tablet, a touch screen or a touchpad, with its
/// axes' ranges.
public struct PenDeviceDescription: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A pen or stylus (`BTN_TOOL_PEN` or `BTN_STYLUS`): a graphics tablet, a pen display.
        case pen
        /// A surface touched directly where the picture is (`INPUT_PROP_DIRECT`, `BTN_TOUCH`).
        case touchscreen
        /// A surface touched apart from the picture (`BTN_TOUCH` without `INPUT_PROP_DIRECT`).
        case touchpad
    }

    /// One absolute axis, in the device's units.
    public struct Axis: Sendable, Equatable {
        public var minimum: Int32
        public var maximum: Int32
        /// Units per millimetre; 0 when the device does not say.
        public var resolution: Int32

        public init(minimum: Int32, maximum: Int32, resolution: Int32) {
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }
    }

    /// The node, e.g. /dev/input/event5.
    public var path: String
    /// The name the driver gives it.
    public var name: String
    public var kind: Kind
    public var x: Axis
    public var y: Axis

    public init(path: String, name: String, kind: Kind, x: Axis, y: Axis) {
        self.path = path
        self.name = name
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// A pen device read through libevdev, its events decoded into samples (`PenEventDecoder`).
public struct PenReader: PenSampleSource {
    public let device: InputDevice
    private var decoder = PenEventDecoder()

    public init(device: InputDevice) {
        self.device = device
    }

    public mutating func samples(waitingAtMost milliseconds: Int) throws(InputDeviceError) -> [PenSample] {
        guard try device.waitForEvents(milliseconds: milliseconds) else { return [] }
        var samples: [PenSample] = []
        for event in try device.readEvents() { samples += decoder.take(event) }
        return samples
    }

    public var nowMilliseconds: Double { Double(InputDevice.nowMicroseconds) / 1000 }
}

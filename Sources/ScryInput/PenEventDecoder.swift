/// Turns a pen's or touch screen's input events into pen samples: the position and the
/// contact (`BTN_TOUCH`) are taken at the end of each group of events (`SYN_REPORT`), as the
/// kernel's protocol asks; a group that begins contact gives `.down`, one that moves while in
/// contact `.move`, one that ends it `.up`. Hovering (a pen near the surface, not touching)
/// gives nothing. After lost events (`SYN_DROPPED`) `InputDevice` delivers libevdev's
/// resynchronization: the changes since, then a report, which this reads as any other group.
public struct PenEventDecoder: Sendable {
    private var x: Int32?
    private var y: Int32?
    private var touching = false
    private var wasTouching = false
    private var moved = false

    public init() {}

    /// The samples `event` completes (none until a `SYN_REPORT`).
    public mutating func take(_ event: InputEvent) -> [PenSample] {
        switch event.type {
        case InputEvent.absolute:
            if event.code == InputEvent.Axis.x, event.value != x {
                x = event.value
                moved = true
            } else if event.code == InputEvent.Axis.y, event.value != y {
                y = event.value
                moved = true
            }
        case InputEvent.key where event.code == InputEvent.Button.touch:
            touching = event.value != 0
        case InputEvent.synchronization where event.code == InputEvent.report:
            return report(at: Double(event.microseconds) / 1000)
        default: break
        }
        return []
    }

    private mutating func report(at milliseconds: Double) -> [PenSample] {
        // No position yet (contact reported before any axis): nothing to draw, and the
        // contact begins with the first report that has one.
        guard let x, let y else { return [] }
        defer {
            wasTouching = touching
            moved = false
        }
        let at = { (phase: PenSample.Phase) in
            PenSample(phase: phase, x: Double(x), y: Double(y), milliseconds: milliseconds)
        }
        switch (wasTouching, touching) {
        case (false, true): return [at(.down)]
        case (true, true): return moved ? [at(.move)] : []
        case (true, false): return [at(.up)]
        case (false, false): return []
        }
    }
}

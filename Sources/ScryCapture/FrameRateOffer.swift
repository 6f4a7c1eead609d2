import ScryCore

/// The time between two frames, as V4L2 gives it (`struct v4l2_fract`): `numerator` /
/// `denominator` seconds. 1/30 is 30 frames a second; NTSC's 1001/30000 is 29.97.
public struct FrameInterval: Sendable, Equatable, Hashable {
    public var numerator: Int
    public var denominator: Int

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The interval of `framesPerSecond` whole frames a second.
    public init(framesPerSecond: Int) {
        self.init(numerator: 1, denominator: framesPerSecond)
    }

    /// Frames per second; 0 for an interval a driver gave with a zero denominator or numerator.
    public var framesPerSecond: Double {
        numerator > 0 && denominator > 0 ? Double(denominator) / Double(numerator) : 0
    }
}

/// The frame rates a camera offers for one pixel format at one size
/// (`VIDIOC_ENUM_FRAMEINTERVALS`).
public enum FrameRateOffer: Sendable, Equatable {
    /// A list of exact intervals, as webcams report them (UVC: the intervals of each frame
    /// descriptor).
    case discrete([FrameInterval])
    /// Any interval from `shortest` to `longest` (stepwise and continuous ranges).
    case range(shortest: FrameInterval, longest: FrameInterval)

    /// The highest rate offered, in frames per second.
    public var highestRate: Double {
        switch self {
        case .discrete(let intervals): intervals.map(\.framesPerSecond).max() ?? 0
        case .range(let shortest, _): shortest.framesPerSecond
        }
    }

    /// The rates offered, for `scry devices` and messages: "30, 15, 10 fps" (highest first),
    /// or "1 to 60 fps".
    public var description: String {
        switch self {
        case .discrete(let intervals):
            let rates = Set(intervals.map(\.framesPerSecond)).sorted(by: >)
            return rates.isEmpty ? "none" : rates.map(Self.rateText).joined(separator: ", ") + " fps"
        case .range(let shortest, let longest):
            return "\(Self.rateText(longest.framesPerSecond)) to \(Self.rateText(shortest.framesPerSecond)) fps"
        }
    }

    /// A rate to two decimals, as JSON lines give it: UVC's 333333 x 100 ns is 30, not
    /// 30.00003.
    public static func rounded(_ rate: Double) -> Double {
        (rate * 100).rounded() / 100
    }

    /// A rate with at most two decimals and no trailing zeros: 30, 12.5, 29.97.
    public static func rateText(_ rate: Double) -> String {
        let hundredths = (rate * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "\(rate)" }
        let whole = Int(hundredths) / 100
        let fraction = Int(hundredths) % 100
        if fraction == 0 { return "\(whole)" }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// When a stream's hints are given: each frame's situations (`FrameEvidence.hints`) become at
/// most one hint a second, each hint once until its situation has changed.
///
/// The rules:
/// - A situation counts once it has lasted `settleNanoseconds` (several frames, not one odd
///   frame), gaps of up to `gapNanoseconds` included (a code read in every other frame).
/// - At most one hint in any `spacingNanoseconds`; when several are due, `Hint`'s order picks.
/// - A hint given is not given again until its situation has been absent for
///   `clearNanoseconds`; then it may be given once more when the situation returns.
public struct GuidanceRules: Sendable {
    public static let settleNanoseconds: UInt64 = 200_000_000
    public static let gapNanoseconds: UInt64 = 300_000_000
    public static let spacingNanoseconds: UInt64 = 1_000_000_000
    public static let clearNanoseconds: UInt64 = 1_000_000_000

    /// When each situation began and when it was last seen.
    private var began: [Hint: UInt64] = [:]
    private var lastSeen: [Hint: UInt64] = [:]
    /// Hints given whose situation has not yet cleared.
    private var given: Set<Hint> = []
    private var lastHintAt: UInt64?

    public init() {}

    /// The hint to give at a frame captured at `timestamp` (nanoseconds, not decreasing from
    /// call to call) whose situations are `situations`, if any.
    public mutating func next(_ situations: Set<Hint>, at timestamp: UInt64) -> Hint? {
        for hint in Hint.allCases {
            let seen = lastSeen[hint]
            let absentFor = seen.map { timestamp >= $0 ? timestamp - $0 : 0 }
            if situations.contains(hint) {
                if began[hint] == nil || (absentFor ?? 0) > Self.gapNanoseconds { began[hint] = timestamp }
                lastSeen[hint] = timestamp
            } else if let absentFor {
                if absentFor > Self.gapNanoseconds { began[hint] = nil }
                if absentFor >= Self.clearNanoseconds { given.remove(hint) }
            }
        }
        if let lastHintAt, timestamp < lastHintAt + Self.spacingNanoseconds { return nil }
        let due = Hint.allCases.first { hint in
            guard !given.contains(hint), let began = began[hint], let seen = lastSeen[hint], seen == timestamp else { return false }
            return timestamp - began >= Self.settleNanoseconds
        }
        guard let due else { return nil }
        given.insert(due)
        lastHintAt = timestamp
        return due
    }
}

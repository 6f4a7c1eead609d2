import ScryCore

/// Watches one lane of a streamed run against its `LaneBudget`, frame by frame: frames whose
/// lines came past the deadline, frames analysed while the lane's rate was below its floor,
/// and the detector's own shortfalls. It says what to warn of, each thing once a run: a lane
/// late on `LaneBudget.lateFramesBeforeWarning` frames in a row, below its floor, or short of
/// something for the first time.
struct LaneBudgetWatch {
    let kind: LaneKind
    /// Frames whose lines came past the deadline.
    private(set) var lateFrames = 0
    /// Frames analysed while the lane's rate over the floor's window was below the floor.
    private(set) var framesBelowFloor = 0
    /// The detector's shortfalls so far, by counter.
    private(set) var shortfalls: [String: Int] = [:]
    private var lateInARow = 0
    /// The frames analysed within the floor's window: when each was done, and how many
    /// frames had been offered to the lane by then.
    private var recent: [(done: ContinuousClock.Instant, offered: Int)] = []
    private var said: Set<String> = []

    init(kind: LaneKind) { self.kind = kind }

    /// Records a frame analysed at `done`, whose lines took `latency` from its capture, when
    /// `offered` frames had been offered to the lane; returns what stderr should say now.
    mutating func record(
        latency: Duration, done: ContinuousClock.Instant, offered: Int, shortfalls frameShortfalls: [LaneShortfall]
    ) -> [String] {
        var warnings: [String] = []
        let budget = kind.budget
        if latency > budget.deadline {
            lateFrames += 1
            lateInARow += 1
            if lateInARow >= LaneBudget.lateFramesBeforeWarning, said.insert("late").inserted {
                warnings.append(
                    "the \(kind.name) lane is behind: \(lateInARow) frames in a row came out more than "
                        + "\(Self.seconds(budget.deadline)) s after their capture (the last \(Self.seconds(latency)) s); "
                        + "the cores are busier than the lanes need (counted as late in the stats line)")
            }
        } else {
            lateInARow = 0
        }
        if let floor = budget.floorFramesPerSecond {
            recent.append((done, offered))
            recent.removeAll { done - $0.done > budget.floorWindow }
            let span = done - recent[0].done
            // Only over a whole window (the oldest frame kept is at least 90% of it back).
            if span * 10 >= budget.floorWindow * 9, span > .zero {
                let seconds = Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
                let analysed = Double(recent.count - 1) / seconds
                let came = Double(offered - recent[0].offered) / seconds
                if analysed < floor, came > floor {
                    framesBelowFloor += 1
                    if said.insert("floor").inserted {
                        warnings.append(
                            "the \(kind.name) lane is behind: it analysed \(Self.rounded(analysed)) frames a second "
                                + "of the \(Self.rounded(came)) that came (its floor is \(Self.rounded(floor))); "
                                + "the cores are busier than the lanes need (counted as below_floor in the stats line)")
                    }
                }
            }
        }
        for shortfall in frameShortfalls where shortfall.count > 0 {
            shortfalls[shortfall.counter, default: 0] += shortfall.count
            if said.insert(shortfall.counter).inserted { warnings.append(shortfall.warning) }
        }
        return warnings
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return rounded(value)
    }

    private static func rounded(_ value: Double) -> String {
        let text = String((value * 10).rounded() / 10)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// Something a detector could not do on a stream for want of time (the text lane's lines that
/// left the view before they were read): counted in its lane's object of the stats line and
/// said once on stderr, so that nobody takes what was not done for what was not there.
public struct LaneShortfall: Sendable, Equatable {
    /// Its key in the lane's object of the stats line ("lines_unread").
    public var counter: String
    /// How many this frame adds.
    public var count: Int
    /// What stderr says the first time, without the "scry: " in front ("2 text lines left the
    /// view before they were read: the cores are busier than the text lane needs").
    public var warning: String

    public init(counter: String, count: Int, warning: String) {
        self.counter = counter
        self.count = count
        self.warning = warning
    }
}

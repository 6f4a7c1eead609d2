import ScryCore

/// How far a scene's text lines moved between two findings of them (a page slid under the
/// camera, or the camera panned): a translation in pixels of the frame, x right and y down.
///
/// Every pair of an earlier line and a later line of about the same length (within 15%) and
/// the same look (`LineFingerprint.matches`) proposes the move from the one's centre to the
/// other's; the move that the most pairs agree with, each within a third of its line's
/// thickness (at least 2 px), is the scene's, when at least two pairs agree (one when either
/// finding has a single line) and no other move gathers as many. A scene that turned, zoomed
/// or changed has no such move, and its lines are taken as new.
struct LineShift: Equatable {
    var dx: Double
    var dy: Double

    /// A line of one finding: where it is, and what it looks like.
    struct Sighting {
        var line: RotatedRectangle
        var look: LineFingerprint
    }

    /// The move most pairs of `earlier` and `later` lines agree on; nil when none does as
    /// described above.
    static func between(_ earlier: [Sighting], _ later: [Sighting]) -> LineShift? {
        var proposals: [(shift: LineShift, tolerance: Double)] = []
        for old in earlier {
            for new in later {
                let ratio = old.line.length / max(1, new.line.length)
                guard ratio > 0.85, ratio < 1.18, old.look.matches(new.look) else { continue }
                let tolerance = max(2, min(old.line.thickness, new.line.thickness) / 3)
                proposals.append((LineShift(dx: new.line.centre.x - old.line.centre.x, dy: new.line.centre.y - old.line.centre.y), tolerance))
            }
        }
        let needed = min(2, earlier.count, later.count)
        guard needed > 0, proposals.count >= needed else { return nil }
        // Each proposal's supporters: the proposals within its tolerance of it.
        let support = proposals.map { proposal in
            proposals.filter { abs($0.shift.dx - proposal.shift.dx) <= proposal.tolerance && abs($0.shift.dy - proposal.shift.dy) <= proposal.tolerance }
        }
        guard let best = support.indices.max(by: { support[$0].count < support[$1].count }), support[best].count >= needed else { return nil }
        // Another move as well supported, and not one of this one's supporters: no telling.
        let far = 2 * proposals[best].tolerance
        let rival = support.indices.contains { index in
            support[index].count == support[best].count
                && (abs(proposals[index].shift.dx - proposals[best].shift.dx) > far
                    || abs(proposals[index].shift.dy - proposals[best].shift.dy) > far)
        }
        guard !rival else { return nil }
        let agreeing = support[best]
        return LineShift(
            dx: agreeing.map(\.shift.dx).reduce(0, +) / Double(agreeing.count),
            dy: agreeing.map(\.shift.dy).reduce(0, +) / Double(agreeing.count))
    }

    /// Whether the move is under a pixel either way (nothing to follow).
    var isNegligible: Bool { abs(dx) < 1 && abs(dy) < 1 }

    /// `line` moved by this shift.
    func applied(to line: RotatedRectangle) -> RotatedRectangle {
        var moved = line
        moved.centre = PixelPoint(x: line.centre.x + dx, y: line.centre.y + dy)
        return moved
    }

    /// `rect` moved by this shift.
    func applied(to rect: PixelRect) -> PixelRect {
        PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
    }
}

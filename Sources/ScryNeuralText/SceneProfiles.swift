import ScryCore

/// A frame's brightness profiles, for telling how far its whole scene moved since an earlier
/// frame (a page sliding under the camera) without finding its lines again: the mean level of
/// each column (over every other row) and of each row (over every other column), each kept as
/// its change from the one before, so that light changing evenly over the frame does not count.
struct SceneProfiles: Sendable {
    /// Column to column changes of the columns' mean levels (`width - 1` values).
    let columns: [Float]
    /// Row to row changes of the rows' mean levels (`height - 1` values).
    let rows: [Float]

    init(_ image: GrayImage) {
        var columnSums = [Float](repeating: 0, count: image.width)
        var rowSums = [Float](repeating: 0, count: image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = y * image.width
                var sum: UInt32 = 0
                var x = 0
                while x < image.width {
                    sum += UInt32(pixels[row + x])
                    x += 2
                }
                rowSums[y] = Float(sum)
                guard y % 2 == 0 else { continue }
                for x in 0..<image.width { columnSums[x] += Float(pixels[row + x]) }
            }
        }
        columns = Self.changes(columnSums)
        rows = Self.changes(rowSums)
    }

    private static func changes(_ sums: [Float]) -> [Float] {
        sums.count < 2 ? [] : (1..<sums.count).map { sums[$0] - sums[$0 - 1] }
    }

    /// The whole-pixel move (x right, y down) that brings `earlier`'s scene onto this one's: each
    /// way, the lag within `maximum` pixels at which the overlapping profiles correlate best,
    /// when that is at least `minimumCorrelation` and the overlap is at least half the profile;
    /// nil when either way has none (a scene of one shade that way, or one that changed).
    func move(since earlier: SceneProfiles, maximumX: Int, maximumY: Int, minimumCorrelation: Float = 0.6) -> (dx: Int, dy: Int)? {
        guard let dx = Self.lag(of: columns, from: earlier.columns, maximum: maximumX, minimumCorrelation: minimumCorrelation),
            let dy = Self.lag(of: rows, from: earlier.rows, maximum: maximumY, minimumCorrelation: minimumCorrelation)
        else { return nil }
        return (dx, dy)
    }

    /// The lag `d` maximizing the correlation of `later[i]` with `earlier[i - d]`.
    private static func lag(of later: [Float], from earlier: [Float], maximum: Int, minimumCorrelation: Float) -> Int? {
        let count = min(later.count, earlier.count)
        guard count >= 8 else { return nil }
        let reach = min(maximum, count / 2)
        var best: (lag: Int, correlation: Float)?
        later.withUnsafeBufferPointer { later in
            earlier.withUnsafeBufferPointer { earlier in
                for lag in -reach...reach {
                    let start = max(0, lag), end = min(count, count + lag)
                    var sumA: Float = 0, sumB: Float = 0, sumAA: Float = 0, sumBB: Float = 0, sumAB: Float = 0
                    for index in start..<end {
                        let a = later[index], b = earlier[index - lag]
                        sumA += a
                        sumB += b
                        sumAA += a * a
                        sumBB += b * b
                        sumAB += a * b
                    }
                    let n = Float(end - start)
                    let covariance = sumAB - sumA * sumB / n
                    let spread = ((sumAA - sumA * sumA / n) * (sumBB - sumB * sumB / n)).squareRoot()
                    guard spread > 0 else { continue }
                    let correlation = covariance / spread
                    if best == nil || correlation > best!.correlation { best = (lag, correlation) }
                }
            }
        }
        guard let best, best.correlation >= minimumCorrelation else { return nil }
        return best.lag
    }
}

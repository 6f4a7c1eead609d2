@testable import ScryCore
import Testing

/// A pixel rounds as `rounded()` and the clamp to a byte do together: halves away from zero,
/// the values just either side of a half, below 0 and above 255, for doubles and floats.
@Test func aPixelRoundsAsRoundedAndClampedDo() {
    var doubles: [Double] = [-1e9, -256, -0.5, -0.49999999999999994, -0.0, 0, 254.5, 255, 255.49, 255.5, 256, 1e9]
    for whole in 0...255 {
        let value = Double(whole)
        doubles += [value, value + 0.5, (value + 0.5).nextDown, (value + 0.5).nextUp, value + 0.25, value + 0.75, value.nextDown]
    }
    doubles += [0.49999999999999994, 0.5000000000000001, 2.4999999999999996]
    for value in doubles {
        #expect(value.roundedPixel == UInt8(min(255, max(0, value.rounded()))), "\(value)")
    }
    var floats: [Float] = [-1e9, -0.5, -0.49999997, 0, 255.5, 256, 1e9]
    for whole in 0...255 {
        let value = Float(whole)
        floats += [value, value + 0.5, (value + 0.5).nextDown, (value + 0.5).nextUp, value + 0.25]
    }
    for value in floats {
        #expect(value.roundedPixel == UInt8(min(255, max(0, value.rounded()))), "\(value)")
    }
}

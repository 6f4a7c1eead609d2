extension Double {
    /// This value rounded to the nearest whole number, halves away from zero, and held to
    /// 0...255: the byte `UInt8(min(255, max(0, rounded())))` gives, worked out without a
    /// call into libm (x86-64's baseline has no rounding instruction, so `rounded()` is a call
    /// per pixel) and in a form the compiler vectorizes. Exact: the whole part of a value
    /// under 256 is taken off without error.
    @inlinable public var roundedPixel: UInt8 {
        let held = Swift.min(255, Swift.max(0, self))
        let whole = Int32(held)
        return UInt8(truncatingIfNeeded: held - Double(whole) >= 0.5 ? whole &+ 1 : whole)
    }
}

extension Float {
    /// This value rounded to the nearest whole number, halves away from zero, and held to
    /// 0...255, as `Double.roundedPixel`: a float plus a half is exact as a double, so
    /// dropping the fraction of that sum rounds.
    @inlinable public var roundedPixel: UInt8 {
        UInt8(truncatingIfNeeded: Int32(Double(Swift.min(255, Swift.max(0, self))) + 0.5))
    }
}

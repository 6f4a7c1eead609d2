/// UPC-E, the zero-suppressed form of UPC-A.
public enum UPCE {
    /// The 13-digit EAN form (a leading 0, then UPC-A) of an 8-digit UPC-E code (number system,
    /// six digits, check digit), or nil if `code` is not 8 digits with number system 0 or 1.
    /// Scry reports UPC-E in this form, as zxing-cpp does: "01234565" -> "0012345000065".
    public static func expandedToEAN13(_ code: String) -> String? {
        let digits = code.compactMap(\.wholeNumberValue)
        guard digits.count == 8, code.count == 8, digits[0] <= 1 else { return nil }
        let d = Array(digits[1...6])
        let manufacturerAndProduct: [Int]
        switch d[5] {
        case 0, 1, 2: manufacturerAndProduct = [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: manufacturerAndProduct = [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: manufacturerAndProduct = [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: manufacturerAndProduct = [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
        let upcA = [digits[0]] + manufacturerAndProduct + [digits[7]]
        return "0" + upcA.map(String.init).joined()
    }
}

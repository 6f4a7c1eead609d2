/// Arabic letters in the forms they take in a word (isolated, final, initial, medial), as
/// Unicode's Arabic Presentation Forms-B hold them, so that a font without a shaping engine
/// draws a word joined. Letters join by their joining types (ArabicShaping.txt): a
/// dual-joining letter joins on both sides, a right-joining one (alef, dal, reh, waw, ...)
/// only to the letter before it; marks (harakat) are skipped over. Lam-alef is left as two
/// letters.
enum ArabicShaping {
    /// The letters U+0621 to U+064A that have presentation forms, each with how many (1 for
    /// a letter that never joins, 2 for right-joining, 4 for dual-joining), in the order of
    /// the forms from U+FE80: isolated, final, initial, medial.
    private static let formCounts: [(letter: UInt32, forms: UInt32)] = [
        (0x0621, 1), (0x0622, 2), (0x0623, 2), (0x0624, 2), (0x0625, 2), (0x0626, 4), (0x0627, 2), (0x0628, 4),
        (0x0629, 2), (0x062A, 4), (0x062B, 4), (0x062C, 4), (0x062D, 4), (0x062E, 4), (0x062F, 2), (0x0630, 2),
        (0x0631, 2), (0x0632, 2), (0x0633, 4), (0x0634, 4), (0x0635, 4), (0x0636, 4), (0x0637, 4), (0x0638, 4),
        (0x0639, 4), (0x063A, 4), (0x0641, 4), (0x0642, 4), (0x0643, 4), (0x0644, 4), (0x0645, 4), (0x0646, 4),
        (0x0647, 4), (0x0648, 2), (0x0649, 2), (0x064A, 4),
    ]

    /// Each letter's first form and its count of forms.
    private static let forms: [UInt32: (first: UInt32, count: UInt32)] = {
        var table: [UInt32: (UInt32, UInt32)] = [:]
        var next: UInt32 = 0xFE80
        for (letter, count) in formCounts {
            table[letter] = (next, count)
            next += count
        }
        return table
    }()

    private static let tatweel: UInt32 = 0x0640

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x064B...0x065F).contains(scalar.value) || scalar.value == 0x0670
    }

    /// Whether `scalar` joins the letter after it.
    private static func joinsForward(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == tatweel || forms[scalar.value]?.count == 4
    }

    /// Whether `scalar` joins the letter before it.
    private static func joinsBackward(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == tatweel || (forms[scalar.value]?.count ?? 0) >= 2
    }

    /// `scalars` with each Arabic letter replaced by its form in place; other characters as
    /// they are.
    static func shaped(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result = scalars
        for index in scalars.indices {
            guard let entry = forms[scalars[index].value], entry.count > 1 else { continue }
            var before = index - 1
            while before >= 0, isMark(scalars[before]) { before -= 1 }
            var after = index + 1
            while after < scalars.count, isMark(scalars[after]) { after += 1 }
            let joinsPrevious = before >= 0 && joinsForward(scalars[before])
            let joinsNext = entry.count == 4 && after < scalars.count && joinsBackward(scalars[after])
            // isolated 0, final 1, initial 2, medial 3
            let form: UInt32 = joinsPrevious ? (joinsNext ? 3 : 1) : (joinsNext ? 2 : 0)
            if let shaped = Unicode.Scalar(entry.first + form) { result[index] = shaped }
        }
        return result
    }
}

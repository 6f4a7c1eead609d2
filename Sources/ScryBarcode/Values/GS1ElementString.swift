import ScryCore
/// A GS1 element string (GS1-128, GS1 DataMatrix, GS1 QR, DataBar): application identifiers
/// each followed by their data, variable-length fields ended by GS (0x1D, the FNC1
/// separator). Field: `elements`, each `ai`, `data`, `title` (GS1's short title, when the AI
/// is in Scry's table) and, for AIs with an implied decimal point (310n-369n, 390n-395n),
/// `number`. nil when the text does not parse as an element string all the way through.
enum GS1ElementString {
    static let groupSeparator: Character = "\u{1D}"

    static func value(of text: String) -> BarcodeValue? {
        var rest = Substring(text)
        // A symbology identifier some readers leave in front.
        for identifier in ["]C1", "]e0", "]d2", "]Q3", "]J1"] where rest.hasPrefix(identifier) {
            rest = rest.dropFirst(identifier.count)
        }
        if rest.first == groupSeparator { rest = rest.dropFirst() }
        var elements: [JSONValue] = []
        while !rest.isEmpty {
            guard let (ai, data, remainder) = nextElement(rest) else { return nil }
            var element: [String: JSONValue] = ["ai": .string(ai), "data": .string(data)]
            element.set("title", GS1ApplicationIdentifier.title(of: ai))
            if let decimals = GS1ApplicationIdentifier.impliedDecimals(of: ai), let number = Int(data) {
                var divisor = 1.0
                for _ in 0..<decimals { divisor *= 10 }
                element["number"] = .double(Double(number) / divisor)
            }
            elements.append(.object(element))
            rest = remainder
        }
        guard !elements.isEmpty else { return nil }
        return BarcodeValue(kind: .gs1, fields: ["elements": .array(elements)])
    }

    /// The first element of `text`: its AI, its data, and what follows (separator dropped).
    private static func nextElement(_ text: Substring) -> (String, String, Substring)? {
        guard let aiLength = GS1ApplicationIdentifier.length(startingWith: text), text.count > aiLength else {
            return nil
        }
        let ai = text.prefix(aiLength)
        guard ai.allSatisfy(\.isASCIINumber) else { return nil }
        let afterAI = text.dropFirst(aiLength)
        if let fixed = GS1ApplicationIdentifier.fixedDataLength(of: String(ai)) {
            guard afterAI.count >= fixed else { return nil }
            let data = afterAI.prefix(fixed)
            guard !data.contains(groupSeparator), data.allSatisfy(\.isASCIINumber) else { return nil }
            var remainder = afterAI.dropFirst(fixed)
            if remainder.first == groupSeparator { remainder = remainder.dropFirst() }
            return (String(ai), String(data), remainder)
        }
        let end = afterAI.firstIndex(of: groupSeparator) ?? afterAI.endIndex
        let data = afterAI[..<end]
        guard !data.isEmpty, data.count <= 90, !data.contains(where: \.isASCIIControl) else { return nil }
        let remainder = end == afterAI.endIndex ? afterAI[end...] : afterAI[afterAI.index(after: end)...]
        return (String(ai), String(data), remainder)
    }
}

extension Ink {
    /// The most points one ink may have (a million drawn points is about an hour of a pen at
    /// 300 points a second).
    public static let maximumPoints = 2_000_000

    /// The largest magnitude of a coordinate: a writing surface's x and y lie within
    /// ±`maximumCoordinate` (a screen's points or pixels are far inside it), so that sizes,
    /// areas and the recognizers' scales stay finite.
    public static let maximumCoordinate = 1e9

    /// Reads ink as ML Kit's JSON shape: `{"strokes": [{"points": [{"x": 12.5, "y": 40,
    /// "t": 0}, ...]}, ...]}`. `t` is optional; other keys are ignored. A stroke needs at least
    /// one point, every x and y a finite number within ±`maximumCoordinate`, and a stroke's
    /// times may not go backwards.
    ///
    /// The JSON is read in one pass straight into points: memory is the bytes given plus
    /// 32 bytes a point, and an ink over `maximumPoints` is refused as soon as its count
    /// passes that, before the rest is read.
    public init(json bytes: [UInt8]) throws(InkError) {
        var reader = InkJSONReader(bytes: bytes)
        self = try reader.ink()
    }
}

/// A JSON reader for one ink (RFC 8259's grammar), which keeps only the strokes' points and
/// checks the rest without keeping it.
private struct InkJSONReader {
    let bytes: [UInt8]
    var position = 0
    var pointCount = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// How deep arrays and objects may nest in the parts that are skipped.
    static let maximumDepth = 512

    mutating func ink() throws(InkError) -> Ink {
        skipSpace()
        guard peek == UInt8(ascii: "{") else {
            if peek == nil { throw .malformed("no JSON value") }
            try skipValue(depth: 0)
            try end()
            throw .malformed("the top level is not an object")
        }
        var strokes: [Ink.Stroke]?
        try members { (reader: inout InkJSONReader, key: String) throws(InkError) in
            if key == "strokes" {
                strokes = try reader.strokes()
            } else {
                try reader.skipValue(depth: 1)
            }
        }
        try end()
        guard let strokes else { throw .notInk("no \"strokes\" list") }
        return Ink(strokes: strokes)
    }

    /// The value of "strokes": nil when it is not a list.
    private mutating func strokes() throws(InkError) -> [Ink.Stroke]? {
        guard peek == UInt8(ascii: "[") else {
            try skipValue(depth: 1)
            return nil
        }
        var strokes: [Ink.Stroke] = []
        var failure: InkError?
        try elements { (reader: inout InkJSONReader, index: Int) throws(InkError) in
            let number = index + 1
            guard failure == nil, reader.peek == UInt8(ascii: "{") else {
                if failure == nil { failure = .notInk("stroke \(number) has no \"points\" list") }
                try reader.skipValue(depth: 2)
                return
            }
            var points: [Ink.Point]??
            try reader.members { (reader: inout InkJSONReader, key: String) throws(InkError) in
                if key == "points" {
                    points = try reader.points(stroke: number)
                } else {
                    try reader.skipValue(depth: 3)
                }
            }
            guard let found = points, let points = found else {
                failure = .notInk("stroke \(number) has no \"points\" list")
                return
            }
            guard !points.isEmpty else {
                failure = .notInk("stroke \(number) has no points")
                return
            }
            strokes.append(Ink.Stroke(points: points))
        }
        if let failure { throw failure }
        return strokes
    }

    /// The value of a stroke's "points": nil when it is not a list.
    private mutating func points(stroke: Int) throws(InkError) -> [Ink.Point]? {
        guard peek == UInt8(ascii: "[") else {
            try skipValue(depth: 3)
            return nil
        }
        var points: [Ink.Point] = []
        try elements { (reader: inout InkJSONReader, index: Int) throws(InkError) in
            reader.pointCount += 1
            guard reader.pointCount <= Ink.maximumPoints else { throw .tooManyPoints(reader.pointCount) }
            let place = "stroke \(stroke), point \(index + 1)"
            guard reader.peek == UInt8(ascii: "{") else { throw .notInk("\(place) is not an object") }
            var x: Double?, y: Double?, t: Double?
            try reader.members { (reader: inout InkJSONReader, key: String) throws(InkError) in
                switch key {
                case "x": x = try reader.number(key, place: place)
                case "y": y = try reader.number(key, place: place)
                case "t": t = try reader.number(key, place: place)
                default: try reader.skipValue(depth: 5)
                }
            }
            guard let x, let y else { throw .notInk("\(place) lacks x or y") }
            for (key, value) in [("x", x), ("y", y)] where abs(value) > Ink.maximumCoordinate {
                throw .outOfRange("\(place): \(key)")
            }
            if let t, let before = points.last?.t, t < before {
                throw .timeGoesBackwards(stroke: stroke, point: index + 1)
            }
            points.append(Ink.Point(x: x, y: y, t: t))
        }
        return points
    }

    /// A point's number: nil for `null`; a string, list, object or boolean is not a number.
    private mutating func number(_ key: String, place: String) throws(InkError) -> Double? {
        switch peek ?? 0 {
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let value = try numberValue()
            guard value.isFinite else { throw .notFinite("\(place): \(key)") }
            return value
        default:
            try skipValue(depth: 5)
            throw .notInk("\(place): \(key) is not a number")
        }
    }

    // MARK: The grammar

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    func failure(_ what: String) -> InkError {
        .malformed(position < bytes.count ? "\(what) at byte \(position + 1)" : "\(what) at the end")
    }

    /// Nothing but white space after the value.
    mutating func end() throws(InkError) {
        skipSpace()
        guard position == bytes.count else { throw failure("more after the value") }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(InkError) {
        skipSpace()
        guard peek == byte else { throw failure("expected \(what)") }
        position += 1
    }

    /// Reads `open`; true when `close` follows at once (an empty list or object).
    mutating func opens(_ open: Character, closedBy close: Character) throws(InkError) -> Bool {
        try expect(UInt8(ascii: open.unicodeScalars.first!), "\(open)")
        skipSpace()
        guard peek == UInt8(ascii: close.unicodeScalars.first!) else { return false }
        position += 1
        return true
    }

    /// After an element: true for a comma (another element follows), false once `close` is read.
    mutating func continues(closedBy close: Character) throws(InkError) -> Bool {
        skipSpace()
        if peek == UInt8(ascii: ",") {
            position += 1
            return true
        }
        try expect(UInt8(ascii: close.unicodeScalars.first!), ", or \(close)")
        return false
    }

    /// Calls `member` with each key of the object at the reader, the reader on its value.
    mutating func members(_ member: (inout InkJSONReader, String) throws(InkError) -> Void) throws(InkError) {
        if try opens("{", closedBy: "}") { return }
        repeat {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            try expect(UInt8(ascii: ":"), ":")
            skipSpace()
            try member(&self, key)
        } while try continues(closedBy: "}")
    }

    /// Calls `element` with each index of the list at the reader, the reader on its value.
    mutating func elements(_ element: (inout InkJSONReader, Int) throws(InkError) -> Void) throws(InkError) {
        if try opens("[", closedBy: "]") { return }
        var index = 0
        repeat {
            skipSpace()
            try element(&self, index)
            index += 1
        } while try continues(closedBy: "]")
    }

    /// Checks the value at the reader and passes over it.
    mutating func skipValue(depth: Int) throws(InkError) {
        skipSpace()
        guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
        switch peek ?? 0 {
        case UInt8(ascii: "{"): try members { (reader: inout InkJSONReader, _: String) throws(InkError) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try elements { (reader: inout InkJSONReader, _: Int) throws(InkError) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberValue()
        default: throw failure("expected a value")
        }
    }

    mutating func literal(_ word: String) throws(InkError) {
        let expected = Array(word.utf8), count = expected.count
        guard position + count <= bytes.count, bytes[position..<(position + count)].elementsEqual(expected) else {
            throw failure("expected a value")
        }
        position += count
    }

    /// A number as JSON writes it (no NaN, no Infinity, no leading +); too large a one is
    /// infinite.
    mutating func numberValue() throws(InkError) -> Double {
        let start = position
        func digits() -> Int {
            let first = position
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - first
        }
        if peek == UInt8(ascii: "-") { position += 1 }
        if peek == UInt8(ascii: "0") {
            position += 1
        } else {
            guard digits() > 0 else { throw failure("expected a digit") }
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("expected a digit") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text) else { throw failure("a number out of reach") }
        return value
    }

    /// A string, its escapes decoded; invalid UTF-8 is replaced.
    mutating func string() throws(InkError) -> String {
        position += 1  // the opening quote
        var decoded: [UInt8] = []
        func hex4() throws(InkError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw failure("a cut \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[position..<(position + 4)] {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw failure("a bad \\u escape")
                }
                value = value * 16 + digit
            }
            position += 4
            return value
        }
        while true {
            guard let byte = peek else { throw failure("an unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw failure("an unterminated string") }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), position + 6 <= bytes.count,
                       bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                        let saved = position
                        position += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            position = saved
                        }
                    }
                    decoded += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: throw failure("a bad escape")
                }
            case 0x00..<0x20:
                throw failure("a control character in a string")
            default:
                decoded.append(byte)
            }
        }
    }
}

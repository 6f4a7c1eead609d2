import ScryCore
/// A calendar event: an iCalendar VEVENT (`BEGIN:VEVENT` ... `END:VEVENT`, alone or inside a
/// VCALENDAR). Fields: `summary`, `description`, `location`, `organizer`, `status`, and
/// `start`/`end` as ISO 8601 (`2026-11-22T10:00:00Z`; no zone suffix for floating local time;
/// a date alone for all-day events).
enum CalendarEvent {
    static func value(of text: String) -> BarcodeValue? {
        let lines = ContentLine.parse(text)
        guard let begin = lines.firstIndex(where: { $0.name == "BEGIN" && $0.value.uppercased() == "VEVENT" })
        else { return nil }
        var fields: [String: JSONValue] = [:]
        for line in lines[(begin + 1)...] {
            if line.name == "END" && line.value.uppercased() == "VEVENT" { break }
            switch line.name {
            case "SUMMARY": fields.set("summary", ContentLine.unescaped(line.value[...]))
            case "DESCRIPTION": fields.set("description", ContentLine.unescaped(line.value[...]))
            case "LOCATION": fields.set("location", ContentLine.unescaped(line.value[...]))
            case "STATUS": fields.set("status", line.value.lowercased())
            case "ORGANIZER":
                fields.set("organizer", line.value.afterPrefix("mailto:").map(String.init) ?? line.value)
            case "DTSTART": fields.set("start", isoDate(line.value))
            case "DTEND": fields.set("end", isoDate(line.value))
            default: continue
            }
        }
        guard !fields.isEmpty else { return nil }
        return BarcodeValue(kind: .calendarEvent, fields: fields)
    }

    /// `20261122T100000Z` -> `2026-11-22T10:00:00Z`, `20261122` -> `2026-11-22`; nil when
    /// the text is not an iCalendar DATE or DATE-TIME.
    static func isoDate(_ value: String) -> String? {
        let characters = Array(value)
        func digits(_ range: Range<Int>) -> String? {
            guard range.upperBound <= characters.count else { return nil }
            let part = characters[range]
            return part.allSatisfy(\.isASCIINumber) ? String(part) : nil
        }
        guard let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8) else { return nil }
        let date = "\(year)-\(month)-\(day)"
        if characters.count == 8 { return date }
        guard characters.count >= 15, characters[8] == "T", let hour = digits(9..<11), let minute = digits(11..<13),
            let second = digits(13..<15)
        else { return nil }
        let zone = characters.count == 16 && characters[15] == "Z" ? "Z" : ""
        guard characters.count == 15 || zone == "Z" else { return nil }
        return "\(date)T\(hour):\(minute):\(second)\(zone)"
    }
}

extension Character {
    /// 0-9 only (not other scripts' digits).
    var isASCIINumber: Bool { isASCII && isNumber }
}

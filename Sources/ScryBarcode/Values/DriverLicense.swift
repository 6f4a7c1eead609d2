import ScryCore
/// A North American driver's license or ID card: the AAMVA DL/ID card design standard's
/// PDF417 (`@` LF RS CR `ANSI ` header, then data elements such as `DAQ` license number, one
/// per line). Fields as ML Kit names them: `document_type` (`DL` or `ID`), `first_name`,
/// `middle_name`, `last_name`, `gender` (`male`, `female`, or the code), `address_street`,
/// `address_city`, `address_state`, `address_zip`, `license_number`, `issue_date`,
/// `expiry_date`, `birth_date` (ISO dates), `issuing_country`.
enum DriverLicense {
    static func value(of text: String) -> BarcodeValue? {
        guard text.hasPrefix("@"), text.contains("ANSI ") || text.contains("AAMVA") else { return nil }
        var elements: [String: String] = [:]
        var documentType: String?
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\u{1E}" }) {
            var line = Substring(rawLine)
            // The first element of a subfile follows its type: "DLDAQ..." or "IDDAQ...".
            for type in ["DL", "ID"] where line.hasPrefix(type) && line.dropFirst(2).first == "D" && line.count > 5 {
                documentType = documentType ?? type
                line = line.dropFirst(2)
            }
            // The header line ends with the first subfile's designator ("...DL00410278ZV...").
            if line.hasPrefix("ANSI ") || line.hasPrefix("AAMVA") {
                if line.contains("DL0") { documentType = documentType ?? "DL" }
                if line.contains("ID0") { documentType = documentType ?? "ID" }
                if let start = line.firstRange(of: "DLDAQ") ?? line.firstRange(of: "IDDAQ") { line = line[start.lowerBound...].dropFirst(2) } else { continue }
            }
            guard line.count > 3, line.first == "D" else { continue }
            let id = String(line.prefix(3))
            if elements[id] == nil { elements[id] = String(line.dropFirst(3)).trimmingWhitespace }
        }
        guard let number = elements["DAQ"], !number.isEmpty else { return nil }
        var fields: [String: JSONValue] = ["license_number": .string(number)]
        fields.set("document_type", documentType)
        fields.set("last_name", elements["DCS"] ?? elements["DAB"])
        fields.set("first_name", elements["DAC"] ?? elements["DCT"] ?? elements["DBP"])
        fields.set("middle_name", elements["DAD"])
        switch elements["DBC"] {
        case "1", "M": fields["gender"] = .string("male")
        case "2", "F": fields["gender"] = .string("female")
        case let other: fields.set("gender", other)
        }
        fields.set("address_street", elements["DAG"])
        fields.set("address_city", elements["DAI"])
        fields.set("address_state", elements["DAJ"])
        fields.set("address_zip", elements["DAK"])
        let country = elements["DCG"]
        fields.set("issuing_country", country)
        // US cards write dates MMDDCCYY, Canadian ones CCYYMMDD.
        let yearFirst = country == "CAN"
        fields.set("issue_date", elements["DBD"].flatMap { isoDate($0, yearFirst: yearFirst) })
        fields.set("expiry_date", elements["DBA"].flatMap { isoDate($0, yearFirst: yearFirst) })
        fields.set("birth_date", elements["DBB"].flatMap { isoDate($0, yearFirst: yearFirst) })
        return BarcodeValue(kind: .driverLicense, fields: fields)
    }

    /// An 8-digit AAMVA date as `YYYY-MM-DD`, or nil.
    static func isoDate(_ value: String, yearFirst: Bool) -> String? {
        let digits = Array(value)
        guard digits.count == 8, digits.allSatisfy(\.isASCIINumber) else { return nil }
        let text = String(digits)
        let (year, month, day) = yearFirst
            ? (text.prefix(4), text.dropFirst(4).prefix(2), text.suffix(2))
            : (text.suffix(4), text.prefix(2), text.dropFirst(2).prefix(2))
        guard let m = Int(month), (1...12).contains(m), let d = Int(day), (1...31).contains(d) else { return nil }
        return "\(year)-\(month)-\(day)"
    }
}

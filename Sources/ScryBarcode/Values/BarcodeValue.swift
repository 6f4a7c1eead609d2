import ScryCore
/// What a barcode's payload means, parsed the way ML Kit's barcode scanner does: a type and
/// the fields of that type. Every payload gets one; a payload that is no known structure (or
/// not UTF-8 text) is `.text` with no fields.
public struct BarcodeValue: Sendable, Equatable {
    /// The kind of content, reported as `value_type`.
    public enum Kind: String, Sendable, CaseIterable {
        case text, url, wifi, email, phone, sms, geo, contact
        case calendarEvent = "calendar_event"
        case driverLicense = "driver_license"
        case isbn, gs1, pharmacode
    }

    public var kind: Kind
    /// The parsed fields, reported as `value` (absent for `.text`). Field names follow ML
    /// Kit's, in snake case; dates are ISO 8601 text.
    public var fields: [String: JSONValue]

    public init(kind: Kind, fields: [String: JSONValue] = [:]) {
        self.kind = kind
        self.fields = fields
    }

    /// Payloads longer than this are not parsed (they are reported as `.text`): no structure
    /// a barcode carries is that long, and a hostile payload cannot make parsing slow.
    public static let longestParsedPayload = 8192

    /// The value of `payload` read from a `symbology` symbol. `isGS1` says the symbol
    /// declared GS1 content (FNC1 in first position), whose element string is parsed into
    /// application identifiers.
    public static func parse(payload: [UInt8], symbology: Symbology, isGS1: Bool = false) -> BarcodeValue {
        guard payload.count <= longestParsedPayload, let text = String(validating: payload, as: UTF8.self)
        else { return BarcodeValue(kind: .text) }
        if isGS1 || symbology.alwaysCarriesGS1, let value = GS1ElementString.value(of: text) { return value }
        if symbology == .ean_13, let value = ISBN.value(ofEAN13: text) { return value }
        if symbology == .code_39, let value = ItalianPharmacode.value(ofCode39: text) { return value }
        if symbology == .pdf417, let value = DriverLicense.value(of: text) { return value }
        for parse in [
            WiFiNetwork.value, ContactCard.value, CalendarEvent.value, EmailMessage.value, SMSMessage.value,
            PhoneNumber.value, GeoPoint.value, Bookmark.value,
        ] {
            if let value = parse(text) { return value }
        }
        return BarcodeValue(kind: .text)
    }
}

extension Symbology {
    /// DataBar symbols always hold a GS1 element string.
    var alwaysCarriesGS1: Bool {
        [.databar, .databar_stacked, .databar_limited, .databar_expanded, .databar_expanded_stacked].contains(self)
    }
}

extension String {
    /// The text after `prefix` when this string starts with it, compared case-insensitively
    /// (URI schemes and MECARD-style tags are case-insensitive).
    func afterPrefix(_ prefix: String) -> Substring? {
        guard count >= prefix.count, self.prefix(prefix.count).lowercased() == prefix.lowercased() else { return nil }
        return dropFirst(prefix.count)
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// Sets `key` to `value` when `value` is present and not empty.
    mutating func set(_ key: String, _ value: String?) {
        if let value, !value.isEmpty { self[key] = .string(value) }
    }
}

extension BarcodeObservation {
    /// What the payload means (URL, Wi-Fi, contact, GS1 elements...), parsed from `payload`
    /// each time it is asked for: only lines that are written pay for it.
    public var value: BarcodeValue { BarcodeValue.parse(payload: payload, symbology: symbology, isGS1: isGS1) }
}

import ScryCore
/// A contact: a vCard (`BEGIN:VCARD` ... `END:VCARD`, versions 2.1-4.0) or a MECARD
/// (`MECARD:N:Doe,John;TEL:...;EMAIL:...;;`). Fields: `name` (`formatted`, `first`, `last`,
/// `middle`, `prefix`, `suffix`), `organization`, `title`, `phones` and `emails` (each with
/// `type` when given), `urls`, `addresses` (each `lines`, and `type`), `note`.
enum ContactCard {
    static func value(of text: String) -> BarcodeValue? {
        if let body = text.afterPrefix("MECARD:") { return meCard(body) }
        let trimmed = text.trimmingWhitespace
        guard trimmed.afterPrefix("BEGIN:VCARD") != nil else { return nil }
        return vCard(trimmed)
    }

    private static func vCard(_ text: String) -> BarcodeValue? {
        var fields: [String: JSONValue] = [:]
        var name: [String: JSONValue] = [:]
        var phones: [JSONValue] = []
        var emails: [JSONValue] = []
        var urls: [JSONValue] = []
        var addresses: [JSONValue] = []
        for line in ContentLine.parse(text) {
            let value = line.value
            switch line.name {
            case "FN": name.set("formatted", ContentLine.unescaped(value[...]))
            case "N":
                let parts = ContentLine.components(value)
                for (index, key) in ["last", "first", "middle", "prefix", "suffix"].enumerated() where index < parts.count {
                    name.set(key, parts[index])
                }
            case "ORG": fields.set("organization", ContentLine.components(value).filter { !$0.isEmpty }.joined(separator: ", "))
            case "TITLE": fields.set("title", ContentLine.unescaped(value[...]))
            case "NOTE": fields.set("note", ContentLine.unescaped(value[...]))
            case "TEL": phones.append(typed("number", value.afterPrefix("tel:").map(String.init) ?? value, line))
            case "EMAIL": emails.append(typed("address", value, line))
            case "URL": urls.append(.string(ContentLine.unescaped(value[...])))
            case "ADR":
                var address: [String: JSONValue] = [
                    "lines": .array(ContentLine.components(value).filter { !$0.isEmpty }.map(JSONValue.string))
                ]
                address.set("type", line.parameters["TYPE"])
                addresses.append(.object(address))
            default: continue
            }
        }
        return contact(fields, name: name, phones: phones, emails: emails, urls: urls, addresses: addresses)
    }

    private static func meCard(_ body: Substring) -> BarcodeValue? {
        let tagged = TaggedFields(body)
        var fields: [String: JSONValue] = [:]
        var name: [String: JSONValue] = [:]
        if let full = tagged.first("N") {
            // MECARD's N is "Last,First".
            let parts = full.split(separator: ",", maxSplits: 1).map(String.init)
            name.set("last", parts.first)
            name.set("first", parts.count > 1 ? parts[1] : nil)
            name.set("formatted", parts.reversed().joined(separator: " "))
        }
        fields.set("organization", tagged.first("ORG"))
        fields.set("note", tagged.first("NOTE"))
        let addresses = tagged.all("ADR").map { JSONValue.object(["lines": .array([.string($0)])]) }
        return contact(
            fields, name: name,
            phones: tagged.all("TEL").map { .object(["number": .string($0)]) },
            emails: tagged.all("EMAIL").map { .object(["address": .string($0)]) },
            urls: tagged.all("URL").map(JSONValue.string), addresses: addresses)
    }

    private static func typed(_ key: String, _ value: String, _ line: ContentLine) -> JSONValue {
        var entry: [String: JSONValue] = [key: .string(ContentLine.unescaped(value[...]))]
        entry.set("type", line.parameters["TYPE"])
        return .object(entry)
    }

    private static func contact(
        _ fields: [String: JSONValue], name: [String: JSONValue], phones: [JSONValue], emails: [JSONValue],
        urls: [JSONValue], addresses: [JSONValue]
    ) -> BarcodeValue? {
        var fields = fields
        if !name.isEmpty { fields["name"] = .object(name) }
        if !phones.isEmpty { fields["phones"] = .array(phones) }
        if !emails.isEmpty { fields["emails"] = .array(emails) }
        if !urls.isEmpty { fields["urls"] = .array(urls) }
        if !addresses.isEmpty { fields["addresses"] = .array(addresses) }
        guard !fields.isEmpty else { return nil }
        return BarcodeValue(kind: .contact, fields: fields)
    }
}

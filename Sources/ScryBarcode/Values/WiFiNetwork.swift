import ScryCore
/// Wi-Fi credentials: `WIFI:T:WPA;S:ssid;P:password;H:true;;` (ZXing's format, which phones
/// read). Fields: `ssid`, `password`, `encryption` (`open`, `wep` or `wpa`, as ML Kit names
/// them; WPA2/WPA3/SAE count as `wpa`), `hidden` when H:true.
enum WiFiNetwork {
    static func value(of text: String) -> BarcodeValue? {
        guard let body = text.afterPrefix("WIFI:") else { return nil }
        let fields = TaggedFields(body)
        guard let ssid = fields.first("S"), !ssid.isEmpty else { return nil }
        var value: [String: JSONValue] = ["ssid": .string(ssid)]
        value.set("password", fields.first("P"))
        let type = (fields.first("T") ?? "").uppercased()
        switch type {
        case "WEP": value["encryption"] = .string("wep")
        case "", "NOPASS": value["encryption"] = .string(fields.first("P")?.isEmpty == false ? "wpa" : "open")
        default: value["encryption"] = .string("wpa")
        }
        if fields.first("H")?.lowercased() == "true" { value["hidden"] = .bool(true) }
        return BarcodeValue(kind: .wifi, fields: value)
    }
}

import ScryCore
/// A place: `geo:latitude,longitude[,altitude][?q=...]` (RFC 5870). Fields: `latitude`,
/// `longitude` (degrees, WGS 84), `altitude` (metres) when given, `query` when given.
enum GeoPoint {
    static func value(of text: String) -> BarcodeValue? {
        guard let body = text.afterPrefix("geo:") else { return nil }
        let parts = body.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        // Parameters such as ";u=35" follow the coordinates.
        let coordinates = parts[0].split(separator: ";")[...].first ?? ""
        let numbers = coordinates.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0)) }
        guard numbers.count == 2 || numbers.count == 3, let latitude = numbers[0], let longitude = numbers[1],
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        var value: [String: JSONValue] = ["latitude": .double(latitude), "longitude": .double(longitude)]
        if numbers.count == 3 {
            guard let altitude = numbers[2], altitude.isFinite else { return nil }
            value["altitude"] = .double(altitude)
        }
        if parts.count > 1 { value.set("query", queryParameters(parts[1])["q"]) }
        return BarcodeValue(kind: .geo, fields: value)
    }
}

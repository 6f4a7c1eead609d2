import ScryCore
/// What Scry knows of GS1 application identifiers (GS1 General Specifications, section 3):
/// how many digits the AI has, which AIs have fixed-length data, their short titles, and
/// implied decimal places.
enum GS1ApplicationIdentifier {
    /// The AI's length, read from its first two digits (GS1 General Specifications, figure
    /// 3.2-1: "the AI prefix determines the AI length"); nil for an unassigned prefix.
    static func length(startingWith text: Substring) -> Int? {
        guard let prefix = Int(String(text.prefix(2))), text.prefix(2).allSatisfy(\.isASCIINumber) else { return nil }
        switch prefix {
        case 0...2, 10...22, 30, 37, 90...99: return 2
        case 23...25, 40...42, 71: return 3
        case 31...36, 39, 43, 70, 72, 80...82: return 4
        default: return nil
        }
    }

    /// The data length of AIs whose data is always that long (so no separator follows them),
    /// from the GS1 table of predefined lengths; nil for variable-length AIs.
    static func fixedDataLength(of ai: String) -> Int? {
        switch ai.prefix(2) {
        case "00": return 18
        case "01", "02", "03": return 14
        case "04": return 16
        case "11", "12", "13", "14", "15", "16", "17", "18", "19": return 6
        case "20": return 2
        case "31", "32", "33", "34", "35", "36": return 6
        case "41": return 13
        default: return nil
        }
    }

    /// The number of implied decimal places: the AI's last digit for measures (310n-369n)
    /// and amounts (390n-395n).
    static func impliedDecimals(of ai: String) -> Int? {
        guard ai.count == 4, let family = Int(ai.prefix(3)), let decimals = ai.last?.wholeNumberValue else {
            return nil
        }
        return (310...369).contains(family) || (390...395).contains(family) ? decimals : nil
    }

    /// GS1's data title for common AIs.
    static func title(of ai: String) -> String? {
        if let title = titles[ai] { return title }
        if ai.count == 4, let title = titles[String(ai.prefix(3)) + "n"] { return title }
        if let first = ai.first, first == "9", ai.count == 2 { return "INTERNAL" }
        return nil
    }

    private static let titles: [String: String] = [
        "00": "SSCC", "01": "GTIN", "02": "CONTENT", "03": "MTO GTIN", "10": "BATCH/LOT",
        "11": "PROD DATE", "12": "DUE DATE", "13": "PACK DATE", "15": "BEST BEFORE or BEST BY",
        "16": "SELL BY", "17": "USE BY or EXPIRY", "20": "VARIANT", "21": "SERIAL", "22": "CPV",
        "235": "TPX", "240": "ADDITIONAL ID", "241": "CUST. PART No.", "242": "MTO VARIANT",
        "250": "SECONDARY SERIAL", "251": "REF. TO SOURCE", "253": "GDTI", "254": "GLN EXTENSION COMPONENT",
        "255": "GCN", "30": "VAR. COUNT", "37": "COUNT",
        "310n": "NET WEIGHT (kg)", "311n": "LENGTH (m)", "312n": "WIDTH (m)", "313n": "HEIGHT (m)",
        "314n": "AREA (m2)", "315n": "NET VOLUME (l)", "316n": "NET VOLUME (m3)", "320n": "NET WEIGHT (lb)",
        "330n": "GROSS WEIGHT (kg)", "390n": "AMOUNT", "391n": "AMOUNT", "392n": "PRICE", "393n": "PRICE",
        "400": "ORDER NUMBER", "401": "GINC", "402": "GSIN", "403": "ROUTE", "410": "SHIP TO LOC",
        "411": "BILL TO", "412": "PURCHASE FROM", "413": "SHIP FOR LOC", "414": "LOC No.",
        "415": "PAY TO", "416": "PROD/SERV LOC", "417": "PARTY", "420": "SHIP TO POST",
        "421": "SHIP TO POST", "422": "ORIGIN", "7003": "EXPIRY TIME", "8003": "GRAI",
        "8004": "GIAI", "8005": "PRICE PER UNIT", "8006": "ITIP", "8008": "PROD TIME",
        "8017": "GSRN - PROVIDER", "8018": "GSRN - RECIPIENT", "8020": "REF No.", "8200": "PRODUCT URL",
    ]
}

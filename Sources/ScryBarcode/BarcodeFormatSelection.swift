import ScryCore

/// The symbologies a run looks for (`--formats`; ML Kit's `BarcodeScannerOptions(formats:)`,
/// Vision's `symbologies`). Only engines and passes for them run, and only their readings are
/// reported. A UPC-A is the EAN-13 that starts with 0 (Scry reports it in that 13-digit form):
/// it belongs to `upc_a`, every other EAN-13 to `ean_13`.
public struct BarcodeFormatSelection: Sendable, Equatable {
    /// The symbologies looked for; every selectable one for `all`.
    public let symbologies: Set<Symbology>

    /// Every symbology Scry reads.
    public static let all = BarcodeFormatSelection(symbologies: selectable)

    /// The names `--formats` takes: every symbology but the EAN-2 and EAN-5 add-ons, which are
    /// read as parts of the EAN/UPC code they stand beside.
    public static let selectable: Set<Symbology> = Set(Symbology.allCases).subtracting([.ean_2, .ean_5])

    public init(symbologies: Set<Symbology>) {
        self.symbologies = symbologies.intersection(Self.selectable)
    }

    /// Why a `--formats` list was refused.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownName(String)

        public var description: String {
            let valid = "all, " + BarcodeFormatSelection.selectable.map(\.rawValue).sorted().joined(separator: ", ")
            switch self {
            case .unknownName(let name): return "unknown barcode format '\(name)' (valid: \(valid))"
            }
        }
    }

    /// A comma-separated list of symbology names as they appear in the JSON output
    /// (`qr_code,ean_13`), case-insensitive, or `all`. ML Kit's names (`FORMAT_QR_CODE`) are
    /// taken too.
    public init(parsing list: String) throws(ParseError) {
        var symbologies = Set<Symbology>()
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            var name = String(part).trimmingWhitespace.lowercased()
            if name.hasPrefix("format_") { name.removeFirst("format_".count) }
            if name == "all" {
                symbologies.formUnion(Self.selectable)
                continue
            }
            guard let symbology = Symbology(rawValue: name), Self.selectable.contains(symbology) else {
                throw .unknownName(String(part))
            }
            symbologies.insert(symbology)
        }
        // Splitting keeps empty names, which are unknown: `symbologies` is never empty here.
        self.init(symbologies: symbologies)
    }

    /// Whether every symbology is looked for.
    public var isAll: Bool { symbologies == Self.selectable }

    /// Whether a reading of `symbology` with `payload` is one the selection asks for.
    public func admits(_ symbology: Symbology, payload: [UInt8]) -> Bool {
        if symbology == .ean_13, payload.first == UInt8(ascii: "0") {
            return symbologies.contains(.upc_a)
        }
        return symbologies.contains(symbology)
    }

    /// The selection's symbologies among `group`.
    func among(_ group: Set<Symbology>) -> Set<Symbology> { symbologies.intersection(group) }
}

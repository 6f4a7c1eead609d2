import ScryCore

/// How many modules (narrowest bars, or matrix cells) a symbol spans along its width, from its
/// symbology, payload and the engine's version string. Fixed-width codes are exact; variable
/// ones are estimated from the payload as documented per case (Calibration/module-counts.tsv).
/// Nil when the count cannot be derived (PDF417's column count is not reported, DataBar
/// Expanded's segment count varies).
public enum ModuleCount {
    public static func across(symbology: Symbology, payload: [UInt8], version: String?) -> Int? {
        let characters = payload.count
        switch symbology {
        case .ean_13, .upc_a: return 95
        case .ean_8: return 67
        case .upc_e: return 51
        case .ean_2: return 20
        case .ean_5: return 47
        case .databar: return 96
        case .databar_limited: return 79
        case .databar_stacked: return 50
        case .itf, .itf_14:
            // Each digit 2 wide (3 modules) + 3 narrow elements; start 4, stop 5.
            return 9 * characters + 9
        case .code_39, .code_32, .pzn:
            // 16 modules per character with a 3:1 wide ratio, plus start/stop characters.
            return 16 * (characters + 2) - 1
        case .code_93:
            // 9 modules per character: data, two check characters, start, stop; 1 termination bar.
            return 9 * (characters + 4) + 1
        case .codabar:
            // About 12 modules per character (start/stop included in the payload).
            return 12 * characters
        case .code_128:
            return 11 * (code128SymbolCharacters(payload) + 2) + 13
        case .qr_code:
            guard let version = version.flatMap(Int.init), (1...40).contains(version) else { return nil }
            return 17 + 4 * version
        case .micro_qr_code:
            guard let digits = version?.filter(\.isNumber), let v = Int(digits), (1...4).contains(v)
            else { return nil }
            return 9 + 2 * v
        case .rmqr_code:
            // "R7x43": height x width.
            guard let width = version?.split(separator: "x").last.flatMap({ Int($0) }) else { return nil }
            return width
        case .data_matrix:
            // "22x22" or "8x32": rows x columns.
            guard let columns = version?.split(separator: "x").last.flatMap({ Int($0) }) else { return nil }
            return columns
        case .aztec:
            // Compact symbols (up to 4 layers) span 11 + 4 x layers; a full-range symbol of the
            // same layer count is larger, so this may overestimate the module size.
            guard let layers = version.flatMap(Int.init), layers > 0 else { return nil }
            if layers <= 4 { return 11 + 4 * layers }
            let base = 14 + 4 * layers
            return base + 1 + 2 * ((base / 2 - 1) / 15)
        case .aztec_rune: return 11
        case .maxicode: return 30
        case .pdf417, .micro_pdf417, .databar_expanded, .databar_expanded_stacked, .telepen,
            .dx_film_edge:
            return nil
        }
    }

    /// Code 128 symbol characters for a payload: runs of four or more digits pack two digits a
    /// character (code set C), everything else one.
    static func code128SymbolCharacters(_ payload: [UInt8]) -> Int {
        var count = 0
        var digitRun = 0
        func closeRun() {
            count += digitRun >= 4 ? (digitRun + 1) / 2 + 1 : digitRun
            digitRun = 0
        }
        for byte in payload {
            if (0x30...0x39).contains(byte) { digitRun += 1 } else {
                closeRun()
                count += 1
            }
        }
        closeRun()
        return count
    }
}

/// The estimated size of one module in pixels for a symbol with `corners` (upright pixel
/// space, symbol's own top-left first) spanning `modules` modules along its width: the mean
/// length of its top and bottom edges divided by the module count.
public func estimatedModulePixels(corners: [PixelPoint], modules: Int) -> Double? {
    guard corners.count == 4, modules > 0 else { return nil }
    func distance(_ a: PixelPoint, _ b: PixelPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
    let width = (distance(corners[0], corners[1]) + distance(corners[3], corners[2])) / 2
    guard width > 0 else { return nil }
    return width / Double(modules)
}

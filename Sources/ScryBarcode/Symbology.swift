import ScryCore

/// A barcode symbology, named in snake_case as it appears in the JSON output.
public enum Symbology: String, CaseIterable, Sendable, Comparable {
    case aztec
    case aztec_rune
    case codabar
    case code_39
    case code_32
    case pzn
    case code_93
    case code_128
    case databar
    case databar_limited
    case databar_expanded
    case databar_stacked
    case databar_expanded_stacked
    case dx_film_edge
    case ean_8
    case ean_13
    case ean_2
    case ean_5
    case itf
    case itf_14
    case maxicode
    case micro_pdf417
    case micro_qr_code
    case pdf417
    case qr_code
    case rmqr_code
    case data_matrix
    case telepen
    case upc_a
    case upc_e

    public static func < (lhs: Symbology, rhs: Symbology) -> Bool { lhs.rawValue < rhs.rawValue }
}

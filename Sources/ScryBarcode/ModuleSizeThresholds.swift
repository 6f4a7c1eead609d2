import Foundation
import ScryCore

/// The smallest module size, in pixels, at which a symbology's reads count as reliable.
/// Loaded from Calibration/module-sizes.json; ML Kit's guidance of 2 px per module is the
/// default for symbologies the file does not list.
public struct ModuleSizeThresholds: Sendable, Equatable {
    public var defaultMinimum: Double
    public var minimums: [Symbology: Double]

    public init(defaultMinimum: Double, minimums: [Symbology: Double] = [:]) {
        self.defaultMinimum = defaultMinimum
        self.minimums = minimums
    }

    /// ML Kit's guidance: at least 2 pixels per module for every symbology.
    public static let mlKitGuidance = ModuleSizeThresholds(defaultMinimum: 2)

    public func minimum(for symbology: Symbology) -> Double {
        minimums[symbology] ?? defaultMinimum
    }

    public enum LoadError: Error, CustomStringConvertible {
        case invalid(String)
        public var description: String {
            switch self {
            case .invalid(let reason): return "invalid module-size table: \(reason)"
            }
        }
    }

    private struct File: Decodable {
        var version: Int
        var default_minimum_module_px: Double
        var minimum_module_px: [String: Double]
    }

    /// Parses the JSON table (version 1): `default_minimum_module_px` and a
    /// `minimum_module_px` object keyed by symbology name.
    public init(json: [UInt8]) throws(LoadError) {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(json)) } catch {
            throw .invalid("\(error)")
        }
        guard file.version == 1 else { throw .invalid("version \(file.version), expected 1") }
        guard file.default_minimum_module_px > 0 else { throw .invalid("default must be positive") }
        var minimums: [Symbology: Double] = [:]
        for (name, value) in file.minimum_module_px {
            guard let symbology = Symbology(rawValue: name) else {
                throw .invalid("unknown symbology \"\(name)\"")
            }
            guard value > 0 else { throw .invalid("\(name): minimum must be positive") }
            minimums[symbology] = value
        }
        self.init(defaultMinimum: file.default_minimum_module_px, minimums: minimums)
    }
}

/// A JSON value that serializes deterministically: object keys sorted, numbers in their
/// shortest round-trip form, strings escaped so no control character or invalid byte reaches
/// the output raw. Equal values always give byte-identical text.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// An unsigned count read from a file (a frame's sequence number): written as the full
    /// 64-bit number it is, never wrapped to a negative one.
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// One line of JSON text, no trailing newline.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .unsigned(let value): out += String(value)
        case .double(let value):
            if !value.isFinite {
                out += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int(value))
            } else {
                out += String(value)
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    /// Escapes quotes, backslashes, every C0 control, DEL and the C1 controls, and the line
    /// separators U+2028/U+2029, so a hostile payload cannot move a terminal's cursor or split a
    /// line for a careless reader.
    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let code = scalar.value
                if code < 0x20 || (0x7f...0x9f).contains(code) || code == 0x2028 || code == 0x2029 {
                    out += "\\u"
                    for shift in stride(from: 12, through: 0, by: -4) {
                        out.append(hexDigits[Int((code >> UInt32(shift)) & 0xf)])
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// `value` rounded to `decimals` places, so output does not depend on the last bits of a
    /// floating-point computation.
    public static func rounded(_ value: Double, decimals: Int) -> JSONValue {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return .double((value * scale).rounded() / scale)
    }
}

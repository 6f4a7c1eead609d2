/// Reads fields of a protocol-buffer message, one after another.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed
    }

    var bytes: ArraySlice<UInt8>
    var isAtEnd: Bool { bytes.isEmpty }

    /// The next field's number and value, or nil when the encoding is broken.
    mutating func nextField() -> (Int, Value)? {
        guard let key = varint(), key >> 3 > 0, key >> 3 <= UInt64(Int32.max) else { return nil }
        let field = Int(key >> 3)
        switch key & 7 {
        case 0:
            guard let value = varint() else { return nil }
            return (field, .varint(value))
        case 1, 5:
            let size = key & 7 == 1 ? 8 : 4
            guard bytes.count >= size else { return nil }
            bytes = bytes.dropFirst(size)
            return (field, .fixed)
        case 2:
            guard let length = varint(), length <= UInt64(bytes.count) else { return nil }
            let value = bytes.prefix(Int(length))
            bytes = bytes.dropFirst(Int(length))
            return (field, .bytes(value))
        default:
            return nil
        }
    }

    /// The next field as `nextField` gives it, with its whole encoding (key and value) as it
    /// stands in the message, for copying it unchanged.
    mutating func nextEncodedField() -> (field: Int, value: Value, encoding: ArraySlice<UInt8>)? {
        let before = bytes
        guard let (field, value) = nextField() else { return nil }
        return (field, value, before[before.startIndex..<bytes.startIndex])
    }

    /// Every varint of a packed repeated field's bytes, or nil when one is cut short.
    static func packedVarints(_ bytes: ArraySlice<UInt8>) -> [UInt64]? {
        var reader = ProtobufReader(bytes: bytes)
        var values: [UInt64] = []
        while !reader.isAtEnd {
            guard let value = reader.varint() else { return nil }
            values.append(value)
        }
        return values
    }

    private mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard let byte = bytes.popFirst() else { return nil }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}

/// Encodes protocol-buffer fields.
enum ProtobufWriter {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
        return bytes
    }

    /// Field `number` holding the varint `value` (wire type 0).
    static func field(_ number: Int, varint value: UInt64) -> [UInt8] {
        varint(UInt64(number) << 3) + varint(value)
    }

    /// Field `number` holding `bytes` (wire type 2: a string, bytes or a message).
    static func field(_ number: Int, bytes: some Collection<UInt8>) -> [UInt8] {
        varint(UInt64(number) << 3 | 2) + varint(UInt64(bytes.count)) + Array(bytes)
    }

    /// `message` with each field that `replacement` gives new encoded fields for replaced by
    /// them (none drops it); every other field copied as it was. Nil when `message` or a
    /// replacement's own reading of it is broken (`replacement` returns `.broken`).
    static func rewritten(
        _ message: ArraySlice<UInt8>, _ replacement: (Int, ProtobufReader.Value) -> Replacement
    ) -> [UInt8]? {
        var reader = ProtobufReader(bytes: message)
        var result: [UInt8] = []
        result.reserveCapacity(message.count)
        while !reader.isAtEnd {
            guard let (field, value, encoding) = reader.nextEncodedField() else { return nil }
            switch replacement(field, value) {
            case .unchanged: result += encoding
            case .fields(let fields): result += fields
            case .broken: return nil
            }
        }
        return result
    }

    enum Replacement {
        case unchanged
        /// These encoded fields in the field's place.
        case fields([UInt8])
        case broken
    }
}

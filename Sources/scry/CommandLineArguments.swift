import ArgumentParser
import Glibc
import SystemPackage

/// The command line as Swift strings that keep every byte: a file name need not be UTF-8
/// (`okbad\xff.png`), and Swift's `CommandLine.arguments` would turn such a byte into U+FFFD,
/// naming a file that does not exist.
///
/// A byte that is not part of valid UTF-8 becomes one scalar of a private-use range
/// (U+10FF00 + the byte), as Python's `surrogateescape` keeps such bytes. `FilePath(argument:)`
/// turns those scalars back into the bytes for open(2), and `escapedForDisplay` shows them as
/// `\xFF` in messages and JSON. An argument that holds such a scalar itself is escaped byte by
/// byte, so the mapping is exact both ways.
enum CommandLineArguments {
    /// The first scalar of the range that stands for raw bytes 0x00...0xFF.
    static let escapeBase: UInt32 = 0x10FF00

    /// The arguments after the program name.
    static var losslessArguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            return lossless(Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) })
        }
    }

    /// `bytes` as a string: valid UTF-8 as itself, every other byte escaped.
    static func lossless(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: isEscape)
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes[index])
            if length > 1, index + length <= bytes.count,
                let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
                let scalar = text.unicodeScalars.first, !isEscape(scalar)
            {
                scalars.append(scalar)
                index += length
                continue
            }
            if length == 1 {
                scalars.append(Unicode.Scalar(bytes[index]))
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
            }
            index += 1
        }
        return String(scalars)
    }

    /// The bytes `argument` stands for.
    static func bytes(of argument: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(argument.utf8.count)
        for scalar in argument.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        (escapeBase...(escapeBase + 0xFF)).contains(scalar.value)
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for ASCII; 0 for a byte that
    /// cannot start one).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}

/// A path handed to a library that takes it as a Swift string (SQLite through GRDB,
/// tesseract's data folder, a camera node) cannot carry bytes that are not UTF-8: such an
/// argument is a usage error rather than a file of another name.
func requireUTF8(_ argument: String?, option: String) throws {
    guard let argument, argument.unicodeScalars.contains(where: CommandLineArguments.isEscape) else { return }
    throw ValidationError("\(option) \(argument.escapedForDisplay): this path must be valid UTF-8")
}

extension String {
    /// The string for messages and JSON: bytes that were not UTF-8 in a command-line
    /// argument are shown as `\xFF`.
    var escapedForDisplay: String {
        guard unicodeScalars.contains(where: CommandLineArguments.isEscape) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            if CommandLineArguments.isEscape(scalar) {
                let byte = scalar.value - CommandLineArguments.escapeBase
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension FilePath {
    /// The path a command-line argument names, byte for byte (see `CommandLineArguments`).
    init(argument: String) {
        guard argument.unicodeScalars.contains(where: CommandLineArguments.isEscape) else {
            self.init(argument)
            return
        }
        let bytes = CommandLineArguments.bytes(of: argument).map { CChar(bitPattern: $0) } + [0]
        self = bytes.withUnsafeBufferPointer { FilePath(platformString: $0.baseAddress!) }
    }
}

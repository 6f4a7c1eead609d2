import Glibc
import SystemPackage

/// Reading ink input: a whole file or stdin ("-"), or its lines one at a time (a pen's
/// recording read as it grows, a pipe that never ends).
enum InkInput {
    /// The most bytes one ink may take (a million points is about 40 MB of JSON).
    static let maximumBytes = 256 << 20

    private static func open(_ file: String) throws -> FileDescriptor {
        file == "-" ? .standardInput : try FileDescriptor.open(FilePath(argument: file), .readOnly, options: [.closeOnExec])
    }

    /// The whole of `file`; a file over `maximumBytes` is cut there (and fails as JSON).
    static func contents(of file: String) throws -> [UInt8] {
        let descriptor = try open(file)
        defer { if file != "-" { try? descriptor.close() } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < maximumBytes {
            let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Calls `body` with each line of `file` (without its newline) as it arrives; returns the
    /// error that stopped the reading, if any.
    static func eachLine(of file: String, _ body: ([UInt8]) throws -> Void) throws -> Errno? {
        let descriptor: FileDescriptor
        do { descriptor = try open(file) } catch { return error as? Errno ?? .ioError }
        defer { if file != "-" { try? descriptor.close() } }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do { count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) } } catch {
                return error as? Errno ?? .ioError
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                pending += chunk[start..<index]
                try body(pending)
                pending = []
                start = index + 1
            }
            pending += chunk[start..<count]
            if pending.count > maximumBytes {
                try body(Array(pending.prefix(maximumBytes)))
                pending = []
            }
        }
        if !pending.isEmpty { try body(pending) }
        return nil
    }
}

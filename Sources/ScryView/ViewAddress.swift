/// Where the live view listens (`--view [ADDRESS:PORT]`): a host name or IP address and a TCP
/// port. Loopback unless told otherwise; any other address needs the view's token.
public struct ViewAddress: Sendable, Equatable, CustomStringConvertible {
    /// The port the view takes when none is given.
    public static let defaultPort = 8077
    /// The address the view takes when none is given: this machine only.
    public static let loopback = ViewAddress(host: "127.0.0.1", port: defaultPort)

    /// An IPv4 or IPv6 address (without brackets) or a host name.
    public var host: String
    /// 1...65535, or 0 for a port the system chooses.
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `PORT`, `HOST`, `HOST:PORT` or `[IPv6]:PORT` (`8080`, `0.0.0.0:8080`,
    /// `[::1]:8080`); nil when it is none of these or the port is outside 0...65535.
    public init?(argument: String) {
        guard !argument.isEmpty, argument.utf8.count <= 255, !argument.contains(where: { $0.isWhitespace }) else { return nil }
        if argument.allSatisfy(\.isASCII), let port = Int(argument) {
            guard (0...65535).contains(port) else { return nil }
            self.init(host: Self.loopback.host, port: port)
            return
        }
        var host = Substring(argument)
        var port = Self.defaultPort
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()), (0...65535).contains(number) else { return nil }
                port = number
            }
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            guard let number = Int(host[host.index(after: colon)...]), (0...65535).contains(number) else { return nil }
            port = number
            host = host[..<colon]
        }
        guard !host.isEmpty,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" || $0 == "%") })
        else { return nil }
        self.init(host: String(host), port: port)
    }

    /// Whether only this machine can reach the address: 127.0.0.0/8, ::1 or `localhost`.
    public var isLoopback: Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "0:0:0:0:0:0:0:1" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `127.0.0.1:8077`, `[::1]:8077`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

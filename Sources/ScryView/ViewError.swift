/// Why the live view could not start.
public enum ViewError: Error, Equatable, CustomStringConvertible {
    /// Another program listens on the address's port.
    case addressInUse(ViewAddress)
    /// The address is not one of this machine's (or the port is not ours to take).
    case cannotListen(ViewAddress, reason: String)

    public var description: String {
        switch self {
        case .addressInUse(let address): "the live view's address \(address) is in use (choose another with --view HOST:PORT)"
        case .cannotListen(let address, let reason): "the live view cannot listen on \(address): \(reason)"
        }
    }
}

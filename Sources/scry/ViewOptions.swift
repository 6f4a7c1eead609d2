import ArgumentParser
import ScryCore
import ScryMotion
import ScryPipeline
import ScryView

/// `--view [ADDRESS:PORT]`: the run shown live in a browser (`LiveView`).
struct ViewOptions: ParsableArguments {
    @Option(
        name: .customLong("view"),
        help: ArgumentHelp(
            "Show the run live in a browser (--view alone: the default address): the frames with every detection drawn, the latest lines, each lane's rates; a box dragged on the picture is followed (object lines). Listens on 127.0.0.1:\(ViewAddress.defaultPort) unless given PORT, HOST:PORT or [IPv6]:PORT; any address but loopback needs the random token printed with the URL. The URL goes to stderr; stdout is unchanged.",
            valueName: "[address:port]"))
    var view: String?

    /// The address asked for, when `--view` was given.
    var address: ViewAddress? { view.flatMap(ViewAddress.init(argument:)) }

    func validate() throws {
        if let view, ViewAddress(argument: view) == nil {
            throw ValidationError("--view takes PORT, HOST:PORT or [IPv6]:PORT (port 0...65535): not '\(view.escapedForDisplay)'")
        }
    }

    /// The view, listening, when asked for; its URL is said on stderr. A port in use is status
    /// 75, an address that is not this machine's 69.
    func startView(lanes: [LaneKind], following: ObjectRequests?) throws -> LiveView? {
        guard let address else { return nil }
        let view = LiveView(address: address, lanes: lanes, log: { printError($0) })
        if let following {
            view.allowFollowing(LiveView.Following(follow: following.follow, unfollow: { following.stop(track: $0) }))
        }
        do { try view.start() } catch {
            switch error {
            case .addressInUse: throw CommandFailure(message: "\(error)", status: ExitStatus.deviceBusy)
            case .cannotListen: throw CommandFailure(message: "\(error)", status: ExitStatus.unavailable)
            }
        }
        printError("view: \(view.url)")
        return view
    }

    /// `--view` given alone (or before something that is not an address) takes the default
    /// address: ArgumentParser's options always take a value, so the command line is rewritten
    /// to `--view=127.0.0.1:8077` before parsing. A value after `--view` is its own only when it
    /// is a port or holds a colon (`8080`, `0.0.0.0:8080`, `[::1]`); `--view=HOST` names a host alone.
    static func rewritten(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if argument == "--view" {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                if let next, next.allSatisfy(\.isNumber) || (next.contains(":") && !next.hasPrefix("-")) {
                    result.append("--view=" + next)
                    index += 2
                    continue
                }
                result.append("--view=" + ViewAddress.loopback.description)
            } else {
                result.append(argument)
            }
            index += 1
        }
        return result
    }
}

import Dispatch
import Glibc
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The live view's HTTP and WebSocket server, on Hummingbird: `GET /` (the page), `GET
/// /frame.jpg?after=N` (the newest frame after N, waiting up to 2 s for one; 204 when none
/// came) and the WebSocket `/events` (`/events?frames=1`: the frames too, each sent once the
/// browser has said the one before is on screen). Nothing else is served (404): no file is
/// ever read. With a token, every request and the WebSocket must carry it (`?token=`), else
/// 403.
final class ViewServer: Sendable {
    private let address: ViewAddress
    private let token: ViewToken?
    private let shelf: FrameShelf
    private let audience: ViewAudience
    private let greeting: @Sendable () -> [String]
    private let onMessage: @Sendable (BrowserMessage) -> Void
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State {
        var task: Task<Void, Never>?
        var group: ServiceGroup?
        var boundPort: Int?
        var failure: (any Error)?
        var refused = 0
        var malformed = 0
    }

    init(
        address: ViewAddress, token: ViewToken?, shelf: FrameShelf, audience: ViewAudience,
        greeting: @escaping @Sendable () -> [String], onMessage: @escaping @Sendable (BrowserMessage) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.address = address
        self.token = token
        self.shelf = shelf
        self.audience = audience
        self.greeting = greeting
        self.onMessage = onMessage
        self.log = log
    }

    /// Starts listening and returns the port bound (the one chosen when the address's is 0).
    func start() throws(ViewError) -> Int {
        let logger = Logger(label: "scry-view", factory: { _ in SwiftLogNoOpLogHandler() })
        let router = Router()
        router.get("/") { [self] request, _ -> Response in
            guard authorized(request.uri) else { return refusal() }
            return Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: ViewPage.html)))
        }
        router.get("/frame.jpg") { [self] request, _ -> Response in
            guard authorized(request.uri) else { return refusal() }
            let after = request.uri.queryParameters["after"].flatMap { UInt64(String($0)) }
            guard let frame = await shelf.next(after: after) else {
                return Response(status: .noContent, headers: [.cacheControl: "no-store"])
            }
            var headers: HTTPFields = [.contentType: "image/jpeg", .cacheControl: "no-store"]
            headers[HTTPField.Name("X-Scry-Frame")!] = String(frame.sequence)
            headers[HTTPField.Name("X-Scry-Size")!] = "\(frame.width)x\(frame.height)"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: frame.jpeg)))
        }
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            ws: WebSocketServerConfiguration(
                maxFrameSize: BrowserMessage.maximumFrameBytes, autoPing: .enabled(timePeriod: .seconds(10)), closeTimeout: .seconds(1)))
        let bound = DispatchSemaphore(value: 0)
        let app = Application(
            router: router,
            // The upgrade is decided from the request's head, not through a WebSocket router:
            // the router's request context keeps a reference to itself, so every browser's
            // upgrade would leave 256 bytes behind for good.
            server: .http1WebSocketUpgrade(configuration: configuration) { [self] head, _, _ in
                let uri = URI(head.path ?? "")
                guard uri.path == "/events", authorized(uri) else { return .dontUpgrade }
                let sendsFrames = uri.queryParameters["frames"] == "1"
                return .upgrade([:]) { [self] inbound, outbound, _ in
                    try await serve(inbound: inbound, outbound: outbound, sendsFrames: sendsFrames)
                }
            },
            configuration: ApplicationConfiguration(address: .hostname(address.host, port: address.port), serverName: nil),
            onServerRunning: { [self] channel in
                state.withLock { $0.boundPort = channel.localAddress?.port }
                bound.signal()
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task { [self] in
            do { try await group.run() } catch { state.withLock { $0.failure = $0.failure ?? error } }
            bound.signal()
        }
        state.withLock {
            $0.task = task
            $0.group = group
        }
        bound.wait()
        let (port, failure) = state.withLock { ($0.boundPort, $0.failure) }
        if let port { return port }
        if let error = failure as? IOError, error.errnoCode == 98 /* EADDRINUSE */ { throw .addressInUse(address) }
        throw .cannotListen(address, reason: failure.map { Self.reason($0) } ?? "the server stopped")
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }

    /// One browser's WebSocket: the audience's messages out (those waiting when the last
    /// write is done in one text message, a line each), the browser's messages in, until
    /// either side ends (the browser leaves, falls behind, or the view closes). With
    /// `sendsFrames`, the frames too, as binary messages (`ViewFrame.message`): the newest one
    /// at first, then the newest after the last sent each time the browser says a frame is on
    /// screen, so a slow or stalled browser gets fewer frames and none queue for it.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, sendsFrames: Bool) async throws {
        let (id, wakes) = audience.join(greeting: greeting())
        defer { audience.leave(id) }
        let (credits, credit) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        defer { credit.finish() }
        let framer = sendsFrames ? Task { [shelf] in
            var after: UInt64?
            credit.yield()
            for await _ in credits {
                var frame: ViewFrame?
                while frame == nil {
                    if Task.isCancelled || shelf.isClosed { return }
                    frame = await shelf.next(after: after)
                }
                guard let frame, (try? await outbound.write(.binary(ByteBuffer(bytes: frame.message)))) != nil else { return }
                after = frame.sequence
            }
        } : nil
        defer { framer?.cancel() }
        // The writer ends quietly when the view closes or drops the browser (its stream ends or
        // it is cancelled); a write that fails means the connection broke under it.
        let writer = Task { () -> (any Error)? in
            do {
                // Those waiting as one, separated by newlines (no message holds one).
                for await _ in wakes {
                    let batch = audience.take(id)
                    if !batch.isEmpty { try await outbound.write(.text(batch.joined(separator: "\n"))) }
                }
                return nil
            } catch {
                return Task.isCancelled ? nil : error
            }
        }
        audience.onLeave(id) { writer.cancel() }
        let tooLong = "a browser sent a message over \(BrowserMessage.maximumBytes) bytes; its connection is closed"
        let broken = "a browser's connection broke"
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                if let error = await writer.value { note(malformed: "\(broken): \(error); its connection is closed") }
            }
            group.addTask { [self] in
                do {
                    for try await message in inbound.messages(maxSize: BrowserMessage.maximumBytes) {
                        let bytes = switch message {
                        case .text(let text): text.utf8.count
                        case .binary(let buffer): buffer.readableBytes
                        }
                        guard bytes <= BrowserMessage.maximumBytes else {
                            note(malformed: tooLong)
                            return
                        }
                        guard case .text(let text) = message, let parsed = BrowserMessage(text) else {
                            note(malformed: "a browser sent a message the view does not read; ignored")
                            continue
                        }
                        if case .shown = parsed { credit.yield() }
                        onMessage(parsed)
                    }
                } catch where Task.isCancelled {
                    // The writer's side ended first (the view closed, the browser was dropped,
                    // or its connection broke, said there): nothing more to say.
                } catch {
                    // A message in several frames that grew over the limit (WSCore's error
                    // type for it is not public: its description names the close code), or a
                    // broken frame.
                    note(malformed: "\(error)".contains("messageTooLarge") ? tooLong : "\(broken): \(error); its connection is closed")
                }
            }
            _ = try await group.next()
            group.cancelAll()
            writer.cancel()
        }
    }

    private func note(malformed message: String) {
        let first = state.withLock { state -> Bool in
            state.malformed += 1
            return state.malformed <= 3
        }
        if first { log(message) }
    }

    private func authorized(_ uri: URI) -> Bool {
        guard let token else { return true }
        if token.accepts(uri.queryParameters["token"]) { return true }
        let first = state.withLock { state -> Bool in
            state.refused += 1
            return state.refused <= 3
        }
        if first { log("refused a request to \(uri.path) without the view's token") }
        return false
    }

    private func refusal() -> Response {
        Response(status: .forbidden, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: "a token is needed\n")))
    }

    /// Messages refused or ignored so far: requests without the token, malformed messages.
    var refused: Int { state.withLock { $0.refused } }
    var malformed: Int { state.withLock { $0.malformed } }

    /// Stops listening and ends every connection: gracefully within a second, else cancelled.
    func stop() {
        let (task, group) = state.withLock { ($0.task, $0.group) }
        guard let task, let group else { return }
        let done = DispatchSemaphore(value: 0)
        Task {
            await group.triggerGracefulShutdown()
        }
        Task {
            _ = await task.value
            done.signal()
        }
        if done.wait(timeout: .now() + 2) == .timedOut {
            task.cancel()
            _ = done.wait(timeout: .now() + 5)
        }
    }
}

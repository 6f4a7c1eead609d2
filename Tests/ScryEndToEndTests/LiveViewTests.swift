import Foundation
import ScryTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `--view`: the run in a browser (headless chromium through chromedriver), its safety rules,
/// and stdout unchanged by it.
@Suite(.serialized) struct LiveViewTests {
    /// The demo's codes one sighting confirms, whatever frames a busy lane takes: the QR code,
    /// the EAN-13 (both engines read it) and the Data Matrix. Its Code 128, which zxing-cpp
    /// alone reads, needs a second sighting within half a second.
    static let confirmedAtFirstSight: Set<String> = ["https://example.org/scry?demo=1", "9780262033848", "Scry Data Matrix demo"]

    /// A 30 fps dump of the demo's four code frames, each held `hold` frames.
    private func codesDump(hold: Int) throws -> String {
        let frames = try demoFramesFolder()
        let dump = try makeTemporaryDirectory().appendingPathComponent("codes.scrydump").path
        let create = try scry(
            ["dump", "create", "-o", dump, "--fps", "30", "--repeat", String(hold)]
                + (0...3).map { frames.appendingPathComponent("frame-00000\($0).png").path })
        #expect(create.status == 0, "\(create.stderr)")
        return dump
    }

    /// scry started in the background, its stdout and stderr going to files.
    private final class Background {
        let process = Process()
        let stdout: URL
        let stderr: URL

        init(_ arguments: [String]) throws {
            let folder = try makeTemporaryDirectory()
            stdout = folder.appendingPathComponent("out.jsonl")
            stderr = folder.appendingPathComponent("err.txt")
            _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: RepositoryPaths.scryExecutable)
            process.arguments = arguments
            process.standardOutput = try FileHandle(forWritingTo: stdout)
            process.standardError = try FileHandle(forWritingTo: stderr)
            try process.run()
        }

        var errors: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

        /// The view's URL, once scry has said it on stderr.
        func viewURL() throws -> String {
            for _ in 0..<600 {
                if let line = errors.split(separator: "\n").first(where: { $0.hasPrefix("scry: view: http") }) {
                    return String(line.dropFirst("scry: view: ".count))
                }
                if !process.isRunning { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw HeadlessBrowser.Failure(description: "no view URL on stderr: \(errors)")
        }

        /// Waits for the end and returns the status and stdout's lines as JSON objects.
        func finish() throws -> (status: Int32, lines: [[String: Any]]) {
            process.waitUntilExit()
            let text = try String(contentsOf: stdout, encoding: .utf8)
            let lines = try text.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            return (process.terminationStatus, lines)
        }
    }

    /// The codes' confirmed lines: payload and pixel corners.
    private func confirmedCodes(_ lines: [[String: Any]]) -> [String: [[Double]]] {
        var codes: [String: [[Double]]] = [:]
        for line in lines where line["type"] as? String == "barcode" && line["event"] as? String == "confirmed" {
            let corners = (line["pixel_corners"] as? [[String: Double]] ?? []).map { [$0["x"] ?? -1, $0["y"] ?? -1] }
            codes[line["payload"] as? String ?? ""] = corners
        }
        return codes
    }

    @Test func aReplayedDumpsCodesAreDrawnOnThePageWhereItsLinesPutThem() throws {
        try #require(HeadlessBrowser.isInstalled, "chromium and chromedriver are missing: run scripts/install-deps")
        let dump = try codesDump(hold: 90)
        let run = try Background(["replay", "--realtime", "--no-text", "--view", "0", dump])
        let url = try run.viewURL()
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.open(url)
        // Every code outline the page draws while the replay plays: its label and corners.
        var drawn: [String: [[Double]]] = [:]
        var pixelChecks = 0
        let folder = try makeTemporaryDirectory()
        let query = """
            return [...document.querySelectorAll('#marks g.mark[data-lane="barcode"]')].map(g => {
              const svg = document.getElementById('marks').getBoundingClientRect();
              const box = document.getElementById('marks').viewBox.baseVal;
              return {label: g.querySelector('text')?.textContent ?? '', outline: JSON.parse(g.dataset.outline),
                      stroke: g.querySelector('polygon').getAttribute('stroke'),
                      left: svg.left, top: svg.top, scale: svg.width / box.width, ratio: window.devicePixelRatio};
            });
            """
        func outlines(_ marks: [[String: Any]]) -> [String] { marks.map { "\($0["label"] ?? "") \($0["outline"] ?? "")" } }
        while run.process.isRunning {
            let marks = try browser.run(query) as? [[String: Any]] ?? []
            for mark in marks {
                guard let label = mark["label"] as? String, let outline = mark["outline"] as? [[Double]] else { continue }
                drawn[label] = outline
            }
            // A few times: the screenshot's pixel in the middle of each outline's top edge is
            // the lane's colour (the frame there is white or black). Judged only when the same
            // outlines were drawn just before and just after the screenshot.
            if pixelChecks < 4, !marks.isEmpty {
                let shot = folder.appendingPathComponent("shot-\(pixelChecks).png")
                try browser.screenshot().write(to: shot)
                let after = try browser.run(query) as? [[String: Any]] ?? []
                if outlines(after) == outlines(marks) {
                    for mark in marks {
                        guard let outline = mark["outline"] as? [[Double]], outline.count == 4, let stroke = mark["stroke"] as? String,
                            let left = mark["left"] as? Double, let top = mark["top"] as? Double,
                            let scale = mark["scale"] as? Double, let ratio = mark["ratio"] as? Double
                        else { continue }
                        let x = Int(((left + (outline[0][0] + outline[1][0]) / 2 * scale) * ratio).rounded())
                        let y = Int(((top + (outline[0][1] + outline[1][1]) / 2 * scale) * ratio).rounded())
                        let pixel = try runProcess("/usr/bin/convert", [shot.path, "-crop", "1x1+\(x)+\(y)", "-depth", "8", "txt:-"])
                        #expect(
                            pixel.stdoutText.lowercased().contains(stroke.lowercased()), "at \(x),\(y): \(pixel.stdoutText) for \(stroke)")
                    }
                    pixelChecks += 1
                }
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let listed = try browser.run(
            "return [...document.querySelectorAll('#lines li')].map(li => li.dataset.json);") as? [String] ?? []
        let (status, lines) = try run.finish()
        #expect(status == 0, "\(run.errors)")
        #expect(run.errors.contains("view: 1 browser"), "\(run.errors)")
        // A browser still watching when the replay ends is closed without a word of blame.
        #expect(!run.errors.contains("broke") && !run.errors.contains("does not read"), "\(run.errors)")
        // The three codes one sighting confirms are always confirmed; the Code 128, which
        // zxing-cpp alone reads, needs a second sighting within half a second, which a lane
        // slowed by a busy machine may not make. Every code confirmed is checked.
        let codes = confirmedCodes(lines)
        #expect(Set(codes.keys).isSuperset(of: Self.confirmedAtFirstSight), "\(codes.keys)")
        #expect(pixelChecks > 0)
        for (payload, corners) in codes {
            let match = drawn.first { label, _ in label.hasSuffix(payload) || label.contains(payload.prefix(40)) }
            let outline = try #require(match?.value, "\(payload) was never drawn: \(drawn.keys)")
            // The same corners, in the same upright frame pixels (the page draws each frame's
            // outline; the frames are held still).
            for (point, corner) in zip(outline, corners) {
                #expect(abs(point[0] - corner[0]) <= 2 && abs(point[1] - corner[1]) <= 2, "\(payload): \(outline) against \(corners)")
            }
            // The list shows the line exactly as stdout has it.
            let line = try #require(lines.first { $0["payload"] as? String == payload && $0["event"] as? String == "confirmed" })
            func canonical(_ object: Any) -> String? {
                (try? JSONSerialization.data(withJSONObject: object, options: .sortedKeys)).map { String(decoding: $0, as: UTF8.self) }
            }
            let shown = Set(listed.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))).flatMap(canonical) })
            #expect(canonical(line).map(shown.contains) == true, "\(payload) is not in the page's list: \(listed.prefix(3))")
        }
    }

    @Test func aBoxDraggedOnThePageIsFollowedAndAClickOnItStopsIt() throws {
        try #require(HeadlessBrowser.isInstalled, "chromium and chromedriver are missing: run scripts/install-deps")
        // Twenty seconds of the demo's QR code (at 540,260, 200 px a side).
        let frames = try demoFramesFolder()
        let dump = try makeTemporaryDirectory().appendingPathComponent("qr.scrydump").path
        let create = try scry(
            ["dump", "create", "-o", dump, "--fps", "30", "--repeat", "600", frames.appendingPathComponent("frame-000000.png").path])
        #expect(create.status == 0, "\(create.stderr)")
        let run = try Background(["replay", "--realtime", "--no-text", "--view", "0", dump])
        defer { if run.process.isRunning { run.process.interrupt() } }
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.open(try run.viewURL())
        // Once the page shows a frame, a box is dragged around the code, a little larger.
        let place = try #require(
            try browser.waitFor("""
                if (!document.body.dataset.frame || !following) return null;
                const r = document.getElementById('marks').getBoundingClientRect();
                return {left: r.left, top: r.top, scale: r.width / 1280};
                """) as? [String: Double])
        let (left, top, scale) = (place["left"]!, place["top"]!, place["scale"]!)
        func screen(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (left + x * scale, top + y * scale) }
        try browser.drag(from: screen(520, 240), to: screen(760, 480))
        func objectLines() -> [[String: Any]] {
            let text = (try? String(contentsOf: run.stdout, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["type"] as? String == "object" }
        }
        var confirmed: [String: Any]?
        for _ in 0..<300 where confirmed == nil && run.process.isRunning {
            confirmed = objectLines().first { $0["event"] as? String == "confirmed" }
            if confirmed == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        let line = try #require(confirmed, "no object confirmed: \(run.errors)")
        #expect(line["track"] as? Int == 1)
        let box = try #require(line["pixel_bounds"] as? [String: Double])
        // The box as dragged, in the frame's pixels (the pointer lands on whole CSS pixels).
        let tolerance = 2 / scale + 1
        #expect(abs(box["x"]! - 520) <= tolerance && abs(box["y"]! - 240) <= tolerance, "\(box)")
        #expect(abs(box["width"]! - 240) <= 2 * tolerance && abs(box["height"]! - 240) <= 2 * tolerance, "\(box)")
        // The followed object is drawn; a press on it stops following it.
        #expect(try browser.waitFor("return document.querySelector('#marks g.mark[data-lane=\"object\"]') !== null;") != nil)
        try browser.drag(from: screen(640, 360), to: screen(640, 360))
        var lost: [String: Any]?
        for _ in 0..<300 where lost == nil && run.process.isRunning {
            lost = objectLines().first { $0["event"] as? String == "lost" }
            if lost == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        run.process.interrupt()
        let (status, lines) = try run.finish()
        #expect(status == 0, "\(run.errors)")
        let stopped = try #require(lost, "the object was not let go: \(run.errors)")
        // Let go mid-stream (the end of the stream, frame 599, would lose it too), and once.
        #expect((stopped["frame"] as? Int ?? 599) < 500, "\(stopped)")
        #expect(lines.filter { $0["type"] as? String == "object" && $0["event"] as? String == "lost" }.count == 1)
    }

    @Test func stdoutIsTheSameWithAndWithoutTheView() throws {
        // The demo's codes that one sighting confirms (a QR code, an EAN-13 both engines read,
        // a Data Matrix), each held two seconds: what a real-time run reports of them does not
        // depend on which frames a busy lane takes.
        let frames = try demoFramesFolder()
        let dump = try makeTemporaryDirectory().appendingPathComponent("codes.scrydump").path
        let create = try scry(
            ["dump", "create", "-o", dump, "--fps", "30", "--repeat", "60"]
                + [0, 1, 3].map { frames.appendingPathComponent("frame-00000\($0).png").path })
        #expect(create.status == 0, "\(create.stderr)")
        let plain = try scry(["replay", "--realtime", "--no-text", dump])
        #expect(plain.status == 0, "\(plain.stderr)")
        // With the view, but no browser: the replay starts after its wait (cut short by a
        // client that only opens the event stream).
        let run = try Background(["replay", "--realtime", "--no-text", "--view", "0", dump])
        let url = try run.viewURL()
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        watcher.arguments = [
            "-s", "-N", "--max-time", "120", "-o", "/dev/null", "-H", "Connection: Upgrade", "-H", "Upgrade: websocket",
            "-H", "Sec-WebSocket-Version: 13", "-H", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", url + "events",
        ]
        try watcher.run()
        let (status, lines) = try run.finish()
        watcher.terminate()
        #expect(status == 0, "\(run.errors)")
        // Which frames a lane takes depends on timing, with or without the view (a lane slower
        // than the lost-after time loses a track and finds it again): the same codes, each
        // first confirmed and last lost, and the same kinds of lines.
        func events(_ lines: [[String: Any]]) -> [String: [String]] {
            var events: [String: [String]] = [:]
            for line in lines where line["type"] as? String == "barcode" {
                events[line["payload"] as? String ?? "", default: []].append(line["event"] as? String ?? "")
            }
            return events
        }
        let without = try jsonLines(plain)
        for run in [lines, without] {
            let found = events(run)
            #expect(Set(found.keys) == Self.confirmedAtFirstSight, "\(found)")
            #expect(found.values.allSatisfy { $0.first == "confirmed" && $0.last == "lost" }, "\(found)")
        }
        #expect(Set(lines.compactMap { $0["type"] as? String }) == Set(without.compactMap { $0["type"] as? String }))
    }

    @Test func beyondLoopbackEveryRequestNeedsTheTokenAndNothingButThePageIsServed() throws {
        let dump = try codesDump(hold: 10)
        let run = try Background(["replay", "--realtime", "--no-text", "--view", "0.0.0.0:0", dump])
        defer { if run.process.isRunning { run.process.interrupt() } }
        let url = try run.viewURL()
        let parts = try #require(URLComponents(string: url))
        let token = try #require(parts.queryItems?.first { $0.name == "token" }?.value)
        #expect(token.count == 32)
        let port = try #require(parts.port)
        let origin = "http://127.0.0.1:\(port)"
        func status(_ path: String) throws -> (Int, Data) {
            let result = try runProcess("/usr/bin/curl", ["-s", "--path-as-is", "-o", "-", "-w", "\n%{http_code}", origin + path])
            let text = String(decoding: result.stdout, as: UTF8.self)
            let code = Int(text.split(separator: "\n").last ?? "") ?? -1
            return (code, result.stdout)
        }
        #expect(try status("/").0 == 403)
        #expect(try status("/?token=" + String(repeating: "0", count: 32)).0 == 403)
        #expect(try status("/frame.jpg").0 == 403)
        #expect(try status("/?token=\(token)").0 == 200)
        for path in ["/../../etc/passwd?token=\(token)", "/%2e%2e/%2e%2e/etc/passwd?token=\(token)", "/Package.swift?token=\(token)",
            "/docs/schema.json?token=\(token)", "//etc/passwd?token=\(token)"]
        {
            let (code, body) = try status(path)
            #expect(code == 404, "\(path): \(code)")
            #expect(!String(decoding: body, as: UTF8.self).contains("root:"), "\(path)")
        }
        // A WebSocket without the token is refused; with it, the greeting comes.
        let refused = try runProcess(
            "/usr/bin/curl",
            ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Connection: Upgrade", "-H", "Upgrade: websocket",
             "-H", "Sec-WebSocket-Version: 13", "-H", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", origin + "/events"])
        #expect(String(decoding: refused.stdout, as: UTF8.self) != "101")
        // 50 connections opened at once and dropped, then the page is still served.
        let flood = try runProcess(
            "/bin/bash",
            ["-c", "fds=(); for i in $(seq 50); do exec {fd}<>/dev/tcp/127.0.0.1/\(port) || exit 1; fds+=($fd); done; for fd in \"${fds[@]}\"; do exec {fd}>&-; done"])
        #expect(flood.status == 0, "\(flood.stderr)")
        #expect(try status("/?token=\(token)").0 == 200)
        run.process.interrupt()
        let (code, _) = try run.finish()
        #expect(code == 0, "\(run.errors)")
        #expect(run.errors.contains("refused a request to / without the view's token"), "\(run.errors)")
    }

    @Test func aPortInUseIsOneLineAndStatus75() throws {
        let dump = try codesDump(hold: 10)
        let first = try Background(["replay", "--realtime", "--no-text", "--view", "0", dump])
        defer { if first.process.isRunning { first.process.interrupt() } }
        let port = try #require(URLComponents(string: try first.viewURL())?.port)
        let second = try scry(["replay", "--realtime", "--no-text", "--view", String(port), dump])
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
        #expect(second.stderr.contains("in use"))
        #expect(second.stdout.isEmpty)
        first.process.interrupt()
        _ = try first.finish()
        // An address that is not this machine's is status 69; a bad one is a usage error.
        let elsewhere = try scry(["replay", "--realtime", "--no-text", "--view", "192.0.2.1:8077", dump])
        #expect(elsewhere.status == 69, "\(elsewhere.stderr)")
        #expect(elsewhere.stderr.split(separator: "\n").count == 1, "\(elsewhere.stderr)")
        let bad = try scry(["replay", "--realtime", "--view=host:port", dump])
        #expect(bad.status == 64, "\(bad.stderr)")
        let notLive = try scry(["replay", "--view", dump])
        #expect(notLive.status == 64, "\(notLive.stderr)")
    }

    @Test func aBrowserThatSendsNonsenseOrTooMuchIsLoggedAndTheRunGoesOn() throws {
        let dump = try codesDump(hold: 30)
        let run = try Background(["replay", "--realtime", "--no-text", "--view", "0", dump])
        let url = try run.viewURL()
        // A client that sends a message over the limit in one frame; another in two frames;
        // a third that opens the event stream, sends junk, then never reads again. (The view
        // says the first three such things.)
        let script = """
            import base64, os, socket, sys, time
            host, port = sys.argv[1], int(sys.argv[2])
            def client():
                s = socket.create_connection((host, port))
                key = base64.b64encode(os.urandom(16)).decode()
                s.sendall(("GET /events HTTP/1.1\\r\\nHost: x\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n"
                           "Sec-WebSocket-Key: " + key + "\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n").encode())
                assert b" 101 " in s.recv(4096).split(b"\\r\\n")[0]
                return s
            def frame(payload, first=0x81):
                mask = os.urandom(4)
                masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                n = len(payload)
                head = bytes([first]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
                return head + mask + masked
            big = client()
            big.sendall(frame(b'{"shown": ' + b"1" * 6000 + b"}"))
            time.sleep(0.5)
            parts = client()
            parts.sendall(frame(b'{"shown": ' + b"1" * 3000, first=0x01) + frame(b"1" * 3000 + b"}", first=0x80))
            time.sleep(0.5)
            stalled = client()
            stalled.sendall(frame(b"not json at all"))
            stalled.sendall(frame(b'{"follow": [1, 2]}'))
            time.sleep(1)
            print("sent")
            time.sleep(60)
            """
        let port = try #require(URLComponents(string: url)?.port)
        let clients = Process()
        clients.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        clients.arguments = ["-c", script, "127.0.0.1", String(port)]
        clients.standardOutput = FileHandle.nullDevice
        try clients.run()
        defer { clients.terminate() }
        let (status, lines) = try run.finish()
        #expect(status == 0, "\(run.errors)")
        #expect(Set(confirmedCodes(lines).keys).isSuperset(of: Self.confirmedAtFirstSight))
        #expect(run.errors.contains("a browser sent a message the view does not read"), "\(run.errors)")
        #expect(run.errors.components(separatedBy: "a message over \(4096) bytes; its connection is closed").count == 3, "\(run.errors)")
        #expect(!run.errors.contains("broke"), "\(run.errors)")
    }

    @Test func framesComeOverTheWebSocketOneAtATimeAsTheBrowserShowsThem() throws {
        let dump = try codesDump(hold: 90)
        let run = try Background(["replay", "--realtime", "--no-text", "--view", "0", dump])
        let url = try run.viewURL()
        // A client that asks for frames: what it gets before it says one is shown, and after;
        // then it stops reading. Another that opens the event stream without asking for them.
        let script = """
            import base64, json, os, select, socket, sys, time
            host, port = sys.argv[1], int(sys.argv[2])
            def client(path):
                s = socket.create_connection((host, port))
                key = base64.b64encode(os.urandom(16)).decode()
                s.sendall(("GET " + path + " HTTP/1.1\\r\\nHost: x\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n"
                           "Sec-WebSocket-Key: " + key + "\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n").encode())
                head = b""
                while b"\\r\\n\\r\\n" not in head: head += s.recv(1)
                assert b" 101 " in head.split(b"\\r\\n")[0]
                return s
            def exactly(s, n):
                data = b""
                while len(data) < n:
                    more = s.recv(n - len(data))
                    if not more: raise EOFError
                    data += more
                return data
            def messages(s, seconds, until_frame=False):
                got, end = [], time.monotonic() + seconds
                while time.monotonic() < end:
                    if not select.select([s], [], [], max(0, end - time.monotonic()))[0]: break
                    first, second = exactly(s, 2)
                    n = second & 0x7F
                    if n == 126: n = int.from_bytes(exactly(s, 2), "big")
                    elif n == 127: n = int.from_bytes(exactly(s, 8), "big")
                    got.append((first & 0x0F, exactly(s, n)))
                    if until_frame and got[-1][0] == 2: break
                return got
            def send(s, payload):
                mask = os.urandom(4)
                s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            def frames(got):
                return [{"sequence": int.from_bytes(p[:8], "big"), "width": int.from_bytes(p[8:10], "big"),
                         "height": int.from_bytes(p[10:12], "big"), "jpeg": p[12:14] == b"\\xff\\xd8" and p[-2:] == b"\\xff\\xd9"}
                        for op, p in got if op == 2]
            watcher = client("/events?frames=1")
            plain = client("/events")
            # The first frame, then a second and a half in which no other may come.
            before = frames(messages(watcher, 30, until_frame=True) + messages(watcher, 1.5))
            send(watcher, json.dumps({"shown": before[-1]["sequence"] if before else 0}).encode())
            after = frames(messages(watcher, 30, until_frame=True) + messages(watcher, 1.5))
            print(json.dumps({"before": before, "after": after, "plain": len(frames(messages(plain, 0.5)))}), flush=True)
            time.sleep(60)
            """
        let port = try #require(URLComponents(string: url)?.port)
        let clients = Process()
        clients.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        clients.arguments = ["-c", script, "127.0.0.1", String(port)]
        let said = Pipe()
        clients.standardOutput = said
        try clients.run()
        defer { clients.terminate() }
        var answer = ""
        while let byte = try said.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { answer.append(Character(UnicodeScalar(byte))) }
        let (status, lines) = try run.finish()
        #expect(status == 0, "\(run.errors)")
        #expect(Set(confirmedCodes(lines).keys).isSuperset(of: Self.confirmedAtFirstSight))
        let got = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        let before = try #require(got["before"] as? [[String: Any]])
        let after = try #require(got["after"] as? [[String: Any]])
        // One frame until the browser says it is shown, then one newer.
        #expect(before.count == 1 && after.count == 1, "\(got)")
        for frame in before + after {
            #expect(frame["width"] as? Int == 1280 && frame["height"] as? Int == 720 && frame["jpeg"] as? Bool == true, "\(frame)")
        }
        if let first = before.first?["sequence"] as? Int, let second = after.first?["sequence"] as? Int {
            #expect(second > first)
        }
        #expect(got["plain"] as? Int == 0)
    }

    @Test func aHintIsShownOverThePicture() throws {
        try #require(HeadlessBrowser.isInstalled, "chromium and chromedriver are missing: run scripts/install-deps")
        // Five seconds of the demo's book page shaken sideways (ImageMagick's motion blur).
        let folder = try makeTemporaryDirectory()
        let shaken = folder.appendingPathComponent("shaken.png").path
        try runTool("convert", [try demoFramesFolder().appendingPathComponent("frame-000005.png").path, "-motion-blur", "0x12+0", shaken])
        let dump = folder.appendingPathComponent("shaken.scrydump").path
        let create = try scry(["dump", "create", "-o", dump, "--fps", "30", "--repeat", "150", shaken])
        #expect(create.status == 0, "\(create.stderr)")
        let run = try Background(["replay", "--realtime", "--no-text", "--guidance", "--view", "0", dump])
        defer { if run.process.isRunning { run.process.interrupt() } }
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.open(try run.viewURL())
        let shown = try browser.waitFor("""
            const banner = document.getElementById('hint');
            return banner.style.display !== 'none' && banner.dataset.hint ? [banner.dataset.hint, banner.textContent] : null;
            """) as? [String]
        #expect(shown == ["hold_still", "Hold still"], "\(run.errors)")
        let (status, lines) = try run.finish()
        #expect(status == 0, "\(run.errors)")
        #expect(lines.filter { $0["type"] as? String == "hint" }.map { $0["hint"] as? String } == ["hold_still"])
    }
}

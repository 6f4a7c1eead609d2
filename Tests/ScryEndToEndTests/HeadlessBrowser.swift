import Foundation
import Glibc
import ScryTestSupport


/// Debian's chromium, headless, driven through chromedriver over the W3C WebDriver protocol
/// (what Selenium speaks): open a page, run a script in it, take a screenshot.
final class HeadlessBrowser {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private let driver: Process
    private let base: URL
    private let session: String

    /// Whether chromium and chromedriver are installed (scripts/install-deps installs them).
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
    }

    /// Starts chromedriver and a headless chromium with a `width` x `height` window.
    init(width: Int = 1600, height: Int = 1000) throws {
        let port = 20000 + Int.random(in: 0..<20000)
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        var ready = false
        var problem = ""
        for _ in 0..<100 where !ready {
            do {
                let status = try Self.request("GET", base.appendingPathComponent("status"), nil)
                ready = (status["value"] as? [String: Any])?["ready"] as? Bool == true
            } catch {
                problem = "\(error)"
            }
            if !ready { Thread.sleep(forTimeInterval: 0.1) }
        }
        guard ready else {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
            throw Failure(description: "chromedriver did not start: \(problem)")
        }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": "/usr/bin/chromium",
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(width),\(height)"],
                    ],
                ]
            ]
        ]
        do {
            let answer = try Self.request("POST", base.appendingPathComponent("session"), capabilities)
            guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
                throw Failure(description: "no WebDriver session: \(answer)")
            }
            session = id
        } catch {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
            throw error
        }
    }

    deinit { close() }

    private var closed = false

    /// Ends the browser and chromedriver.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? Self.request("DELETE", base.appendingPathComponent("session/\(session)"), nil)
        // chromedriver does not end on SIGTERM.
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    /// Loads `url`.
    func open(_ url: String) throws {
        _ = try command("url", ["url": url])
    }

    /// Runs `script` (a function body; `arguments[0]`... hold `arguments`) in the page and
    /// returns its result as JSON decodes it.
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("execute/sync", ["script": script, "args": arguments])["value"] ?? nil
    }

    /// Polls `script` every 100 ms until it returns something other than null or false, for
    /// at most `seconds`.
    func waitFor(_ script: String, seconds: Double = 60) throws -> Any? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let value = try run(script)
            if let value, !(value is NSNull), (value as? Bool) != false { return value }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// Presses the mouse at (`x0`, `y0`) and releases it at (`x1`, `y1`), CSS pixels of the
    /// viewport, moving in between: a drag, or a click when both points are one.
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) throws {
        let steps: [[String: Any]] = [
            ["type": "pointerMove", "x": Int(start.x.rounded()), "y": Int(start.y.rounded()), "origin": "viewport", "duration": 0],
            ["type": "pointerDown", "button": 0],
            ["type": "pointerMove", "x": Int(end.x.rounded()), "y": Int(end.y.rounded()), "origin": "viewport", "duration": 300],
            ["type": "pointerUp", "button": 0],
        ]
        _ = try command("actions", ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": steps]]])
    }

    /// The window as a PNG.
    func screenshot() throws -> Data {
        let answer = try Self.request("GET", base.appendingPathComponent("session/\(session)/screenshot"), nil)
        guard let text = answer["value"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    private func command(_ path: String, _ body: [String: Any]) throws -> [String: Any] {
        let answer = try Self.request("POST", base.appendingPathComponent("session/\(session)/\(path)"), body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(path): \(error): \(value["message"] ?? "")")
        }
        return answer
    }

    /// One WebDriver request, made by curl (Foundation's URLSession on Linux fails on some
    /// of chromedriver's answers).
    private static func request(_ method: String, _ url: URL, _ body: [String: Any]?) throws -> [String: Any] {
        var arguments = ["-s", "--max-time", "120", "-X", method, url.absoluteString]
        if let body {
            let file = try makeTemporaryDirectory().appendingPathComponent("body.json")
            try JSONSerialization.data(withJSONObject: body).write(to: file)
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@" + file.path]
        }
        let result = try runProcess("/usr/bin/curl", arguments)
        guard result.status == 0, let object = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any] else {
            throw Failure(description: "\(method) \(url.path): curl status \(result.status), no JSON answer")
        }
        return object
    }
}

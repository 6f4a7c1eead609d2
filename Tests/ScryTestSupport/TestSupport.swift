import Foundation

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    /// True when the process was killed by a signal (a crash), not exited.
    public var crashed: Bool
    public var stdout: Data
    public var stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stdoutLines: [String] { stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs `executable` with `arguments` and waits for it. Stdout and stderr are read while it
/// runs, so large outputs do not block it.
@discardableResult
public func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    currentDirectory: URL? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    if let environment { process.environment = environment }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errBox.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let errData = errBox.data
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
        stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs a tool that must succeed (zint, qrencode, convert), failing loudly if it does not.
public func runTool(_ tool: String, _ arguments: [String]) throws {
    let result = try runProcess(tool, arguments)
    guard result.status == 0 else {
        throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")): exit \(result.status): \(result.stderr)")
    }
}

public struct ToolFailure: Error, CustomStringConvertible {
    public var description: String
}

/// A fresh directory under this test process's own folder in the system's temporary directory
/// (`scry-tests-PID`), which is removed when the process exits; folders that processes no
/// longer running left behind (a crash, a kill) are removed when the next one starts. A suite
/// writes gigabytes of dumps and pictures: run after run, they would fill the disk.
public func makeTemporaryDirectory() throws -> URL {
    let url = TestFolder.root.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The test process's folder for temporary files.
enum TestFolder {
    static let prefix = "scry-tests-"

    static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        // Folders of test processes that are gone.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        let root = temporary.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolder.root) }
        return root
    }()
}

/// Paths of the source tree and its neighbours.
public enum RepositoryPaths {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    public static var calibration: URL { root.appendingPathComponent("Calibration") }

    /// ../shared/eval beside the project (public sample images with expected results).
    public static var eval: URL { root.deletingLastPathComponent().appendingPathComponent("shared/eval") }

    /// Real face photos with labelled face boxes (dlib's examples/faces, from Debian's dlib
    /// source package), where scripts/install-deps puts them, or $FACE_PHOTOS_DIR.
    public static var facePhotos: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["FACE_PHOTOS_DIR"] ?? "/usr/local/share/scry/face-photos")
    }

    /// The built scry executable, beside the test bundle in the build folder.
    public static var scryExecutable: String {
        var bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        while bundle.path != "/" && !FileManager.default.fileExists(atPath: bundle.appendingPathComponent("scry").path) {
            bundle.deleteLastPathComponent()
        }
        return bundle.appendingPathComponent("scry").path
    }
}

/// A memory bound of a test, in kilobytes of peak resident memory, as this build spends it:
/// `kilobytes` times SCRY_TEST_MEMORY_FACTOR (set by scripts/asan-check, whose sanitizer keeps
/// shadow memory and freed blocks in quarantine; 1 otherwise).
public func memoryBound(kilobytes: Int) -> Int {
    kilobytes * max(1, Int(ProcessInfo.processInfo.environment["SCRY_TEST_MEMORY_FACTOR"] ?? "") ?? 1)
}

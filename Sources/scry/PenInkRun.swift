import ArgumentParser
import Foundation
import Glibc
import ScryCore
import ScryInk
import ScryInput

import SystemPackage

/// `scry ink --device`: a pen read live (`PenSession`), each ink kept in the recording as soon
/// as it is complete and its line written once recognized. Ends at Ctrl-C (or SIGTERM), when
/// stdout's reader goes, or when the pen is unplugged; the ink being drawn then is recognized
/// too, and every ink read is recognized before scry exits.
struct PenInkRun {
    var path: String
    var record: String?
    var pause: Double
    var model: String
    var read: InkModel.Read
    var output: Output

    func run() throws {
        let display = path.escapedForDisplay
        let (device, description) = try openPen()
        let recording = try record.map(openRecording)
        defer { try? recording?.close() }
        StopSignal.install()
        let session = PenSession(
            source: path, model: model, pause: pause,
            surfaceSize: Double(max(description.x.maximum - description.x.minimum, description.y.maximum - description.y.minimum)))
        var pen = PenReader(device: device)
        let output = self.output
        let ended: (end: PenSession.End, inks: Int)
        do {
            ended = try session.run(
                pen: &pen, read: read, write: { try output.emit($0) },
                keep: { ink in if let recording { try keep(ink, in: recording) } },
                warn: { printError($0) },
                reading: {
                    printError(
                        "ink: reading \(description.kind.rawValue) \"\(description.name)\" on \(display) (x \(description.x.minimum)..."
                            + "\(description.x.maximum), y \(description.y.minimum)...\(description.y.maximum)); Ctrl-C stops")
                }, shouldStop: { StopSignal.received != nil || output.readerHasGone })
        } catch {
            switch error {
            case .writing(let error as OutputClosed): throw error
            case .writing(let error): throw error as? CommandFailure ?? CommandFailure(message: "stdout: \(error)", status: ExitStatus.ioError)
            case .keeping(let error): throw CommandFailure(message: "\((record ?? "").escapedForDisplay): cannot write: \(error)", status: ExitStatus.ioError)
            case .pen(let error): throw CommandFailure(message: "\(display): \(error)", status: ExitStatus.ioError)
            }
        }
        let inks = "\(ended.inks) ink\(ended.inks == 1 ? "" : "s")"
        switch ended.end {
        case .unplugged:
            throw CommandFailure(message: "\(display): \(InputDeviceError.disconnected) (\(inks) read)", status: ExitStatus.cameraDisconnected)
        case .stopped:
            // Not a signal: stdout's reader went, and the run ends quietly.
            guard StopSignal.received != nil else { throw OutputClosed() }
            printError("ink: \(inks) from \(display); stopped by \(StopSignal.receivedName() ?? "a signal")")
        }
    }

    /// Writes `ink` to the recording as one line of ML Kit's JSON.
    private func keep(_ ink: Ink, in recording: FileDescriptor) throws {
        var line = Array(ink.json.serialized.utf8)
        line.append(0x0A)
        _ = try line.withUnsafeBytes { try recording.writeAll($0) }
    }

    /// The pen at `path` and what it is (69, 66, 77 or 4 when it cannot be read as a pen).
    private func openPen() throws -> (InputDevice, PenDeviceDescription) {
        let display = path.escapedForDisplay
        let device: InputDevice
        do { device = try InputDevice(path: path) } catch { throw CommandFailure(error, about: display) }
        guard let description = device.penDescription else {
            throw CommandFailure(message: "\(display): \(InputDeviceError.notAPen(name: device.name))", status: ExitStatus.unavailable)
        }
        return (device, description)
    }

    /// The recording, created empty (73 when it cannot be).
    private func openRecording(_ file: String) throws -> FileDescriptor {
        do { return try FileCreation.create(FilePath(argument: file), startingWith: []) } catch {
            throw CommandFailure(message: "\(file.escapedForDisplay): cannot create: \(error)", status: ExitStatus.cannotCreate)
        }
    }
}

import Foundation
import ScryNeural
import ScryTestSupport
import Testing

@Suite struct NeuralRuntimeTests {
    @Test func theInstalledRuntimeOpensOncePerProcess() throws {
        let first = try NeuralRuntime.shared()
        let second = try NeuralRuntime.shared()
        #expect(first === second)
        #expect(first.libraryPath == NeuralPaths.runtimeLibrary)
    }

    @Test func aMissingLibraryIsReportedNotFatal() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("libopenvino_c.so").path
        #expect(throws: NeuralRuntimeError.self) { try NeuralRuntime.shared(libraryPath: path) }
        do {
            _ = try NeuralRuntime.shared(libraryPath: path)
        } catch {
            guard case .runtimeNotLoaded(let reported, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reported == path)
            #expect(reason.contains("No such file"))
        }
    }

    @Test func aFileThatIsNoLibraryIsReportedNotFatal() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("libopenvino_c.so")
        try Data("not a shared object\n".utf8).write(to: path)
        #expect(throws: NeuralRuntimeError.self) { try NeuralRuntime.shared(libraryPath: path.path) }
    }

    @Test func aLibraryWithoutOpenVINOsFunctionsNamesTheFirstMissing() throws {
        // A real shared library that loads but is not OpenVINO.
        do {
            _ = try NeuralRuntime.shared(libraryPath: "libz.so.1")
            Issue.record("zlib was taken for OpenVINO")
        } catch {
            #expect(error == .runtimeNotLoaded(path: "libz.so.1", reason: "no function ov_get_error_info"))
        }
    }
}

internal import COpenVINO
import Glibc
import Synchronization

/// OpenVINO's C API, opened at run time from its installed library (`NeuralPaths`). One per
/// library path for the whole process: it is never closed, since OpenVINO keeps thread pools
/// and plugin state alive until exit.
public final class NeuralRuntime: Sendable {
    /// The library this runtime was opened from.
    public let libraryPath: String
    let api: scry_openvino_api

    private init(libraryPath: String, api: scry_openvino_api) {
        self.libraryPath = libraryPath
        self.api = api
    }

    private static let opened = Mutex<[String: NeuralRuntime]>([:])

    /// The runtime from `libraryPath` (by default the installed one), opened on first use.
    /// Throws `runtimeNotLoaded` when the file is missing, is not a loadable library for this
    /// machine, or lacks a function scry calls.
    public static func shared(libraryPath: String = NeuralPaths.runtimeLibrary) throws(NeuralRuntimeError) -> NeuralRuntime {
        let result: Result<NeuralRuntime, NeuralRuntimeError> = opened.withLock { opened in
            if let runtime = opened[libraryPath] { return .success(runtime) }
            var api = scry_openvino_api()
            var missing: UnsafePointer<CChar>?
            guard scry_openvino_open(libraryPath, &api, &missing) != nil else {
                if let missing { return .failure(.runtimeNotLoaded(path: libraryPath, reason: "no function \(String(cString: missing))")) }
                let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
                return .failure(.runtimeNotLoaded(path: libraryPath, reason: reason))
            }
            if opened.isEmpty { keepLargeBlocksMapped() }
            let runtime = NeuralRuntime(libraryPath: libraryPath, api: api)
            opened[libraryPath] = runtime
            return .success(runtime)
        }
        return try result.get()
    }

    /// Blocks of 4 MiB or more are mapped for themselves and given back to the system when
    /// freed, for the rest of the process. OpenVINO prepares working memory of tens of
    /// megabytes for each input size a model sees; by default glibc raises its mapping
    /// threshold each time such a block is freed (up to 32 MiB), so the next ones come from the
    /// heap and stay there. A folder of photos of 20 sizes then peaked at 781 MB through
    /// `scry image --no-barcodes` against 631 MB with this (its largest photo alone: 370 MB).
    /// Camera frames (1.8 MB of YUYV at 1280x720) stay under the threshold.
    private static func keepLargeBlocksMapped() {
        _ = scry_openvino_map_blocks_from(4 << 20)
    }

    /// Gives memory freed inside glibc's heaps back to the system (whole free pages and the
    /// free top of each heap), after a session forgot what it prepared
    /// (`InferenceSession.forgetPreparedShapes`): freed blocks under the mapping threshold
    /// otherwise stay in the process's resident memory.
    public func returnFreedMemory() {
        scry_openvino_return_free_memory()
    }

    /// The message for a failed call: OpenVINO's last error on this thread when it has one,
    /// else the status's own description.
    func message(for status: ov_status_e) -> String {
        if let last = api.ov_get_last_err_msg?(), last.pointee != 0 {
            let text = String(cString: last)
            // OpenVINO's messages carry a source location and a trace; the first line says it.
            let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            if let useful = lines.first(where: { !$0.hasPrefix("Exception from") && !$0.hasPrefix("Check '") }) ?? lines.first {
                return useful
            }
        }
        return api.ov_get_error_info?(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }
}

internal import CTesseract
import Glibc

/// libtesseract, opened the first time an engine starts rather than when scry starts: loading
/// it and what it needs (libgomp, libarchive, libcurl and more) would cost every command about
/// 10 ms, most of which never read text with tesseract.
enum TesseractLibrary {
    /// The API's functions, or why the library could not be opened. Opened once, on first use.
    static let opened: Result<ScryTesseractFunctions, TextEngineError> = {
        // libgomp, loaded with tesseract, reads OMP_THREAD_LIMIT when it loads: tesseract's
        // OpenMP threads slow it down and fight the lanes' own threads, so each engine runs on
        // one thread unless the environment already says otherwise.
        setenv("OMP_THREAD_LIMIT", "1", 0)
        let functions = UnsafeMutablePointer<ScryTesseractFunctions>.allocate(capacity: 1)
        defer { functions.deallocate() }
        if let problem = scry_tesseract_open(functions) {
            return .failure(.libraryMissing(String(cString: problem)))
        }
        return .success(functions.pointee)
    }()

    /// The opened library's functions. Only for code that runs after an engine was made.
    static var functions: ScryTesseractFunctions {
        guard case .success(let functions) = opened else {
            preconditionFailure("libtesseract is used before an engine was made")
        }
        return functions
    }
}

/// The opened libtesseract's functions (`TesseractLibrary.functions`).
var tesseract: ScryTesseractFunctions { TesseractLibrary.functions }

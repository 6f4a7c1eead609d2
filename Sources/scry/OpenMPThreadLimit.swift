import Glibc

/// Makes sure libgomp (loaded with tesseract) runs one thread per engine.
enum OpenMPThreadLimit {
    static func ensureSingleThread() {
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // On failure scry goes on with tesseract's default threading: slower, still correct.
        execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}

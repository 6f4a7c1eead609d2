import Glibc

/// A model file's bytes, for the readers that look inside one (`ONNXMetadata`,
/// `ONNXClassSubset`) before the runtime sees it.
public enum ModelFile {
    /// The whole file at `path`. Throws `modelNotLoaded` with the system's reason when it
    /// cannot be opened or read.
    public static func contents(of path: String) throws(NeuralRuntimeError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw .modelNotLoaded(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[..<count])
            guard count == chunk.count else {
                guard ferror(file) == 0 else { throw .modelNotLoaded(path: path, reason: String(cString: strerror(errno))) }
                return bytes
            }
        }
    }
}

/// Why the neural runtime or one of its models could not be used. Every case is a component
/// that is missing or broken on this machine (scry's status 69), except `inferenceFailed`.
public enum NeuralRuntimeError: Error, Equatable, CustomStringConvertible {
    /// OpenVINO's C library is missing, will not load, or lacks a function scry calls.
    case runtimeNotLoaded(path: String, reason: String)
    /// A model file is missing, unreadable, or not a model OpenVINO can read and compile.
    case modelNotLoaded(path: String, reason: String)
    /// A model that loads but does not have the inputs and outputs its engine needs.
    case unexpectedModelShape(path: String, detail: String)
    /// A call failed on a model that had loaded; `operation` names the C function.
    case inferenceFailed(operation: String, reason: String)

    public var description: String {
        switch self {
        case .runtimeNotLoaded(let path, let reason):
            "the neural runtime (OpenVINO) will not load from \(path): \(reason) (run scripts/install-deps)"
        case .modelNotLoaded(let path, let reason):
            "cannot load the model \(path): \(reason) (run scripts/install-deps)"
        case .unexpectedModelShape(let path, let detail):
            "the model \(path) is not the one expected: \(detail)"
        case .inferenceFailed(let operation, let reason):
            "\(operation) failed: \(reason)"
        }
    }
}

import Glibc

/// Where the neural runtime and its models are installed (by scripts/install-deps).
public enum NeuralPaths {
    /// The directory holding OpenVINO's `lib/` (and `include/`): `$SCRY_OPENVINO_DIR`, else
    /// `/usr/local/lib/scry/openvino`.
    public static var runtimeDirectory: String {
        environment("SCRY_OPENVINO_DIR") ?? "/usr/local/lib/scry/openvino"
    }

    /// The C API library scry opens: `lib/libopenvino_c.so` under `runtimeDirectory`.
    public static var runtimeLibrary: String { runtimeDirectory + "/lib/libopenvino_c.so" }

    /// The directory of model files: `$SCRY_MODEL_DIR`, else `/usr/local/share/scry/models`.
    public static var modelDirectory: String {
        environment("SCRY_MODEL_DIR") ?? "/usr/local/share/scry/models"
    }

    /// The path of the model file `name` in `modelDirectory`.
    public static func model(_ name: String) -> String { modelDirectory + "/" + name }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}

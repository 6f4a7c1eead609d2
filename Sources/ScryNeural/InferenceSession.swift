internal import COpenVINO
import Glibc

/// One model compiled for the CPU with its inference request: load it once, run it on many
/// inputs. The request and its buffers belong to one thread; give each lane thread its own
/// session.
public final class InferenceSession {
    /// The model file this session runs.
    public let modelPath: String
    /// The model's input dimensions; nil for a dimension the model leaves open (any size).
    /// Every dimension is fixed after `fixInputShape`.
    public private(set) var inputShape: [Int?]
    /// The model's first output's dimensions; nil for a dimension that depends on the input.
    public var outputShape: [Int?] { outputShapes[0] }
    /// Every output's dimensions, in the model's order.
    public let outputShapes: [[Int?]]
    /// Threads one inference uses.
    public let threads: Int

    private let runtime: NeuralRuntime
    private let core: OpaquePointer
    /// The model as read, kept to compile it again (`forgetPreparedShapes`).
    private let model: OpaquePointer
    private var compiledModel: OpaquePointer
    private var request: OpaquePointer
    /// Times this session was compiled again (`forgetPreparedShapes`).
    public private(set) var recompilations = 0
    /// The last input's values, kept alive while the request still holds the tensor made over
    /// them: OpenVINO keeps a set input tensor until the next one replaces it, and a tensor made
    /// over host memory needs that memory for its whole life. Released after the request.
    private var lentInput: [Float] = []

    /// Reads the model at `modelPath` (ONNX or TensorFlow Lite), compiles it for the CPU to
    /// run with `threads` threads and one stream, and makes its request. The model must take
    /// one 32-bit float tensor and give 32-bit floats. Throws `modelNotLoaded` for a missing,
    /// unreadable or corrupt file and `unexpectedModelShape` for other inputs.
    public convenience init(modelPath: String, threads: Int = 1, runtime: NeuralRuntime) throws(NeuralRuntimeError) {
        // Say plainly what is wrong with a file that cannot be opened before OpenVINO does.
        let descriptor = open(modelPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .modelNotLoaded(path: modelPath, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        try self.init(name: modelPath, threads: threads, runtime: runtime) { api, core, model in
            api.ov_core_read_model!(core, modelPath, nil, &model)
        }
    }

    /// Compiles the ONNX model encoded in `model` (read from, or made from, the file
    /// `modelPath`, which names it in errors) as `init(modelPath:threads:runtime:)` does a file.
    public convenience init(model: [UInt8], modelPath: String, threads: Int = 1, runtime: NeuralRuntime) throws(NeuralRuntimeError) {
        try self.init(name: modelPath, threads: threads, runtime: runtime) { api, core, read in
            model.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    api.ov_core_read_model_from_memory_buffer!(core, text.baseAddress, text.count, nil, &read)
                }
            }
        }
    }

    private init(
        name modelPath: String, threads: Int, runtime: NeuralRuntime,
        read: (scry_openvino_api, OpaquePointer, inout OpaquePointer?) -> ov_status_e
    ) throws(NeuralRuntimeError) {
        precondition(threads >= 1, "an inference needs a thread")
        self.modelPath = modelPath
        self.threads = threads
        self.runtime = runtime
        let api = runtime.api

        var core: OpaquePointer?
        var status = api.ov_core_create!(&core)
        guard status == OK, let core else {
            throw .runtimeNotLoaded(path: runtime.libraryPath, reason: "ov_core_create: \(runtime.message(for: status))")
        }
        var model: OpaquePointer?
        status = read(api, core, &model)
        guard status == OK, let model else {
            api.ov_core_free!(core)
            throw .modelNotLoaded(path: modelPath, reason: runtime.message(for: status))
        }
        let shapes: (input: [Int?], outputs: [[Int?]])
        let prepared: (compiled: OpaquePointer, request: OpaquePointer)
        do throws(NeuralRuntimeError) {
            shapes = try Self.checkedShapes(of: model, path: modelPath, runtime: runtime)
            prepared = try Self.prepare(model, on: core, threads: threads, runtime: runtime, path: modelPath)
        } catch {
            api.ov_model_free!(model)
            api.ov_core_free!(core)
            throw error
        }
        inputShape = shapes.input
        outputShapes = shapes.outputs
        self.core = core
        self.model = model
        self.compiledModel = prepared.compiled
        self.request = prepared.request
    }

    deinit {
        let api = runtime.api
        api.ov_infer_request_free!(request)
        api.ov_compiled_model_free!(compiledModel)
        api.ov_model_free!(model)
        api.ov_core_free!(core)
    }

    /// Compiles the model again and makes a new request, freeing what OpenVINO's CPU plugin
    /// prepared for every input shape seen so far: its caches of shape-specific kernels and
    /// the working memory sized for the largest input. A session fed inputs of many sizes
    /// (the photos of a folder) otherwise keeps all of it for its whole life. The next run
    /// of each shape prepares it again. On failure the session keeps what it had.
    public func forgetPreparedShapes() throws(NeuralRuntimeError) {
        let api = runtime.api
        // A newly compiled model holds no working memory yet, so it costs little beside the old.
        let prepared = try Self.prepare(model, on: core, threads: threads, runtime: runtime, path: modelPath)
        api.ov_infer_request_free!(request)
        api.ov_compiled_model_free!(compiledModel)
        lentInput = []
        compiledModel = prepared.compiled
        request = prepared.request
        recompilations += 1
    }

    /// Compiles the model again for inputs of `shape` alone (its open dimensions fixed), and
    /// makes a new request. OpenVINO's CPU plugin plans the working memory of a model of fixed
    /// shape once, sharing buffers between layers that do not run at the same time; a model of
    /// open shape keeps a buffer for each layer, sized for the largest input yet. For the
    /// PP-OCR text detector at 1312x736 that is about 110 MB against 290 MB, and each run is
    /// about a tenth faster (docs/lanes-benchmark.md). Later inputs must have `shape`. On
    /// failure the session keeps its compiled model and `inputShape`, though the model as read
    /// may have been fixed (a later `forgetPreparedShapes` compiles it for `shape`).
    public func fixInputShape(_ shape: [Int]) throws(NeuralRuntimeError) {
        precondition(shape.count == inputShape.count, "a shape of rank \(shape.count) for a model of rank \(inputShape.count)")
        for (size, expected) in zip(shape, inputShape) {
            precondition(size > 0 && (expected == nil || expected == size), "shape \(shape) for a model taking \(inputShape)")
        }
        let api = runtime.api
        var dimensions = shape.map { Int64($0) }
        var partial = ov_partial_shape_t()
        var status = api.ov_partial_shape_create_static!(Int64(dimensions.count), &dimensions, &partial)
        guard status == OK else { throw .modelNotLoaded(path: modelPath, reason: "ov_partial_shape_create_static: \(runtime.message(for: status))") }
        defer { api.ov_partial_shape_free!(&partial) }
        status = api.ov_model_reshape_single_input!(model, partial)
        guard status == OK else { throw .modelNotLoaded(path: modelPath, reason: "ov_model_reshape_single_input: \(runtime.message(for: status))") }
        let prepared = try Self.prepare(model, on: core, threads: threads, runtime: runtime, path: modelPath)
        api.ov_infer_request_free!(request)
        api.ov_compiled_model_free!(compiledModel)
        lentInput = []
        compiledModel = prepared.compiled
        request = prepared.request
        inputShape = shape
    }

    /// `model` compiled for the CPU with its inference request.
    private static func prepare(
        _ model: OpaquePointer, on core: OpaquePointer, threads: Int, runtime: NeuralRuntime, path: String
    ) throws(NeuralRuntimeError) -> (compiled: OpaquePointer, request: OpaquePointer) {
        let api = runtime.api
        var compiled: OpaquePointer?
        var status = compile(model, on: core, threads: threads, runtime: runtime, into: &compiled)
        guard status == OK, let compiled else {
            throw .modelNotLoaded(path: path, reason: runtime.message(for: status))
        }
        var request: OpaquePointer?
        status = api.ov_compiled_model_create_infer_request!(compiled, &request)
        guard status == OK, let request else {
            api.ov_compiled_model_free!(compiled)
            throw .modelNotLoaded(path: path, reason: runtime.message(for: status))
        }
        return (compiled, request)
    }

    /// Runs the model on `input` and returns its output number `output`. The input's shape
    /// must fit `inputShape`.
    public func run(_ input: NeuralTensor, output: Int = 0) throws(NeuralRuntimeError) -> NeuralTensor {
        try run(input, outputs: [output])[0]
    }

    /// Runs the model once on `input` and returns the outputs numbered `outputs`, in that order.
    public func run(_ input: NeuralTensor, outputs: [Int]) throws(NeuralRuntimeError) -> [NeuralTensor] {
        precondition(outputs.allSatisfy { outputShapes.indices.contains($0) }, "the model has \(outputShapes.count) outputs")
        precondition(input.shape.count == inputShape.count, "input of rank \(input.shape.count) for a model of rank \(inputShape.count)")
        for (size, expected) in zip(input.shape, inputShape) {
            precondition(expected == nil || expected == size, "input shape \(input.shape) for a model taking \(inputShape)")
        }
        let api = runtime.api
        // OpenVINO only reads an input tensor made over host memory; the caller's array is lent
        // to it as it is, not copied, and kept here until the next input replaces it.
        lentInput = input.values
        let status: ov_status_e = lentInput.withUnsafeBufferPointer { buffer in
            var dimensions = input.shape.map { Int64($0) }
            var shape = ov_shape_t()
            var status = api.ov_shape_create!(Int64(dimensions.count), &dimensions, &shape)
            guard status == OK else { return status }
            defer { _ = api.ov_shape_free!(&shape) }
            var tensor: OpaquePointer?
            status = api.ov_tensor_create_from_host_ptr!(F32, shape, UnsafeMutableRawPointer(mutating: buffer.baseAddress), &tensor)
            guard status == OK, let tensor else { return status }
            defer { api.ov_tensor_free!(tensor) }
            status = api.ov_infer_request_set_input_tensor_by_index!(request, 0, tensor)
            guard status == OK else { return status }
            return api.ov_infer_request_infer!(request)
        }
        guard status == OK else { throw .inferenceFailed(operation: "ov_infer_request_infer", reason: runtime.message(for: status)) }
        var tensors: [NeuralTensor] = []
        for output in outputs { tensors.append(try outputTensor(output)) }
        return tensors
    }

    private func outputTensor(_ index: Int) throws(NeuralRuntimeError) -> NeuralTensor {
        let api = runtime.api
        var tensor: OpaquePointer?
        var status = api.ov_infer_request_get_output_tensor_by_index!(request, index, &tensor)
        guard status == OK, let tensor else {
            throw .inferenceFailed(operation: "ov_infer_request_get_output_tensor_by_index", reason: runtime.message(for: status))
        }
        defer { api.ov_tensor_free!(tensor) }
        var shape = ov_shape_t()
        status = api.ov_tensor_get_shape!(tensor, &shape)
        guard status == OK else {
            throw .inferenceFailed(operation: "ov_tensor_get_shape", reason: runtime.message(for: status))
        }
        let dimensions = (0..<Int(shape.rank)).map { Int(shape.dims[$0]) }
        _ = api.ov_shape_free!(&shape)
        var data: UnsafeMutableRawPointer?
        status = api.ov_tensor_data!(tensor, &data)
        guard status == OK, let data else {
            throw .inferenceFailed(operation: "ov_tensor_data", reason: runtime.message(for: status))
        }
        let count = dimensions.reduce(1, *)
        let values = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
        return NeuralTensor(shape: dimensions, values: values)
    }

    /// The model's input and output dimensions, after checking it takes one float tensor and
    /// gives floats.
    private static func checkedShapes(of model: OpaquePointer, path: String, runtime: NeuralRuntime) throws(NeuralRuntimeError) -> (input: [Int?], outputs: [[Int?]]) {
        let api = runtime.api
        var inputs = 0, outputs = 0
        guard api.ov_model_inputs_size!(model, &inputs) == OK, api.ov_model_outputs_size!(model, &outputs) == OK else {
            throw .modelNotLoaded(path: path, reason: "cannot count its inputs and outputs")
        }
        guard inputs == 1 else { throw .unexpectedModelShape(path: path, detail: "\(inputs) inputs, not one") }
        guard outputs >= 1 else { throw .unexpectedModelShape(path: path, detail: "no output") }
        let input = try portShape(model, input: true, index: 0, path: path, runtime: runtime)
        var shapes: [[Int?]] = []
        for index in 0..<outputs {
            shapes.append(try portShape(model, input: false, index: index, path: path, runtime: runtime))
        }
        return (input, shapes)
    }

    private static func portShape(
        _ model: OpaquePointer, input: Bool, index: Int, path: String, runtime: NeuralRuntime
    ) throws(NeuralRuntimeError) -> [Int?] {
        let api = runtime.api
        let what = input ? "input" : "output"
        var port: OpaquePointer?
        let status = input ? api.ov_model_const_input_by_index!(model, index, &port) : api.ov_model_const_output_by_index!(model, index, &port)
        guard status == OK, let port else { throw .modelNotLoaded(path: path, reason: "no \(what) port") }
        defer { api.ov_output_const_port_free!(port) }
        var type = DYNAMIC
        guard api.ov_port_get_element_type!(port, &type) == OK, type == F32 else {
            throw .unexpectedModelShape(path: path, detail: "its \(what) is not 32-bit float")
        }
        var shape = ov_partial_shape_t()
        guard api.ov_port_get_partial_shape!(port, &shape) == OK else {
            throw .modelNotLoaded(path: path, reason: "no \(what) shape")
        }
        defer { api.ov_partial_shape_free!(&shape) }
        guard shape.rank.min == shape.rank.max, shape.rank.min >= 0, let dims = shape.dims else {
            throw .unexpectedModelShape(path: path, detail: "its \(what) has no fixed rank")
        }
        return (0..<Int(shape.rank.min)).map { index in
            let dimension = dims[index]
            return dimension.min == dimension.max && dimension.min >= 0 ? Int(dimension.min) : nil
        }
    }

    private static func compile(_ model: OpaquePointer, on core: OpaquePointer, threads: Int, runtime: NeuralRuntime, into compiled: inout OpaquePointer?) -> ov_status_e {
        // One stream, `threads` threads, no pinning: scry's lanes share the cores with each
        // other and with the capture loop, and a latency hint would claim them all.
        let settings = [
            ("INFERENCE_NUM_THREADS", String(threads)), ("NUM_STREAMS", "1"),
            ("PERFORMANCE_HINT", "LATENCY"), ("ENABLE_CPU_PINNING", "NO"),
        ]
        let strings = settings.flatMap { [strdup($0.0)!, strdup($0.1)!] }
        defer { strings.forEach { free($0) } }
        var properties = stride(from: 0, to: strings.count, by: 2).map { index in
            ov_property_t(key: UnsafePointer(strings[index]), value: UnsafeRawPointer(strings[index + 1]))
        }
        return runtime.api.ov_core_compile_model_props!(core, model, "CPU", properties.count, &properties, &compiled)
    }
}

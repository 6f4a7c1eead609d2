/// A dense tensor of 32-bit floats in row-major order (the last dimension varies fastest),
/// as models take and give them: an image batch is `[batch, channels, height, width]`.
public struct NeuralTensor: Sendable, Equatable {
    public var shape: [Int]
    public var values: [Float]

    /// A tensor of `shape` holding `values`; their count must be the product of `shape`.
    public init(shape: [Int], values: [Float]) {
        precondition(shape.allSatisfy { $0 >= 0 } && shape.reduce(1, *) == values.count, "values do not fill the shape")
        self.shape = shape
        self.values = values
    }

    /// A tensor of `shape` filled with `value`.
    public init(shape: [Int], repeating value: Float) {
        self.init(shape: shape, values: Array(repeating: value, count: shape.reduce(1, *)))
    }
}

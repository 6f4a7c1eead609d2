/// Disjoint sets of the indices `0..<count` (connected components, lines of marks): each set
/// is named by its root, found with path halving, and knows how many indices it holds.
public struct UnionFind: Sendable {
    private var parent: [Int]
    private var sizes: [Int]

    /// `count` sets of one index each.
    public init(count: Int = 0) {
        parent = Array(0..<count)
        sizes = [Int](repeating: 1, count: count)
    }

    /// How many indices there are.
    public var count: Int { parent.count }

    /// Adds a set holding the next index alone, and returns that index.
    @discardableResult
    public mutating func append() -> Int {
        parent.append(parent.count)
        sizes.append(1)
        return parent.count - 1
    }

    /// The root of the set holding `index`.
    public mutating func root(_ index: Int) -> Int {
        var index = index
        while parent[index] != index {
            parent[index] = parent[parent[index]]
            index = parent[index]
        }
        return index
    }

    /// Joins the sets of `a` and `b` and returns how many indices the joined set holds.
    @discardableResult
    public mutating func union(_ a: Int, _ b: Int) -> Int {
        let rootA = root(a), rootB = root(b)
        guard rootA != rootB else { return sizes[rootA] }
        let (kept, joined) = sizes[rootA] >= sizes[rootB] ? (rootA, rootB) : (rootB, rootA)
        parent[joined] = kept
        sizes[kept] += sizes[joined]
        return sizes[kept]
    }
}

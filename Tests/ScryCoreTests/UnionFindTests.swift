import Testing

@testable import ScryCore

@Test func unionsJoinSetsAndCountTheirMembers() {
    var sets = UnionFind(count: 5)
    #expect(sets.union(0, 1) == 2)
    #expect(sets.union(3, 4) == 2)
    #expect(sets.root(0) == sets.root(1))
    #expect(sets.root(1) != sets.root(3))
    #expect(sets.union(1, 4) == 4)
    #expect(sets.root(0) == sets.root(3))
    // Joining two indices of one set changes nothing.
    #expect(sets.union(0, 4) == 4)
    #expect(sets.root(2) == 2)
    #expect(sets.append() == 5)
    #expect(sets.count == 6)
    #expect(sets.union(5, 2) == 2)
}

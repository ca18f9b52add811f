import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// Every forest of up to five nodes × every expansion state, against the reference: the
/// rows, every mapping, and every expand and collapse from there; every forest of up to four
/// nodes × every move (every node, every parent, every index, valid or not).
@Suite struct OutlineExhaustiveTests {
    /// Every preorder depth sequence of `count` nodes: 0 first, each at most one deeper.
    static func shapes(_ count: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        var result: [[Int]] = [[0]]
        for _ in 1..<count {
            result = result.flatMap { shape in (0...(shape.last! + 1)).map { shape + [$0] } }
        }
        return result
    }

    static func items(_ shape: [Int], expandedMask: Int) -> [OutlineItem<Int>] {
        shape.enumerated().map { k, depth in
            OutlineItem(k + 1, depth: depth, children: .container, isExpanded: expandedMask & (1 << k) != 0, extent: Double(10 + k))
        }
    }

    @Test func everyShapeAndExpansionStateAgreesWithTheReference_andEveryToggleToo() {
        var worlds = 0
        for count in 0...5 {
            for shape in Self.shapes(count) {
                for mask in 0..<(1 << count) {
                    var pair = OutlinePair(sections: 1)
                    if let problem = pair.apply(.insert(Self.items(shape, expandedMask: mask), parent: nil, section: 0, index: 0)) {
                        Issue.record("shape \(shape) mask \(mask): \(problem)")
                        return
                    }
                    for id in 1...max(1, count) where count > 0 {
                        for op in [OutlineOp.expand(id, recursive: false), .collapse(id, recursive: false), .expand(id, recursive: true), .collapse(id, recursive: true)] {
                            var copy = pair
                            if let problem = copy.apply(op) {
                                Issue.record("shape \(shape) mask \(mask), \(op): \(problem)")
                                return
                            }
                        }
                    }
                    worlds += 1
                }
            }
        }
        #expect(worlds == 1 + 1 * 2 + 2 * 4 + 5 * 8 + 14 * 16 + 42 * 32)
    }

    @Test func everyMoveOfEveryNodeOfSmallForestsAgreesWithTheReference() {
        for count in 1...4 {
            for shape in Self.shapes(count) {
                for mask in [0, (1 << count) - 1, 0b0101] {
                    var pair = OutlinePair(sections: 2)
                    _ = pair.apply(.insert(Self.items(shape, expandedMask: mask), parent: nil, section: 0, index: 0))
                    for id in 1...count {
                        for parent in [nil] + (1...count).map(Optional.some) {
                            for section in 0...1 {
                                for index in -1...(count + 1) {
                                    var copy = pair
                                    let op = OutlineOp.move(id, parent: parent, section: section, index: index)
                                    if let problem = copy.apply(op) {
                                        Issue.record("shape \(shape) mask \(mask), \(op): \(problem)")
                                        return
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

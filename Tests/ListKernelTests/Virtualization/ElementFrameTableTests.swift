import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelList
import ListKernelTesting

/// `ElementFrameTable` (the old frames of an update) against a dictionary: random elements of
/// a few sections appended in order, out of order and repeated (a repeat carries the same
/// frame, as the table's users guarantee: one layout gives every frame), sealed once or in
/// two rounds as `performChange` does; then every possible element is looked up and a random
/// sorted set is checked for the missing ones.
@Suite struct ElementFrameTableTests {
    /// Every element of `sections` sections of up to 6 items, in element order.
    static func universe(sections: Int) -> [ListElement] {
        (0..<sections).flatMap { section in
            [ListElement.header(section: section)]
                + (0..<6).map { ListElement.item(ItemPath(section: section, item: $0)) }
                + [ListElement.footer(section: section)]
        }
    }

    @Test(arguments: 1...40)
    func randomAppendsAgreeWithADictionary(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let universe = Self.universe(sections: 1 + rng.below(5))
        // One frame per element, as one layout would give.
        let frames = Dictionary(uniqueKeysWithValues: universe.map { ($0, (start: Int64(rng.below(100_000)), extent: Int64(rng.below(500)))) })
        let capacity = rng.below(8)
        var table = ElementFrameTable(minimumCapacity: capacity)
        var model: [ListElement: (start: Int64, extent: Int64)] = [:]
        var history = ["var table = ElementFrameTable(minimumCapacity: \(capacity))"]
        func append(_ element: ListElement) {
            let frame = frames[element]!
            history.append("table.append(\(element.literal), start: \(frame.start), extent: \(frame.extent))")
            table.append(element, start: frame.start, extent: frame.extent)
            model[element] = frame
        }
        // A window in order (as the layout's walk gives it), then extras in any order.
        let first = rng.below(universe.count)
        for element in universe[first..<min(universe.count, first + rng.below(universe.count + 1))] { append(element) }
        let rounds = 1 + rng.below(2)
        for _ in 0..<rounds {
            for _ in 0..<rng.below(12) { append(universe[rng.below(universe.count)]) }
            history.append("table.seal()")
            table.seal()
            table._checkInvariantsNow()
        }
        #expect(table.count == model.count, "seed \(seed): \(table.count) entries for \(model.count) elements\nreproducer:\n\(history.joined(separator: "\n"))")
        for element in universe {
            let found = table[element], expected = model[element]
            guard found?.start == expected?.start, found?.extent == expected?.extent else {
                Issue.record("seed \(seed): table[\(element)] = \(String(describing: found)), dictionary \(String(describing: expected))\nreproducer:\n\(history.joined(separator: "\n"))")
                return
            }
        }
        let asked = universe.filter { _ in rng.chance(1, in: 2) }
        var missing: [ListElement] = []
        table.forEachMissing(of: asked) { missing.append($0) }
        #expect(missing == asked.filter { model[$0] == nil }, "seed \(seed): missing \(missing) of \(asked)\nreproducer:\n\(history.joined(separator: "\n"))")
    }

    @Test func anEmptyTableHasNoFrames() {
        var table = ElementFrameTable(minimumCapacity: 4)
        table.seal()
        #expect(table[.header(section: 0)] == nil)
        var missing: [ListElement] = []
        table.forEachMissing(of: [.header(section: 0), .footer(section: 2)]) { missing.append($0) }
        #expect(missing == [.header(section: 0), .footer(section: 2)])
    }
}

extension ListElement {
    /// The element as Swift source, for reproducers.
    fileprivate var literal: String {
        switch self {
        case .header(let section): ".header(section: \(section))"
        case .footer(let section): ".footer(section: \(section))"
        case .item(let path): ".item(ItemPath(section: \(path.section), item: \(path.item)))"
        }
    }
}

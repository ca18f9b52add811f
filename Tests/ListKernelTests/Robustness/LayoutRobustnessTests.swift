import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
import ListKernelTesting

/// Every public layout entry point, driven with extreme values: each call either throws a
/// typed error naming the numbers and leaves the layout exactly as it was, or succeeds and
/// leaves a sound layout within `ListLimits`.
@Suite struct LayoutRobustnessTests {
    /// One random call of a public `ListLayout` mutation with extreme arguments.
    static func randomMutation(_ random: inout SplitMix64, _ layout: inout ListLayout) throws(LayoutError) -> String {
        let sections = layout.sectionCount
        let items = 6
        switch random.below(11) {
        case 0:
            let (value, section) = (random.below(2) == 0, Extremes.index(&random, below: sections))
            try layout.setCollapsed(value, section: section)
            return "setCollapsed(\(value), section: \(section))"
        case 1:
            let (value, path) = (Extremes.double(&random), Extremes.path(&random, sections: sections, items: items))
            try layout.setItemExtent(value, at: path, isMeasured: random.below(2) == 0)
            return "setItemExtent(\(value), at: \(path))"
        case 2:
            let (value, section) = (Extremes.double(&random), Extremes.index(&random, below: sections))
            try layout.setEstimatedItemExtent(value, section: section)
            return "setEstimatedItemExtent(\(value), section: \(section))"
        case 3:
            let (value, section) = (Extremes.optionalDoubles[random.below(Extremes.optionalDoubles.count)], Extremes.index(&random, below: sections))
            if random.below(2) == 0 { try layout.setHeaderExtent(value, section: section) } else { try layout.setFooterExtent(value, section: section) }
            return "setHeader/FooterExtent(\(String(describing: value)), section: \(section))"
        case 4:
            let path = Extremes.path(&random, sections: sections, items: items)
            let count = Extremes.count(&random)
            let extent: Double? = random.below(2) == 0 ? nil : Extremes.double(&random)
            try layout.insertItems(at: path, count: count, measuredExtent: extent)
            return "insertItems(at: \(path), count: \(count), measuredExtent: \(String(describing: extent)))"
        case 5:
            let (low, high) = (Extremes.index(&random, below: items), Extremes.index(&random, below: items))
            let section = Extremes.index(&random, below: sections)
            guard low <= high else { return "skipped: an empty range can't be written backwards" }
            try layout.deleteItems(low..<high, inSection: section)
            return "deleteItems(\(low)..<\(high), inSection: \(section))"
        case 6:
            let (from, to) = (Extremes.path(&random, sections: sections, items: items), Extremes.path(&random, sections: sections, items: items))
            try layout.moveItem(from: from, to: to)
            return "moveItem(from: \(from), to: \(to))"
        case 7:
            let section = randomSection(&random)
            let index = Extremes.index(&random, below: sections)
            try layout.insertSections([section], at: index)
            return "insertSections([\(section)], at: \(index))"
        case 8:
            let (low, high) = (Extremes.index(&random, below: sections), Extremes.index(&random, below: sections))
            guard low <= high else { return "skipped: an empty range can't be written backwards" }
            try layout.deleteSections(low..<high)
            return "deleteSections(\(low)..<\(high))"
        case 9:
            let (from, to) = (Extremes.index(&random, below: sections), Extremes.index(&random, below: sections))
            try layout.moveSection(from: from, to: to)
            return "moveSection(from: \(from), to: \(to))"
        default:
            let section = randomSection(&random)
            let index = Extremes.index(&random, below: sections)
            try layout.replaceSection(index, with: section)
            return "replaceSection(\(index), with: \(section))"
        }
    }

    static func randomSection(_ random: inout SplitMix64) -> ListLayout.Section {
        let header = Extremes.optionalDoubles[random.below(Extremes.optionalDoubles.count)]
        switch random.below(3) {
        case 0: return .init(itemCount: Extremes.count(&random), itemExtent: .uniform(Extremes.double(&random)), header: header)
        case 1: return .init(itemCount: Extremes.count(&random), itemExtent: .estimated(Extremes.double(&random)), footer: header)
        default: return .init(itemExtents: (0..<random.below(4)).map { _ in Extremes.double(&random) }, header: header)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func everyMutationWithExtremeValuesThrowsAndChangesNothingOrLeavesASoundLayout(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var layout = try robustnessBaseLayout()
        var (thrown, succeeded) = (0, 0)
        for step in 0..<1_500 {
            if step % 100 == 0 { layout = try robustnessBaseLayout() }
            let before = layout
            do {
                let call = try LayoutRobustnessTests.randomMutation(&random, &layout)
                if !call.hasPrefix("skipped") { succeeded += 1 }
                expectSound(layout, "seed \(seed) step \(step): \(call)")
            } catch {
                thrown += 1
                #expect(layout == before, "seed \(seed) step \(step): \(error) changed the layout")
                #expect(!error.description.isEmpty)
            }
        }
        // Both outcomes were exercised, so neither branch is vacuous.
        #expect(thrown > 300 && succeeded > 100, "seed \(seed): \(thrown) thrown, \(succeeded) succeeded")
    }

    @Test func everyLookupWithExtremeValuesAnswersWithoutTrapping() throws {
        let layout = try robustnessBaseLayout()
        var answered = 0
        for value in Extremes.doubles {
            if let hit = layout.element(at: value) {
                #expect(value >= 0 && value < layout.contentExtent, "element(at: \(value)) = \(hit.element)")
                answered += 1
            }
            _ = layout.section(at: value)
            for other in Extremes.doubles where value <= other {
                let found = layout.elements(in: value..<other)
                #expect(found.allSatisfy { $0.frame.end > value && $0.frame.start < other })
                _ = layout.sections(in: value..<other)
            }
        }
        for a in Extremes.ints {
            for b in Extremes.ints.prefix(8) {
                for element in [ListElement.header(section: a), .footer(section: a), .item(ItemPath(section: a, item: b)), .item(ItemPath(section: b, item: a))] {
                    if let frame = layout.frame(of: element) {
                        #expect(frame.start >= 0 && frame.end <= layout.contentExtent)
                        answered += 1
                    }
                    _ = layout.position(of: element)
                }
                _ = layout.itemExtent(at: ItemPath(section: a, item: b))
                _ = layout.isMeasured(ItemPath(section: a, item: b))
            }
            _ = layout.headerExtent(section: a)
            _ = layout.footerExtent(section: a)
            _ = layout.sectionFrame(a)
            _ = layout.itemCount(inSection: a)
            if let element = layout.element(at: FlatPosition(a)) {
                #expect(layout.position(of: element) == FlatPosition(a))
                answered += 1
            }
        }
        #expect(answered > 10)
    }

    // MARK: The examples, one by one

    @Test func aSectionOfIntMaxItemsIsRefusedWithTheNumbers() {
        #expect(throws: LayoutError.tooManyItems(count: 0, adding: Int.max)) {
            try ListLayout(sections: [.init(itemCount: Int.max, itemExtent: .uniform(44))])
        }
        #expect(throws: LayoutError.tooManyItems(count: 0, adding: Int.max)) {
            try ListLayout(sections: [.init(itemCount: Int.max, itemExtent: .uniform(0), header: 20)])
        }
        let message = LayoutError.tooManyItems(count: 0, adding: Int.max).description
        #expect(message.contains("\(Int.max)") && message.contains("\(ListLimits.maximumItemCount)"))
    }

    @Test func twoHugeSectionsNoLongerWrapTheContentExtent() {
        let huge = ListLayout.Section(itemCount: 818_836_295_885_534, itemExtent: .uniform(44))
        #expect(throws: LayoutError.self) { try ListLayout(sections: [huge, huge]) }
        // Two sections each under the limits, together over the content limit.
        let half = ListLayout.Section(itemCount: 1 << 33, itemExtent: .uniform(40))  // 3.4e11 points
        #expect(throws: LayoutError.contentTooLong(extent: 40 * Double(1 << 33), adding: 40 * Double(1 << 33))) {
            try ListLayout(sections: [half, half])
        }
    }

    @Test func insertingItemsNearTheContentLimitThrowsAndChangesNothing() throws {
        var layout = try ListLayout(sections: [.init(itemCount: 1 << 33, itemExtent: .uniform(63))])
        let before = layout
        #expect(throws: LayoutError.self) { try layout.insertItems(at: ItemPath(section: 0, item: 0), count: 1 << 32) }
        #expect(throws: LayoutError.self) { try layout.insertSections([.init(itemCount: 1 << 33, itemExtent: .uniform(63))], at: 1) }
        // 2^33 × 63 points leaves about 8.6e9 points below the limit: 2^28 more items of 63
        // do not fit, at the front or appended.
        #expect(throws: LayoutError.contentTooLong(extent: 63 * Double(1 << 33), adding: 63 * Double(1 << 28))) {
            try layout.insertItems(at: ItemPath(section: 0, item: 1 << 33), count: 1 << 28)
        }
        #expect(layout == before, "a refused insert changed the layout")
        try layout.insertItems(at: ItemPath(section: 0, item: 0), count: 1 << 20)
        #expect(layout.totalItemCount == (1 << 33) + (1 << 20))
    }

    @Test func anEstimateOverAHugeSectionIsCheckedBeforeItChanges() throws {
        var layout = try ListLayout(sections: [.init(itemCount: 1 << 30, itemExtent: .estimated(44))])
        let before = layout
        #expect(throws: LayoutError.contentTooLong(extent: 44 * Double(1 << 30), adding: Double(1 << 30) * (1e6 - 44))) {
            try layout.setEstimatedItemExtent(1e6, section: 0)
        }
        // Measuring one item would store 2^30 extents one by one.
        #expect(throws: LayoutError.tooManyPerItemExtents(section: 0, itemCount: 1 << 30)) {
            try layout.setItemExtent(50, at: ItemPath(section: 0, item: 7))
        }
        #expect(layout == before)
        try layout.setEstimatedItemExtent(60, section: 0)
        #expect(layout.contentExtent == 60 * Double(1 << 30))
    }

    @Test func insertingAHugeCountIntoAUniformSectionIsConstantTime() throws {
        // Before, this looped once per item: 2^39 iterations would never finish.
        var layout = try ListLayout(sections: [.init(itemCount: 3, itemExtent: .uniform(0), header: 10)])
        try layout.insertItems(at: ItemPath(section: 0, item: 1), count: 1 << 39)
        #expect(layout.itemCount(inSection: 0) == (1 << 39) + 3)
        try layout.deleteItems(0..<(1 << 38), inSection: 0)
        #expect(layout.itemCount(inSection: 0) == (1 << 38) + 3)
        #expect(throws: LayoutError.tooManyItems(count: (1 << 38) + 3, adding: Int.max)) {
            try layout.insertItems(at: ItemPath(section: 0, item: 0), count: Int.max)
        }
    }

    @Test func aMeasuredItemMovedIntoAHugeUniformSectionIsRefused() throws {
        var layout = try ListLayout(sections: [
            .init(itemExtents: [12]),
            .init(itemCount: ListLimits.maximumPerItemCount + 1, itemExtent: .uniform(44)),
        ])
        let before = layout
        #expect(throws: LayoutError.tooManyPerItemExtents(section: 1, itemCount: ListLimits.maximumPerItemCount + 2)) {
            try layout.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
        }
        #expect(layout == before)
    }

    @Test func tooManySectionsAreRefusedBeforeAnythingIsAllocated() throws {
        var layout = try ListLayout(sections: [.init(itemCount: 1, itemExtent: .uniform(1))])
        let sections = [ListLayout.Section](repeating: .init(itemCount: 0, itemExtent: .uniform(1)), count: 3)
        // The count check runs first, so a limit far below the array is enough to see it.
        #expect(LayoutError.tooManySections(count: 1, adding: Int.max).description.contains("\(ListLimits.maximumSectionCount)"))
        try layout.insertSections(sections, at: 1)
        #expect(layout.sectionCount == 4)
        #expect(throws: LayoutError.tooManySections(count: 4, adding: Int.max)) {
            try ListLayout.checkGrowth(sectionCount: 4, adding: Int.max)
        }
    }
}

/// Every public snapshot mutation, with identifiers that are missing, duplicated or present:
/// each throws a typed error and leaves the snapshot as it was, or succeeds and keeps its
/// indexes sound.
@Suite struct SnapshotRobustnessTests {
    typealias Snap = ListSnapshot<Int, Int>

    static func randomMutation(_ random: inout SplitMix64, _ snapshot: inout Snap) throws(SnapshotError) {
        func ids(_ pool: Int, _ count: Int) -> [Int] { (0..<count).map { _ in random.below(pool) - 1 } }
        let section = random.below(8) - 1
        let item = random.below(40) - 1
        switch random.below(16) {
        case 0: try snapshot.appendSections(ids(8, random.below(3)))
        case 1: try snapshot.insertSections(ids(8, random.below(3)), beforeSection: section)
        case 2: try snapshot.insertSections(ids(8, random.below(3)), afterSection: section)
        case 3: try snapshot.deleteSections(ids(8, random.below(3)))
        case 4: try snapshot.moveSection(section, beforeSection: random.below(8) - 1)
        case 5: try snapshot.moveSection(section, afterSection: random.below(8) - 1)
        case 6: try snapshot.reloadSections(ids(8, random.below(3)))
        case 7: try snapshot.appendItems(ids(40, random.below(4)), toSection: random.below(3) == 0 ? nil : section)
        case 8: try snapshot.insertItems(ids(40, random.below(3)), beforeItem: item)
        case 9: try snapshot.insertItems(ids(40, random.below(3)), afterItem: item)
        case 10: try snapshot.deleteItems(ids(40, random.below(3)))
        case 11: try snapshot.moveItem(item, beforeItem: random.below(40) - 1)
        case 12: try snapshot.moveItem(item, afterItem: random.below(40) - 1)
        case 13: try snapshot.reloadItems(ids(40, random.below(3)))
        case 14: try snapshot.reconfigureItems(ids(40, random.below(3)))
        default:
            _ = snapshot.itemIdentifiers(inSection: section)
            _ = snapshot.numberOfItems(inSection: section)
        }
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func everyMutationWithMissingOrDuplicateIdentifiersThrowsAndChangesNothing(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var snapshot = Snap()
        var (thrown, succeeded) = (0, 0)
        for step in 0..<3_000 {
            if step % 300 == 0 { snapshot = Snap() }
            let before = snapshot
            do {
                try SnapshotRobustnessTests.randomMutation(&random, &snapshot)
                succeeded += 1
                snapshot._checkInvariantsNow()
                #expect(snapshot.numberOfItems == snapshot.itemIdentifiers.count)
            } catch {
                thrown += 1
                #expect(snapshot == before, "seed \(seed) step \(step): \(error) changed the snapshot")
                #expect(!error.description.isEmpty)
            }
        }
        #expect(thrown > 300 && succeeded > 300, "seed \(seed): \(thrown) thrown, \(succeeded) succeeded")
    }
}

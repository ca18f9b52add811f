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

/// The written-down rules of the layout, one test each.
@Suite struct LayoutRuleTests {
    // header 30, items 44 ×3, footer 10 | header 30 (collapsed, 2 items), footer 10
    func sample() throws -> ListLayout {
        try ListLayout(sections: [
            .init(itemCount: 3, itemExtent: .uniform(44), header: 30, footer: 10),
            .init(itemCount: 2, itemExtent: .uniform(44), header: 30, footer: 10, isCollapsed: true),
        ])
    }

    @Test func aBoundaryOffsetBelongsToTheElementThatStartsThere() throws {
        let layout = try sample()
        #expect(layout.element(at: 0)?.element == .header(section: 0))
        #expect(layout.element(at: 29.99)?.element == .header(section: 0))
        #expect(layout.element(at: 30)?.element == .item(ItemPath(section: 0, item: 0)))
        #expect(layout.element(at: 74)?.element == .item(ItemPath(section: 0, item: 1)))
        #expect(layout.element(at: 162)?.element == .footer(section: 0))
        #expect(layout.element(at: 172)?.element == .header(section: 1))
    }

    @Test func theElementLookupReportsTheRemainderInsideTheElement() throws {
        let hit = try #require(try sample().element(at: 100))
        #expect(hit.element == .item(ItemPath(section: 0, item: 1)))
        #expect(hit.frame == .init(start: 74, extent: 44))
        #expect(hit.offsetInElement == 26)
    }

    @Test func offsetsOutsideTheContentFindNothing() throws {
        let layout = try sample()
        #expect(layout.contentExtent == 30 + 132 + 10 + 30 + 10)
        #expect(layout.element(at: -0.5) == nil)
        #expect(layout.element(at: layout.contentExtent) == nil)
        #expect(layout.element(at: .nan) == nil)
        #expect(layout.section(at: .infinity) == nil)
    }

    @Test func aCollapsedSectionKeepsItsItemsButLaysOutOnlyItsHeaderAndFooter() throws {
        var layout = try sample()
        #expect(layout.itemCount(inSection: 1) == 2)
        #expect(layout.frame(of: .item(ItemPath(section: 1, item: 0))) == nil)
        #expect(layout.position(of: .item(ItemPath(section: 1, item: 0))) == nil)
        #expect(layout.frame(of: .footer(section: 1)) == .init(start: 202, extent: 10))
        try layout.setCollapsed(false, section: 1)
        #expect(layout.frame(of: .item(ItemPath(section: 1, item: 1))) == .init(start: 246, extent: 44))
        #expect(layout.contentExtent == 300)
    }

    @Test func anEmptySectionStillHasItsHeaderAndFooter() throws {
        // Seed 003: the kingdom 越 has no generals.
        let layout = try ListLayout(sections: [
            .init(itemCount: 3, itemExtent: .uniform(44), header: 44, footer: 1),
            .init(itemCount: 0, itemExtent: .uniform(44), header: 44, footer: 1),
        ])
        #expect(layout.frame(of: .header(section: 1)) == .init(start: 177, extent: 44))
        #expect(layout.frame(of: .footer(section: 1)) == .init(start: 221, extent: 1))
        #expect(layout.element(at: FlatPosition(5)) == .header(section: 1))
        #expect(layout.element(at: FlatPosition(6)) == .footer(section: 1))
        #expect(layout.positionCount == 7)
    }

    @Test func zeroExtentItemsAreNeverReturnedHoweverManyShareAnOffset() throws {
        // Seed 001 folds a section by giving its rows height 0: 50,000 of them at one offset.
        var layout = try ListLayout(sections: [
            .init(itemCount: 2, itemExtent: .uniform(44), header: 44),
            .init(itemCount: 50_000, itemExtent: .uniform(0), header: 44),
            .init(itemCount: 1, itemExtent: .uniform(44), header: 44),
        ])
        let folded = try #require(layout.frame(of: .header(section: 1)))
        #expect(layout.element(at: folded.end)?.element == .header(section: 2))
        var visited: [ListElement] = []
        layout.forEachElement(in: 0..<layout.contentExtent) { visited.append($0.element); return true }
        #expect(visited.count == 6)
        #expect(!visited.contains { $0.section == 1 && $0.itemPath != nil })
        // Per-item zero extents in a measured section behave the same.
        try layout.setItemExtent(10, at: ItemPath(section: 1, item: 25_000))
        visited = []
        layout.forEachElement(in: 0..<layout.contentExtent) { visited.append($0.element); return true }
        #expect(visited == [
            .header(section: 0), .item(ItemPath(section: 0, item: 0)), .item(ItemPath(section: 0, item: 1)),
            .header(section: 1), .item(ItemPath(section: 1, item: 25_000)),
            .header(section: 2), .item(ItemPath(section: 2, item: 0)),
        ])
        #expect(layout.element(at: folded.end)?.element == .item(ItemPath(section: 1, item: 25_000)))
    }

    @Test func zeroExtentSectionsAreSkippedByOffsetAndRangeLookups() throws {
        var sections: [ListLayout.Section] = [.init(itemCount: 1, itemExtent: .uniform(20), header: 10)]
        sections += Array(repeating: .init(itemCount: 3, itemExtent: .uniform(0)), count: 5_000)
        sections.append(.init(itemCount: 1, itemExtent: .uniform(20), header: 10))
        let layout = try ListLayout(sections: sections)
        #expect(layout.section(at: 30) == 5_001)
        #expect(layout.elements(in: 25..<35).map(\.element) == [.item(ItemPath(section: 0, item: 0)), .header(section: 5_001)])
        #expect(layout.sections(in: 0..<60) == 0...5_001)
        #expect(layout.positionCount == 2 + 15_000 + 2)
    }

    @Test func flatPositionsCountHeadersExpandedItemsAndFootersInOrder() throws {
        let layout = try ListLayout(sections: [
            .init(itemCount: 2, itemExtent: .uniform(10), header: 5, footer: 5),
            .init(itemCount: 5, itemExtent: .uniform(10), header: 5, footer: 5, isCollapsed: true),
            .init(itemCount: 1, itemExtent: .uniform(10)),
        ])
        let expected: [ListElement] = [
            .header(section: 0), .item(ItemPath(section: 0, item: 0)), .item(ItemPath(section: 0, item: 1)), .footer(section: 0),
            .header(section: 1), .footer(section: 1), .item(ItemPath(section: 2, item: 0)),
        ]
        #expect((0..<layout.positionCount).map { layout.element(at: FlatPosition($0)) } == expected)
        #expect(expected.map { layout.position(of: $0)?.rawValue } == Array(0..<7))
        #expect(layout.position(of: .header(section: 2)) == nil)
    }

    @Test func firstAndLastVisibleSectionsOfAViewport() throws {
        let layout = try ListLayout(sections: Array(repeating: .init(itemCount: 10, itemExtent: .uniform(10), header: 20), count: 10))
        // Each section is 120 long.
        #expect(layout.sections(in: 0..<120) == 0...0)
        #expect(layout.sections(in: 119..<241) == 0...2)
        #expect(layout.sections(in: 1_190..<5_000) == 9...9)
        #expect(layout.sections(in: 1_200..<1_300) == nil)
    }

    @Test func extentsAreStoredExactlyInUnitsOf1Over256Point() throws {
        var layout = try ListLayout(sections: [.init(itemExtents: [0.1, 0.2, 0.3])])
        // 0.1 rounds to 26/256; positions are exact multiples of 1/256.
        #expect(layout.itemExtent(at: ItemPath(section: 0, item: 0)) == 26.0 / 256)
        for _ in 0..<1_000 { try layout.setItemExtent(0.1, at: ItemPath(section: 0, item: 1)) }
        #expect(layout.contentExtent == (26 + 26 + 77) / 256.0)
    }
}

/// Every caller mistake is a typed error naming the numbers, and changes nothing.
@Suite struct LayoutErrorTests {
    func layout() throws -> ListLayout {
        try ListLayout(sections: Array(repeating: .init(itemCount: 10, itemExtent: .estimated(44), header: 30), count: 4))
    }

    @Test func anItemOutOfRangeNamesTheItemTheSectionAndItsCount() throws {
        var layout = try layout()
        let before = layout
        #expect(throws: LayoutError.itemOutOfRange(ItemPath(section: 3, item: 12), itemCount: 10)) {
            try layout.setItemExtent(50, at: ItemPath(section: 3, item: 12))
        }
        #expect(LayoutError.itemOutOfRange(ItemPath(section: 3, item: 12), itemCount: 10).description
            == "item 12 is out of range: section 3 has 10 items")
        #expect(layout == before)
    }

    @Test func aSectionOutOfRangeNamesTheSectionAndTheCount() throws {
        var layout = try layout()
        let before = layout
        #expect(throws: LayoutError.sectionOutOfRange(section: 7, sectionCount: 4)) { try layout.setCollapsed(true, section: 7) }
        // Queries answer nil outside the list; only changes throw.
        #expect(layout.frame(of: .header(section: -1)) == nil && layout.itemCount(inSection: 4) == nil)
        #expect("\(LayoutError.sectionOutOfRange(section: 7, sectionCount: 4))" == "section 7 is out of range: the list has 4 sections")
        #expect(layout == before)
    }

    @Test(arguments: [-1, .nan, .infinity, -.infinity, 1e300] as [Double])
    func aNegativeNaNOrInfiniteExtentIsRejectedAndChangesNothing(value: Double) throws {
        var layout = try layout()
        let before = layout
        #expect(throws: LayoutError.self) { try layout.setItemExtent(value, at: ItemPath(section: 0, item: 0)) }
        #expect(throws: LayoutError.self) { try layout.setHeaderExtent(value, section: 0) }
        #expect(throws: LayoutError.self) { try layout.insertItems(at: ItemPath(section: 0, item: 0), measuredExtent: value) }
        #expect(throws: LayoutError.self) { try ListLayout(sections: [.init(itemExtents: [1, value])]) }
        #expect(layout == before)
        do {
            try layout.setItemExtent(value, at: ItemPath(section: 2, item: 5))
        } catch {
            #expect(error.description.contains("item [2, 5]"))
        }
    }

    @Test func aMoveToAnInvalidPlaceIsRejectedAndChangesNothing() throws {
        var layout = try layout()
        let before = layout
        #expect(throws: LayoutError.itemInsertionOutOfRange(ItemPath(section: 1, item: 11), itemCount: 10)) {
            try layout.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 11))
        }
        // Inside one section the destination space has one item fewer.
        #expect(throws: LayoutError.itemInsertionOutOfRange(ItemPath(section: 0, item: 10), itemCount: 9)) {
            try layout.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 10))
        }
        #expect(throws: LayoutError.sectionOutOfRange(section: 4, sectionCount: 4)) { try layout.moveSection(from: 0, to: 4) }
        #expect(throws: LayoutError.rangeOutOfBounds(2..<6, bound: 4, for: "sections")) { try layout.deleteSections(2..<6) }
        #expect(layout.element(at: FlatPosition(44)) == nil && layout.element(at: FlatPosition(43)) != nil)
        #expect(layout == before)
    }
}

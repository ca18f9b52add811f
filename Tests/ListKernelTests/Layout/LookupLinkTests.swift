import Testing
import ListKernel
@testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelLayout
import ListKernelTesting

/// The section tree keeps, beside each record of a leaf, the address of the record's run
/// (`ItemExtents.lookupLink`) so an offset lookup can read the extents without waiting for the
/// record. An address that outlived its run would read freed memory: these tests drive the
/// links through every kind of change, and through copies that share storage, and check each
/// against its record (`_checkInvariantsNow`) and every lookup against the reference model.
@Suite struct LookupLinkTests {
    @Test func onlyASectionOfOneRunHasALink_andItFindsWhatTheRecordFinds() throws {
        var rng = SplitMix64(seed: 31)
        let extents = (0..<100).map { _ in Int32(rng.int(in: 0...9) == 0 ? 0 : rng.int(in: 1...50_000)) }
        let one = ItemExtents(measured: extents, estimate: 44 * 256)
        #expect(one.lookupLink != 0)
        var offset: Int64 = 0
        while offset < one.total {
            #expect(ExtentRun.search(offset, link: one.lookupLink) == one.search(offset), "offset \(offset)")
            offset += one.total / 3_000 + 1
        }
        #expect(ItemExtents(count: 100, extent: 44 * 256, isMeasured: true).lookupLink == 0, "uniform: no run")
        #expect(ItemExtents(measured: [], estimate: 44 * 256).lookupLink == 0, "an empty run")
        let many = ItemExtents(measured: [Int32](repeating: 256, count: 3_000), estimate: 256)
        #expect(many.lookupLink == 0, "several runs: the lookup goes through the record's run index")
    }

    /// A layout of measured sections (one of several runs among them) and its reference.
    static func world(_ rng: inout SplitMix64) -> [ListLayout.Section] {
        (0..<40).map { index in
            let count = index == 7 ? 1_100 : rng.below(40)
            return ListLayout.Section(
                itemExtents: (0..<count).map { _ in Double(rng.int(in: 0...120)) },
                header: rng.chance(1, in: 3) ? nil : 30,
                footer: rng.chance(1, in: 2) ? nil : 10
            )
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func linksFollowEveryChange_andACopyKeepsItsOwn(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let specs = LookupLinkTests.world(&rng)
        var layout = try ListLayout(sections: specs)
        var reference = ReferenceLayout(sections: specs)
        var copies: [(ListLayout, ReferenceLayout)] = []
        for step in 0..<300 {
            if step % 60 == 0 { copies.append((layout, reference)) }  // shares every buffer until one changes
            let sections = layout.sectionCount
            let section = rng.below(max(sections, 1))
            let items = sections == 0 ? 0 : layout.itemCount(inSection: section) ?? 0
            switch rng.below(8) {
            case 0 where items > 0:
                let path = ItemPath(section: section, item: rng.below(items))
                let value = Double(rng.int(in: 0...200))
                try layout.setItemExtent(value, at: path)
                reference.setItemExtent(value, at: path)
            case 1 where sections > 0:
                let path = ItemPath(section: section, item: rng.below(items + 1))
                let count = rng.int(in: 1...40)
                try layout.insertItems(at: path, count: count, measuredExtent: 17)
                reference.insertItems(at: path, count: count, measuredExtent: 17)
            case 2 where items > 0:
                let start = rng.below(items)
                let range = start..<min(items, start + rng.int(in: 1...30))
                try layout.deleteItems(range, inSection: section)
                reference.deleteItems(range, inSection: section)
            case 3:
                let spec = ListLayout.Section(itemExtents: (0..<rng.below(50)).map { _ in Double(rng.int(in: 1...90)) }, header: 20)
                let at = rng.below(sections + 1)
                try layout.insertSections([spec], at: at)
                reference.insertSections([spec], at: at)
            case 4 where sections > 1:
                try layout.deleteSections(section..<(section + 1))
                reference.deleteSections(section..<(section + 1))
            case 5 where sections > 1:
                let destination = rng.below(sections)
                try layout.moveSection(from: section, to: destination)
                reference.moveSection(from: section, to: destination)
            case 6 where sections > 0:
                let collapsed = !layout.isCollapsed(section: section)
                try layout.setCollapsed(collapsed, section: section)
                reference.setCollapsed(collapsed, section: section)
            case 7 where items > 1:
                let source = ItemPath(section: section, item: rng.below(items))
                let target = rng.below(sections)
                let destination = ItemPath(section: target, item: rng.below((layout.itemCount(inSection: target) ?? 1) + (target == section ? 0 : 1)))
                try layout.moveItem(from: source, to: destination)
                reference.moveItem(from: source, to: destination)
            default:
                continue
            }
            // Every link against its record after every step; every answer against the
            // reference (every element, O(n log n)) now and then, and lookups at random offsets.
            layout._checkInvariantsNow()
            let content = layout.contentUnits
            let laidOut = reference.laidOut()
            for _ in 0..<8 where content > 0 {
                let offset = Int64(rng.below(Int(content)))
                let got = layout.locate(units: offset)
                let want = element(atUnits: offset, in: laidOut)
                if got?.element != want?.element || got?.start != want?.start || got?.extent != want?.extent {
                    Issue.record("seed \(seed) step \(step): element at \(offset) is \(String(describing: got)), not \(String(describing: want))")
                    return
                }
            }
            if step % 100 == 99, let problem = disagreement(layout, reference, rng: &rng) {
                Issue.record("seed \(seed) step \(step): \(problem)")
                return
            }
        }
        // Every copy still answers for the list it was copied from, through its own links.
        for (index, (copy, copyReference)) in copies.enumerated() {
            copy._checkInvariantsNow()
            #expect(disagreement(copy, copyReference, rng: &rng) == nil, "seed \(seed): copy \(index)")
        }
    }
}

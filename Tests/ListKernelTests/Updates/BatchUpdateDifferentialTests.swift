import Foundation
import Testing
@_spi(ListKernelTesting) import ListKernel
@_spi(ListKernelTesting) @testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelLayout
@_spi(ListKernelTesting) @testable import ListKernelReuse
@_spi(ListKernelTesting) @testable import ListKernelDiffing
@_spi(ListKernelTesting) @testable import ListKernelUpdates
@_spi(ListKernelTesting) @testable import ListKernelDiffUpdates
@_spi(ListKernelTesting) @testable import ListKernelList
import ListKernelTesting

/// One random batch: counts before and after, and the calls that build it.
struct UpdateScenario: CustomStringConvertible {
    var before: [Int]
    var after: [Int]
    var calls: [UpdateCall]

    /// The batch, calls in the order given.
    var batch: BatchUpdate {
        var batch = BatchUpdate()
        for call in calls { call.record(in: &batch) }
        return batch
    }

    var description: String {
        "let update = try BatchUpdate { \(calls.map(\.description).joined(separator: "; ")) }.validated(itemCountsBefore: \(before), itemCountsAfter: \(after))"
    }
}

/// One recording call on a batch, printable as Swift.
enum UpdateCall: CustomStringConvertible {
    case insertItem(ItemPath), deleteItem(ItemPath), reloadItem(ItemPath), reconfigureItem(ItemPath)
    case moveItem(ItemPath, ItemPath)
    case insertSection(Int), deleteSection(Int), reloadSection(Int), moveSection(Int, Int)

    func record(in batch: inout BatchUpdate) {
        switch self {
        case .insertItem(let p): batch.insertItems(at: [p])
        case .deleteItem(let p): batch.deleteItems(at: [p])
        case .reloadItem(let p): batch.reloadItems(at: [p])
        case .reconfigureItem(let p): batch.reconfigureItems(at: [p])
        case .moveItem(let a, let b): batch.moveItem(from: a, to: b)
        case .insertSection(let s): batch.insertSections([s])
        case .deleteSection(let s): batch.deleteSections([s])
        case .reloadSection(let s): batch.reloadSections([s])
        case .moveSection(let a, let b): batch.moveSection(from: a, to: b)
        }
    }

    var description: String {
        func p(_ path: ItemPath) -> String { "ItemPath(section: \(path.section), item: \(path.item))" }
        return switch self {
        case .insertItem(let path): "$0.insertItems(at: [\(p(path))])"
        case .deleteItem(let path): "$0.deleteItems(at: [\(p(path))])"
        case .reloadItem(let path): "$0.reloadItems(at: [\(p(path))])"
        case .reconfigureItem(let path): "$0.reconfigureItems(at: [\(p(path))])"
        case .moveItem(let a, let b): "$0.moveItem(from: \(p(a)), to: \(p(b)))"
        case .insertSection(let s): "$0.insertSections([\(s)])"
        case .deleteSection(let s): "$0.deleteSections([\(s)])"
        case .reloadSection(let s): "$0.reloadSections([\(s)])"
        case .moveSection(let a, let b): "$0.moveSection(from: \(a), to: \(b))"
        }
    }
}

/// Random batches over small worlds: mostly consistent ones built the way a data source
/// changes, about a third broken by one fault (a wrong count, an index out of range, a
/// conflicting or duplicate operation, an operation in a changed section).
struct UpdateScenarioGenerator {
    var rng: SplitMix64

    mutating func distinct(_ count: Int, below bound: Int) -> [Int] {
        var all = Array(0..<max(bound, 0))
        rng.shuffle(&all)
        return Array(all.prefix(count))
    }

    mutating func next() -> UpdateScenario {
        let before = (0..<rng.int(in: 0...4)).map { _ in rng.int(in: 0...4) }
        var calls: [UpdateCall] = []
        // Sections.
        var deleted: [Int] = [], reloaded: [Int] = [], movedFrom: [Int] = []
        for section in before.indices {
            switch rng.below(20) {
            case 0, 1, 2: deleted.append(section)
            case 3, 4: reloaded.append(section)
            case 5, 6, 7: movedFrom.append(section)
            default: break
            }
        }
        let insertedCount = rng.chance(1, in: 3) ? rng.int(in: 1...2) : 0
        let newCount = before.count - deleted.count + insertedCount
        let places = distinct(insertedCount + movedFrom.count, below: newCount)
        let inserted = Array(places.prefix(insertedCount))
        let movedTo = Array(places.dropFirst(insertedCount))
        calls += deleted.map(UpdateCall.deleteSection) + reloaded.map(UpdateCall.reloadSection) + inserted.map(UpdateCall.insertSection)
        calls += zip(movedFrom, movedTo).map(UpdateCall.moveSection)
        var sectionBatch = BatchUpdate()
        for call in calls { call.record(in: &sectionBatch) }
        let order = UpdateReference(counts: before).sectionOrder(sectionBatch, sectionCount: before.count)

        // Items, in sections that survive and are not reloaded.
        var after = [Int](repeating: 0, count: newCount)
        let survivors = order.indices.filter { order[$0] != nil && !reloaded.contains(order[$0]!) }
        var arrivals = [Int: [ItemPath?]]()   // new section → sources (nil: an insert)
        for new in survivors {
            let old = order[new]!
            for item in 0..<before[old] {
                let path = ItemPath(section: old, item: item)
                switch rng.below(25) {
                case 0, 1, 2: calls.append(.deleteItem(path))
                case 3, 4: calls.append(.reloadItem(path))
                case 5, 6: calls.append(.reconfigureItem(path))
                case 7, 8, 9: arrivals[survivors[rng.below(survivors.count)], default: []].append(path)
                default: break
                }
            }
            for _ in 0..<(rng.chance(1, in: 2) ? rng.int(in: 1...2) : 0) { arrivals[new, default: []].append(nil) }
        }
        for new in after.indices {
            guard let old = order[new], !reloaded.contains(old) else {
                after[new] = rng.int(in: 0...4)
                continue
            }
            let removed = calls.count {
                switch $0 {
                case .deleteItem(let p): p.section == old
                default: false
                }
            } + arrivals.values.joined().count { $0?.section == old }
            after[new] = before[old] - removed + (arrivals[new]?.count ?? 0)
        }
        for (new, sources) in arrivals {
            for (source, place) in zip(sources, distinct(sources.count, below: after[new])) {
                let to = ItemPath(section: new, item: place)
                calls.append(source.map { .moveItem($0, to) } ?? .insertItem(to))
            }
        }
        var scenario = UpdateScenario(before: before, after: after, calls: calls)
        if rng.chance(1, in: 3) { breakOne(&scenario) }
        rng.shuffle(&scenario.calls)
        return scenario
    }

    /// Adds one fault (which sometimes happens to leave the batch valid: the reference says).
    mutating func breakOne(_ scenario: inout UpdateScenario) {
        let before = scenario.before, after = scenario.after
        func anyPath(_ counts: [Int]) -> ItemPath {
            let section = counts.isEmpty ? 0 : rng.below(counts.count)
            let count = counts.isEmpty ? 0 : counts[section]
            return ItemPath(section: section, item: count == 0 ? 0 : rng.below(count))
        }
        func nearIndex(_ count: Int) -> Int { [-1, count, count + 1, count == 0 ? 0 : rng.below(count)][rng.below(4)] }
        let existing = scenario.calls
        switch rng.below(12) {
        case 0:
            if !scenario.after.isEmpty { scenario.after[rng.below(after.count)] += rng.chance(1, in: 2) ? 1 : -1 }
        case 1:
            if rng.chance(1, in: 2) { scenario.after.append(rng.below(3)) } else if !after.isEmpty { scenario.after.removeLast() }
        case 2:
            if !existing.isEmpty { scenario.calls.append(existing[rng.below(existing.count)]) }   // a duplicate
        case 3:
            // Another operation on a path some call already names.
            guard let call = existing.randomElement(using: &rng) else { break }
            let path: ItemPath
            switch call {
            case .deleteItem(let p), .reloadItem(let p), .reconfigureItem(let p), .moveItem(let p, _): path = p
            case .insertItem(let p): scenario.calls.append(.moveItem(anyPath(before), p)); return
            default: return
            }
            let others: [UpdateCall] = [.deleteItem(path), .reloadItem(path), .reconfigureItem(path), .moveItem(path, anyPath(after))]
            scenario.calls.append(others[rng.below(others.count)])
        case 4:
            let section = nearIndex(before.count)
            let path = ItemPath(section: section, item: nearIndex(section >= 0 && section < before.count ? before[section] : 0))
            let calls: [UpdateCall] = [.deleteItem(path), .reloadItem(path), .reconfigureItem(path), .moveItem(path, anyPath(after))]
            scenario.calls.append(calls[rng.below(calls.count)])
        case 5:
            let section = nearIndex(after.count)
            let path = ItemPath(section: section, item: nearIndex(section >= 0 && section < after.count ? after[section] : 0))
            scenario.calls.append(rng.chance(1, in: 2) ? .insertItem(path) : .moveItem(anyPath(before), path))
        case 6:
            // An item operation in a section the batch deletes, reloads or inserts.
            for call in existing {
                switch call {
                case .deleteSection(let s), .reloadSection(let s):
                    if before[s] > 0 { scenario.calls.append(.deleteItem(ItemPath(section: s, item: rng.below(before[s])))) }
                    return
                case .insertSection(let s):
                    scenario.calls.append(.insertItem(ItemPath(section: s, item: after[s] == 0 ? 0 : rng.below(after[s]))))
                    return
                default: continue
                }
            }
        case 7:
            // A second section operation on a section some call already names.
            for call in existing {
                switch call {
                case .deleteSection(let s), .reloadSection(let s), .moveSection(let s, _):
                    let others: [UpdateCall] = [.deleteSection(s), .reloadSection(s), .moveSection(s, nearIndex(after.count))]
                    scenario.calls.append(others[rng.below(others.count)])
                    return
                case .insertSection(let s):
                    scenario.calls.append(rng.chance(1, in: 2) ? .insertSection(s) : .moveSection(rng.below(max(before.count, 1)), s))
                    return
                default: continue
                }
            }
        case 8:
            let calls: [UpdateCall] = [
                .deleteSection(nearIndex(before.count)), .reloadSection(nearIndex(before.count)),
                .insertSection(nearIndex(after.count)), .moveSection(nearIndex(before.count), nearIndex(after.count)),
            ]
            scenario.calls.append(calls[rng.below(calls.count)])
        case 9:
            if !scenario.before.isEmpty, rng.chance(1, in: 2) {
                scenario.before[rng.below(before.count)] = -1
            } else if !after.isEmpty {
                scenario.after[rng.below(after.count)] = -1
            }
        case 10:
            // A plausible single item operation with the counts left alone.
            let calls: [UpdateCall] = [.deleteItem(anyPath(before)), .insertItem(anyPath(after)), .moveItem(anyPath(before), anyPath(after))]
            scenario.calls.append(calls[rng.below(calls.count)])
        default:
            // A move into, or out of, a changed section.
            scenario.calls.append(.moveItem(anyPath(before), anyPath(after)))
        }
    }
}

/// The extents a world's items are built with: distinct per item, so extents identify items.
struct UpdateLayoutWorld {
    var specs: [ListLayout.Section]

    init(counts: [Int], rng: inout SplitMix64) {
        var nextID = 0
        specs = counts.enumerated().map { section, count in
            defer { nextID += count }
            return UpdateLayoutWorld.spec(kind: rng.below(6), count: count, header: Double(1_000 + section), firstExtent: Double(nextID + 1), estimate: Double(500 + section), collapsed: rng.chance(1, in: 6))
        }
    }

    static func spec(kind: Int, count: Int, header: Double, firstExtent: Double, estimate: Double, collapsed: Bool) -> ListLayout.Section {
        switch kind {
        case 0: .init(itemCount: count, itemExtent: .estimated(estimate), header: header, isCollapsed: collapsed)
        case 1: .init(itemCount: count, itemExtent: .uniform(estimate), header: header, footer: 1, isCollapsed: collapsed)
        default: .init(itemExtents: (0..<count).map { firstExtent + Double($0) }, estimate: estimate, header: header, isCollapsed: collapsed)
        }
    }

    /// The description of section `new` after the update, a pure function of its index.
    static func newSection(_ new: Int, count: Int) -> ListLayout.Section {
        spec(kind: new % 3, count: count, header: Double(2_000 + new), firstExtent: Double(10_000 + 100 * new), estimate: Double(700 + new), collapsed: new % 4 == 1)
    }
}

@Suite struct BatchUpdateDifferentialTests {
    /// Set `LISTKERNEL_TRACE_UPDATES=1` to print every scenario before it runs: a kernel
    /// precondition (a trap, not an issue) then has its reproducer just above it.
    static let trace = ProcessInfo.processInfo.environment["LISTKERNEL_TRACE_UPDATES"] != nil

    /// Runs `count` random scenarios: the kernel must accept exactly what the reference
    /// accepts, map every section and item as the reference does, and apply to a layout
    /// whose items carry their extents.
    func run(seed: UInt64, count: Int) {
        var generator = UpdateScenarioGenerator(rng: SplitMix64(seed: seed))
        var layoutRng = SplitMix64(seed: seed ^ 0x5EED)
        var accepted = 0
        for index in 0..<count {
            let scenario = generator.next()
            let batch = scenario.batch
            let reproducer = "seed \(seed) scenario \(index):\n\(scenario)"
            if Self.trace { print(reproducer) }
            let reference = UpdateReference(counts: scenario.before.map { max($0, 0) })
            let rejection = reference.rejection(of: batch, before: scenario.before, after: scenario.after)
            let result = Result { () throws(UpdateError) in try batch.validated(itemCountsBefore: scenario.before, itemCountsAfter: scenario.after) }

            // The order of calls never changes the answer, errors included.
            var reversed = scenario
            reversed.calls.reverse()
            let reversedResult = Result { () throws(UpdateError) in try reversed.batch.validated(itemCountsBefore: scenario.before, itemCountsAfter: scenario.after) }
            guard result == reversedResult else {
                Issue.record("\(reproducer)\nreversing the calls changed the result: \(result) / \(reversedResult)")
                return
            }

            switch (result, rejection) {
            case (.success, let reason?):
                Issue.record("\(reproducer)\nkernel accepted; reference rejects: \(reason)")
                return
            case (.failure(let error), nil):
                Issue.record("\(reproducer)\nkernel rejected (\(error)); reference accepts")
                return
            case (.failure, _?):
                continue
            case (.success(let update), nil):
                accepted += 1
                let after = reference.apply(batch, after: scenario.after)
                if let problem = mappingDisagreement(update, reference, after) {
                    Issue.record("\(reproducer)\n\(problem)")
                    return
                }
                if let problem = layoutDisagreement(update, scenario, reference, after, rng: &layoutRng) {
                    Issue.record("\(reproducer)\n\(problem)")
                    return
                }
            }
        }
        // The generator is meant to exercise both sides; say so if it stops doing that.
        #expect(accepted > count / 3 && accepted < count * 9 / 10, "seed \(seed): \(accepted) of \(count) accepted")
    }

    func mappingDisagreement(_ update: ValidatedUpdate, _ reference: UpdateReference, _ after: UpdateReference.After) -> String? {
        let before = reference.world.map(\.count)
        for section in -1...before.count {
            let expected = reference.fate(ofOldSection: section, after)
            if update.fate(ofOldSection: section) != expected { return "fate of old section \(section): \(String(describing: update.fate(ofOldSection: section))), expected \(String(describing: expected))" }
            if update.newSection(forOld: section) != expected?.newIndex { return "newSection(forOld: \(section))" }
            let header = update.newElement(forOld: .header(section: section))
            switch expected {
            case .unchanged(let new)?, .moved(let new)?: if header != .header(section: new) { return "header of old section \(section)" }
            default: if header != nil { return "header of old section \(section) should be gone" }
            }
            let count = section >= 0 && section < before.count ? before[section] : 1
            for item in -1...count {
                let path = ItemPath(section: section, item: item)
                let fate = reference.fate(ofOld: path, after)
                if update.fate(ofOld: path) != fate { return "fate of old \(path): \(String(describing: update.fate(ofOld: path))), expected \(String(describing: fate))" }
                if update.newPath(forOld: path) != fate?.newPath { return "newPath(forOld: \(path))" }
                if update.newElement(forOld: .item(path)) != fate?.newPath.map(ListElement.item) { return "newElement(forOld: \(path))" }
            }
        }
        for section in -1...after.sections.count {
            let expected = reference.origin(ofNewSection: section, after)
            if update.origin(ofNewSection: section) != expected { return "origin of new section \(section): \(String(describing: update.origin(ofNewSection: section))), expected \(String(describing: expected))" }
            if update.oldSection(forNew: section) != expected?.oldIndex { return "oldSection(forNew: \(section))" }
            let footer = update.oldElement(forNew: .footer(section: section))
            switch expected {
            case .unchanged(let old)?, .moved(from: let old)?: if footer != .footer(section: old) { return "footer of new section \(section)" }
            default: if footer != nil { return "footer of new section \(section) should be new" }
            }
            let count = section >= 0 && section < after.sections.count ? after.sections[section].count : 1
            for item in -1...count {
                let path = ItemPath(section: section, item: item)
                let origin = reference.origin(ofNew: path, after)
                if update.origin(ofNew: path) != origin { return "origin of new \(path): \(String(describing: update.origin(ofNew: path))), expected \(String(describing: origin))" }
                if update.oldPath(forNew: path) != origin?.oldPath { return "oldPath(forNew: \(path))" }
            }
        }
        return nil
    }

    func layoutDisagreement(
        _ update: ValidatedUpdate, _ scenario: UpdateScenario, _ reference: UpdateReference,
        _ after: UpdateReference.After, rng: inout SplitMix64
    ) -> String? {
        let world = UpdateLayoutWorld(counts: scenario.before, rng: &rng)
        guard var layout = try? ListLayout(sections: world.specs) else { return "world layout rejected" }
        let beforeModel = ReferenceLayout(sections: world.specs)
        var described: [Int] = []
        do {
            try update.apply(to: &layout) { new in
                described.append(new)
                return UpdateLayoutWorld.newSection(new, count: scenario.after[new])
            }
        } catch {
            return "apply threw \(error)"
        }
        let fresh = after.sectionOrigin.indices.filter { after.sectionOrigin[$0].map(after.reloadedSections.contains) ?? true }
        if described.sorted() != fresh || Set(described).count != described.count { return "described sections \(described), expected \(fresh) once each" }
        guard layout.sectionCount == after.sections.count else { return "layout has \(layout.sectionCount) sections" }
        let ids = Dictionary(uniqueKeysWithValues: reference.world.enumerated().flatMap { section, items in
            items.enumerated().map { ($1, beforeModel.sections[section].items[$0]) }
        })
        for (new, items) in after.sections.enumerated() {
            let expectedSection: ReferenceLayout.Section
            var expectedItems: [(units: Int64, isMeasured: Bool)]
            if let old = after.sectionOrigin[new], !after.reloadedSections.contains(old) {
                expectedSection = beforeModel.sections[old]
                let fallback = (units: expectedSection.defaultUnits, isMeasured: expectedSection.defaultIsMeasured)
                expectedItems = items.enumerated().map { index, id in
                    guard let item = ids[id] else { return fallback }   // inserted
                    let moved = after.movedTo.contains(ItemPath(section: new, item: index))
                    return moved && !item.isMeasured ? fallback : (item.units, item.isMeasured)
                }
            } else {
                expectedSection = ReferenceLayout(sections: [UpdateLayoutWorld.newSection(new, count: scenario.after[new])]).sections[0]
                expectedItems = expectedSection.items.map { ($0.units, $0.isMeasured) }
            }
            let header = layout.headerExtent(section: new)
            if header != expectedSection.header.map(FixedPoint.points) { return "header of section \(new): \(String(describing: header))" }
            if (layout.isCollapsed(section: new)) != expectedSection.isCollapsed { return "collapsed flag of section \(new)" }
            guard (layout.itemCount(inSection: new)) == expectedItems.count else { return "item count of section \(new)" }
            for (index, item) in expectedItems.enumerated() {
                let path = ItemPath(section: new, item: index)
                let extent = layout.itemExtent(at: path), measured = layout.isMeasured(path)
                if extent != FixedPoint.points(item.units) || measured != item.isMeasured {
                    return "item \(path): extent \(String(describing: extent)) measured \(String(describing: measured)), expected \(FixedPoint.points(item.units)) \(item.isMeasured)\nsteps: \(update.layoutSteps)"
                }
            }
        }
        layout._checkInvariantsNow()
        return nil
    }

    @Test(arguments: [UInt64(1), 2, 3, 0xDEC0DE])
    func randomBatchesAgreeWithTheReferenceModel(seed: UInt64) {
        run(seed: seed, count: 3_000)
    }
}

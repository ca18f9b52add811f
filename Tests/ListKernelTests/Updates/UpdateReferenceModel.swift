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

/// A naive model of UIKit's batch-update semantics over a plain world of item ids, slow and
/// obvious on purpose: it decides validity with counting dictionaries, then applies the
/// batch step by step (mark before-space deletions and move sources, remove them, then put
/// after-space insertions and move destinations in, ascending).
///
/// Sections are identified by their index before the update; items by a unique id.
struct UpdateReference {
    /// The outcome of an accepted batch.
    struct After {
        /// Item ids of every section after the update (new ids for inserted items and for
        /// the items of inserted or reloaded sections).
        var sections: [[Int]]
        /// For every section after the update, the section it was before (`nil`: inserted).
        var sectionOrigin: [Int?]
        var reloadedSections: Set<Int>
        var movedSections: Set<Int>
        /// Old paths named by item operations.
        var reloadedItems: Set<ItemPath>
        var reconfiguredItems: Set<ItemPath>
        var movedFrom: Set<ItemPath>
        var movedTo: Set<ItemPath>
    }

    /// The world before: item ids of every section.
    let world: [[Int]]
    /// The first id not used by `world`.
    let firstNewID: Int

    init(counts: [Int]) {
        var next = 0
        var world: [[Int]] = []
        for count in counts {
            world.append(Array(next..<(next + count)))
            next += count
        }
        self.world = world
        firstNewID = next
    }

    /// Why `batch` is invalid with the `after` counts, or `nil` when it is valid.
    func rejection(of batch: BatchUpdate, before: [Int], after: [Int]) -> String? {
        if before.contains(where: { $0 < 0 }) || after.contains(where: { $0 < 0 }) { return "a negative count" }
        let nb = before.count, na = after.count
        let beforeSectionOps = batch.deletedSections + batch.reloadedSections + batch.movedSections.map(\.from)
        let afterSectionOps = batch.insertedSections + batch.movedSections.map(\.to)
        if let bad = beforeSectionOps.first(where: { $0 < 0 || $0 >= nb }) { return "old section \(bad) out of range" }
        if let bad = afterSectionOps.first(where: { $0 < 0 || $0 >= na }) { return "new section \(bad) out of range" }
        if let twice = Dictionary(grouping: beforeSectionOps, by: { $0 }).first(where: { $0.value.count > 1 }) {
            return "two operations on old section \(twice.key)"
        }
        if let twice = Dictionary(grouping: afterSectionOps, by: { $0 }).first(where: { $0.value.count > 1 }) {
            return "two operations on new section \(twice.key)"
        }
        if na != nb - batch.deletedSections.count + batch.insertedSections.count { return "section count" }
        let order = sectionOrder(batch, sectionCount: nb)
        let deleted = Set(batch.deletedSections), reloaded = Set(batch.reloadedSections)

        let beforeItemOps = batch.deletedItems + batch.reloadedItems + batch.reconfiguredItems + batch.movedItems.map(\.from)
        let afterItemOps = batch.insertedItems + batch.movedItems.map(\.to)
        for path in beforeItemOps {
            if path.section < 0 || path.section >= nb { return "old section of \(path) out of range" }
            if path.item < 0 || path.item >= before[path.section] { return "old item \(path) out of range" }
        }
        for path in afterItemOps {
            if path.section < 0 || path.section >= na { return "new section of \(path) out of range" }
            if path.item < 0 || path.item >= after[path.section] { return "new item \(path) out of range" }
        }
        for path in beforeItemOps where deleted.contains(path.section) || reloaded.contains(path.section) {
            return "\(path) is in a deleted or reloaded section"
        }
        for path in afterItemOps {
            guard let old = order[path.section] else { return "\(path) is in an inserted section" }
            if reloaded.contains(old) { return "\(path) is in a reloaded section" }
        }
        if let twice = Dictionary(grouping: beforeItemOps, by: { $0 }).first(where: { $0.value.count > 1 }) {
            return "two operations on old path \(twice.key)"
        }
        if let twice = Dictionary(grouping: afterItemOps, by: { $0 }).first(where: { $0.value.count > 1 }) {
            return "two operations on new path \(twice.key)"
        }
        for (new, old) in order.enumerated() {
            guard let old, !reloaded.contains(old) else { continue }
            let expected = before[old]
                - batch.deletedItems.count { $0.section == old }
                - batch.movedItems.count { $0.from.section == old }
                + batch.insertedItems.count { $0.section == new }
                + batch.movedItems.count { $0.to.section == new }
            if after[new] != expected { return "section \(new) reports \(after[new]), expected \(expected)" }
        }
        return nil
    }

    /// For every section after the update, the section it was before (`nil`: inserted):
    /// remove deleted and moved sections, then put inserted and moved ones in, ascending.
    func sectionOrder(_ batch: BatchUpdate, sectionCount: Int) -> [Int?] {
        let gone = Set(batch.deletedSections + batch.movedSections.map(\.from))
        var order: [Int?] = (0..<sectionCount).filter { !gone.contains($0) }
        let arrivals = batch.insertedSections.map { ($0, Int?.none) } + batch.movedSections.map { ($0.to, Int?.some($0.from)) }
        for (index, old) in arrivals.sorted(by: { $0.0 < $1.0 }) { order.insert(old, at: index) }
        return order
    }

    /// Applies a batch `rejection(of:)` accepted.
    func apply(_ batch: BatchUpdate, after: [Int]) -> After {
        let order = sectionOrder(batch, sectionCount: world.count)
        let reloaded = Set(batch.reloadedSections)
        var nextID = firstNewID
        var sections: [[Int]] = []
        for (new, old) in order.enumerated() {
            guard let old, !reloaded.contains(old) else {
                sections.append(Array(nextID..<(nextID + after[new])))
                nextID += after[new]
                continue
            }
            var items = world[old]
            let gone = Set(batch.deletedItems.filter { $0.section == old }.map(\.item) + batch.movedItems.filter { $0.from.section == old }.map(\.from.item))
            for index in gone.sorted(by: >) { items.remove(at: index) }
            var arrivals: [(Int, Int)] = []
            for path in batch.insertedItems where path.section == new {
                arrivals.append((path.item, nextID))
                nextID += 1
            }
            for move in batch.movedItems where move.to.section == new {
                arrivals.append((move.to.item, world[move.from.section][move.from.item]))
            }
            for (index, id) in arrivals.sorted(by: { $0.0 < $1.0 }) { items.insert(id, at: index) }
            sections.append(items)
        }
        return After(
            sections: sections, sectionOrigin: order, reloadedSections: reloaded,
            movedSections: Set(batch.movedSections.map(\.from)),
            reloadedItems: Set(batch.reloadedItems), reconfiguredItems: Set(batch.reconfiguredItems),
            movedFrom: Set(batch.movedItems.map(\.from)), movedTo: Set(batch.movedItems.map(\.to))
        )
    }

    // MARK: Answers, from ids

    func fate(ofOldSection section: Int, _ after: After) -> SectionFate? {
        guard section >= 0, section < world.count else { return nil }
        guard let new = after.sectionOrigin.firstIndex(of: section) else { return .deleted }
        if after.movedSections.contains(section) { return .moved(new) }
        return after.reloadedSections.contains(section) ? .reloaded(new) : .unchanged(new)
    }

    func origin(ofNewSection section: Int, _ after: After) -> SectionOrigin? {
        guard section >= 0, section < after.sections.count else { return nil }
        guard let old = after.sectionOrigin[section] else { return .inserted }
        if after.movedSections.contains(old) { return .moved(from: old) }
        return after.reloadedSections.contains(old) ? .reloaded(old) : .unchanged(old)
    }

    func fate(ofOld path: ItemPath, _ after: After) -> ItemFate? {
        guard let sectionFate = fate(ofOldSection: path.section, after), path.item >= 0, path.item < world[path.section].count else { return nil }
        if case .reloaded(let new) = sectionFate { return .sectionReloaded(newSection: new) }
        let id = world[path.section][path.item]
        guard let new = newPath(of: id, after) else { return .deleted }
        if after.movedFrom.contains(path) { return .moved(new) }
        if after.reloadedItems.contains(path) { return .reloaded(new) }
        return after.reconfiguredItems.contains(path) ? .reconfigured(new) : .unchanged(new)
    }

    func origin(ofNew path: ItemPath, _ after: After) -> ItemOrigin? {
        guard let sectionOrigin = origin(ofNewSection: path.section, after), path.item >= 0, path.item < after.sections[path.section].count else {
            return nil
        }
        if case .reloaded(let old) = sectionOrigin { return .sectionReloaded(oldSection: old) }
        let id = after.sections[path.section][path.item]
        guard let old = oldPath(of: id) else { return .inserted }
        if after.movedTo.contains(path) { return .moved(from: old) }
        if after.reloadedItems.contains(old) { return .reloaded(old) }
        return after.reconfiguredItems.contains(old) ? .reconfigured(old) : .unchanged(old)
    }

    func oldPath(of id: Int) -> ItemPath? {
        for (section, items) in world.enumerated() {
            if let item = items.firstIndex(of: id) { return ItemPath(section: section, item: item) }
        }
        return nil
    }

    func newPath(of id: Int, _ after: After) -> ItemPath? {
        for (section, items) in after.sections.enumerated() {
            if let item = items.firstIndex(of: id) { return ItemPath(section: section, item: item) }
        }
        return nil
    }
}

@testable import ListKernel
import ListKernelTesting

// Shared helpers of the data source tests: snapshots written as literals, random snapshot
// pairs with marks, an identity oracle for converted batches, and a harness that drives a
// diffable data source over recording views.

typealias Snap = ListSnapshot<Int, Int>

/// Shorthand for item paths.
func ip(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// A snapshot of `(section id, item ids)` pairs, in order.
func snap(_ sections: [(Int, [Int])]) throws -> Snap {
    try Snap(sections: sections.map { DiffSection(id: $0.0, items: $0.1) })
}

/// A random (old, new) snapshot pair from `randomSectionedPair`: items whose version changed
/// are marked for reload or reconfigure, and so are some other items and sections that are
/// in both.
func randomSnapshotPair(_ random: inout SplitMix64) throws -> (old: Snap, new: Snap) {
    let pair = randomSectionedPair(&random)
    let old = try Snap(sections: pair.old.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) })
    var new = try Snap(sections: pair.new.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) })
    var oldVersion: [Int: Int] = [:]
    for section in pair.old { for item in section.items { oldVersion[item.id] = item.version } }
    for section in pair.new {
        for item in section.items {
            let changed = oldVersion[item.id].map { $0 != item.version } ?? false
            guard changed || random.chance(1, in: 6) else { continue }
            if random.chance(1, in: 2) { try new.reloadItems([item.id]) } else { try new.reconfigureItems([item.id]) }
        }
        if random.chance(1, in: 5) { try new.reloadSections([section.id]) }
    }
    return (old, new)
}

/// Everything in which the batch converted from `new.difference(from: old)` disagrees with
/// the snapshots' identities, from the definitions alone (no diff is consulted):
/// - the validator accepts it;
/// - every mapped item and section is the same identifier on both sides;
/// - an item in both snapshots is mapped unless it is replaced by a rule (its section is
///   deleted, inserted or reload-marked, or it is marked and moved);
/// - marked items are reloaded or reconfigured as marked, unmarked ones never;
/// - each item reconfigured after a move is reconfigure-marked and moved there.
func conversionProblems(old: Snap, new: Snap, conversion: BatchUpdate.DiffConversion) -> [String] {
    let oldSections = old.sections
    let newSections = new.sections
    let update: ValidatedUpdate
    do {
        update = try conversion.batch.validated(before: oldSections.map(\.items.count), after: newSections.map(\.items.count))
    } catch {
        return ["rejected: \(error); batch \(conversion.batch)"]
    }
    var problems: [String] = []
    func replacedSection(_ id: Int) -> Bool {
        !old.containsSection(id) || !new.containsSection(id) || new.reloadedSectionIdentifiers.contains(id)
    }
    let rebound = Set(conversion.reconfiguredAfterMove)
    for (s, section) in oldSections.enumerated() {
        switch update.fate(ofOldSection: s) {
        case .unchanged(let t)?, .moved(let t)?:
            if newSections[t].id != section.id { problems.append("section \(section.id) mapped to \(newSections[t].id)") }
            if new.reloadedSectionIdentifiers.contains(section.id) { problems.append("reload-marked section \(section.id) not reloaded") }
        case .reloaded(let t)?:
            if newSections[t].id != section.id || !new.reloadedSectionIdentifiers.contains(section.id) {
                problems.append("section \(section.id) reloaded as \(newSections[t].id)")
            }
        case .deleted?:
            if new.containsSection(section.id) && !new.reloadedSectionIdentifiers.contains(section.id) {
                problems.append("surviving section \(section.id) deleted")
            }
        case nil:
            problems.append("no fate for section \(s)")
        }
        for (i, id) in section.items.enumerated() {
            guard let fate = update.fate(ofOld: ip(s, i)) else {
                problems.append("no fate for item \(id) at \(ip(s, i))")
                continue
            }
            let reload = new.reloadedItemIdentifiers.contains(id)
            let reconfigure = !reload && new.reconfiguredItemIdentifiers.contains(id)
            guard let to = fate.newPath else {
                let newSection = new.sectionIdentifier(containingItem: id)
                let explained = newSection == nil || replacedSection(section.id) || replacedSection(newSection!)
                    || ((reload || reconfigure) && new.itemPath(of: id) != ip(s, i))
                if !explained { problems.append("item \(id) at \(ip(s, i)) lost: \(fate)") }
                continue
            }
            if newSections[to.section].items[to.item] != id {
                problems.append("item \(id) at \(ip(s, i)) mapped to \(to), which holds \(newSections[to.section].items[to.item])")
            }
            switch fate {
            case .reloaded where !reload, .reconfigured where !reconfigure:
                problems.append("unmarked or differently marked item \(id) is \(fate)")
            case .unchanged where reload || reconfigure:
                problems.append("marked item \(id) is \(fate)")
            case .moved where reload || (reconfigure && !rebound.contains(to)):
                problems.append("marked item \(id) is \(fate)")
            default:
                break
            }
        }
    }
    for (t, section) in newSections.enumerated() {
        for (j, id) in section.items.enumerated() {
            if let from = update.oldPath(forNew: ip(t, j)), oldSections[from.section].items[from.item] != id {
                problems.append("new item \(id) at \(ip(t, j)) comes from \(from), which held \(oldSections[from.section].items[from.item])")
            }
        }
    }
    for path in conversion.reconfiguredAfterMove {
        let id = newSections[path.section].items[path.item]
        if !new.reconfiguredItemIdentifiers.contains(id) { problems.append("item \(id) reconfigured after a move, unmarked") }
        guard let from = update.oldPath(forNew: path), update.fate(ofOld: from) == .moved(path) else {
            problems.append("item \(id) reconfigured after a move did not move to \(path)")
            continue
        }
    }
    return problems
}

import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
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
        update = try conversion.batch.validated(itemCountsBefore: oldSections.map(\.items.count), itemCountsAfter: newSections.map(\.items.count))
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

/// What the views of a `DiffableHarness` must show, and what its callbacks saw.
final class DiffableModel {
    /// Content versions of items and sections: bumping one (with a mark) changes what the
    /// views show.
    var itemVersions: [Int: Int] = [:]
    var sectionVersions: [Int: Int] = [:]
    /// Configure calls, items and supplementary views together.
    var configureCount = 0
    /// What each header view captured when it was last configured (a tap handler's state):
    /// its section's identifier and its section index at that time.
    var headerCaptures: [ObjectIdentifier: (id: Int, index: Int)] = [:]
    /// Called from `sectionMetrics` (to look at the data source during an apply).
    var onMetrics: ((Int) -> Void)?
    /// Reuse identifiers to hand out instead of the registered ones, by item identifier.
    var bogusIdentifierForItem: Int?

    func itemContent(_ id: Int) -> String { "item \(id) v\(itemVersions[id, default: 0])" }
    func supplementaryContent(_ kind: ElementKind, _ section: Int) -> String { "\(kind) \(section) v\(sectionVersions[section, default: 0])" }
}

/// A list of recording views fed by a `ListDiffableDataSource<Int, Int, RecordingView>`:
/// items show `item <id> v<version>`, headers and footers `<kind> <section id> v<version>`.
final class DiffableHarness {
    let model = DiffableModel()
    let list: VirtualList<RecordingView>
    let dataSource: ListDiffableDataSource<Int, Int, RecordingView>

    /// Metrics by section identifier: header 30, footer 10, items 44 (uniform).
    static func standardMetrics(_ section: Int) -> SectionMetrics {
        SectionMetrics(header: 30, footer: 10, itemExtent: .uniform(44))
    }

    init(style: ListStyle = .plain, metrics: @escaping (Int) -> SectionMetrics = DiffableHarness.standardMetrics) {
        let list = VirtualList<RecordingView>(style: style)
        for kind in [ElementKind.item, .header, .footer] {
            try! list.register(kind: kind, reuseIdentifier: kind.name) { RecordingView(kind: kind, reuseIdentifier: kind.name) }
        }
        let model = self.model
        final class Box { weak var dataSource: ListDiffableDataSource<Int, Int, RecordingView>? }
        let box = Box()
        dataSource = ListDiffableDataSource(
            list: list,
            configure: { view, id, _, binding in
                model.configureCount += 1
                view.content = model.itemContent(id)
                view.binding = binding
            },
            configureSupplementary: { view, element, section in
                model.configureCount += 1
                view.content = model.supplementaryContent(element.kind, section)
                if element.kind == .header { model.headerCaptures[ObjectIdentifier(view)] = (section, element.section) }
            },
            reuseIdentifier: { element in
                if let bogus = model.bogusIdentifierForItem, case .item(let path) = element,
                   box.dataSource?.itemIdentifier(for: path) == bogus {
                    return "unregistered"
                }
                return element.kind.name
            },
            sectionMetrics: { section in
                model.onMetrics?(section)
                return metrics(section)
            }
        )
        box.dataSource = dataSource
        self.list = list
    }

    /// The view showing item `id`, if displayed.
    func view(ofItem id: Int) -> RecordingView? {
        dataSource.itemPath(for: id).flatMap { list.view(for: .item($0)) }
    }

    /// The displayed elements with their views' identities.
    var displayedViews: [ListElement: ObjectIdentifier] {
        Dictionary(uniqueKeysWithValues: list.displayed.map { ($0.element, ObjectIdentifier($0.view)) })
    }

    /// Everything wrong with what the list displays: each view shows the content of the
    /// identifier now at its element (from the data source's snapshot and the model), has a
    /// current binding (items), is `displayed` in the pool, appears once and is of its
    /// element's kind.
    func problems() -> [String] {
        var problems: [String] = []
        var seen = Set<ObjectIdentifier>()
        var previous: ListElement?
        for shown in list.displayed {
            if let previous, !(previous < shown.element) { problems.append("displayed out of order at \(shown.element)") }
            previous = shown.element
            if !seen.insert(ObjectIdentifier(shown.view)).inserted { problems.append("\(shown.view) displayed twice") }
            let expected: String
            switch shown.element {
            case .item(let path):
                guard let id = dataSource.itemIdentifier(for: path) else {
                    problems.append("\(shown.element) displayed, but the snapshot has no such item")
                    continue
                }
                expected = model.itemContent(id)
                if shown.view.binding != shown.binding || !list.isCurrent(shown.binding) {
                    problems.append("\(shown.view) showing \(shown.element) has a stale binding")
                }
            case .header(let section), .footer(let section):
                guard let id = dataSource.sectionIdentifier(for: section) else {
                    problems.append("\(shown.element) displayed, but the snapshot has no such section")
                    continue
                }
                expected = model.supplementaryContent(shown.element.kind, id)
            }
            if shown.view.content != expected {
                problems.append("\(shown.view) at \(shown.element) shows '\(shown.view.content ?? "nothing")', expected '\(expected)'")
            }
            if list.pool.state(of: shown.view) != .displayed { problems.append("\(shown.view) is \(String(describing: list.pool.state(of: shown.view))) in the pool") }
            if shown.view.kind != shown.element.kind { problems.append("\(shown.view) of kind \(shown.view.kind) shows \(shown.element)") }
        }
        return problems
    }
}

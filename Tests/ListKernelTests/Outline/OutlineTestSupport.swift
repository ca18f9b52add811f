import Testing
@_spi(ListKernelTesting) import ListKernel
@testable import ListKernelOutline
import ListKernelTesting

/// One random outline operation, printable as a line of Swift for a reproducer.
enum OutlineOp: CustomStringConvertible {
    case expand(Int, recursive: Bool)
    case collapse(Int, recursive: Bool)
    case expandAll
    case collapseAll
    case insert([OutlineItem<Int>], parent: Int?, section: Int, index: Int)
    case delete(Int)
    case move(Int, parent: Int?, section: Int, index: Int)
    case answer(UInt64, [OutlineItem<Int>])
    case fail(UInt64)
    case reload(Int)
    case measure(Int, Double)

    static func items(_ items: [OutlineItem<Int>]) -> String {
        "[" + items.map { item in
            var text = "OutlineItem(\(item.id), depth: \(item.depth)"
            if item.children != .none { text += ", children: .\(item.children)" }
            if item.isExpanded { text += ", isExpanded: true" }
            if let extent = item.extent { text += ", extent: \(extent)" }
            return text + ")"
        }.joined(separator: ", ") + "]"
    }

    var description: String {
        switch self {
        case .expand(let id, let r): "_ = outline.expand(\(id)\(r ? ", recursive: true" : ""))"
        case .collapse(let id, let r): "_ = outline.collapse(\(id)\(r ? ", recursive: true" : ""))"
        case .expandAll: "_ = outline.expandAll()"
        case .collapseAll: "_ = outline.collapseAll()"
        case .insert(let items, let parent, let section, let index):
            "_ = outline.insert(\(Self.items(items)), under: \(parent.map(String.init) ?? "nil"), inSection: \(section), at: \(index))"
        case .delete(let id): "_ = outline.delete(\(id))"
        case .move(let id, let parent, let section, let index):
            "_ = outline.move(\(id), under: \(parent.map(String.init) ?? "nil"), inSection: \(section), to: \(index))"
        case .answer(let serial, let items): "_ = outline.answer(OutlineLoadToken(serial: \(serial)), with: \(Self.items(items)))"
        case .fail(let serial): "_ = outline.failLoad(OutlineLoadToken(serial: \(serial)))"
        case .reload(let id): "_ = outline.reloadChildren(of: \(id))"
        case .measure(let id, let extent): "_ = outline.setMeasuredExtent(\(extent), for: \(id))"
        }
    }

    func apply(to outline: inout Outline<Int>) -> OutlineUpdate<Int> {
        switch self {
        case .expand(let id, let r): outline.expand(id, recursive: r)
        case .collapse(let id, let r): outline.collapse(id, recursive: r)
        case .expandAll: outline.expandAll()
        case .collapseAll: outline.collapseAll()
        case .insert(let items, let parent, let section, let index): outline.insert(items, under: parent, inSection: section, at: index)
        case .delete(let id): outline.delete(id)
        case .move(let id, let parent, let section, let index): outline.move(id, under: parent, inSection: section, to: index)
        case .answer(let serial, let items): outline.answer(OutlineLoadToken(serial: serial), with: items)
        case .fail(let serial): outline.failLoad(OutlineLoadToken(serial: serial))
        case .reload(let id): outline.reloadChildren(of: id)
        case .measure(let id, let extent): outline.setMeasuredExtent(extent, for: id)
        }
    }
}

/// The kernel and the reference, driven in lockstep; `problem` names the first disagreement.
struct OutlinePair {
    var outline: Outline<Int>
    var reference: ReferenceOutline<Int>
    /// Kernel serial → reference serial, matched by node when issued.
    var serials: [UInt64: UInt64] = [:]
    var log: [OutlineOp] = []
    /// The kernel's update for the last operation.
    var lastUpdate = OutlineUpdate<Int>(status: .noChange)

    init(sections: Int) {
        outline = try! Outline<Int>(sectionCount: sections, estimatedExtent: 44, placeholderExtent: 20)
        reference = ReferenceOutline<Int>(sectionCount: sections, estimatedUnits: 44 * 256, placeholderUnits: 20 * 256)
    }

    typealias Rows = [[ReferenceOutline<Int>.Row]]

    func kernelRows() -> Rows {
        (0..<outline.sectionCount).map { section in
            var rows: [ReferenceOutline<Int>.Row] = []
            outline.forEachRow(inSection: section, from: 0) { _, _, extent, configuration in
                rows.append(.init(configuration: configuration, units: Int32(extent * 256)))
                return true
            }
            return rows
        }
    }

    func referenceRows() -> Rows { (0..<reference.top.count).map { reference.rows(inSection: $0) } }

    /// Applies `op` to both and returns the first disagreement, if any.
    mutating func apply(_ op: OutlineOp) -> String? {
        log.append(op)
        let before = referenceRows()
        let update = op.apply(to: &outline)
        lastUpdate = update
        let step: ReferenceOutline<Int>.Step
        switch op {
        case .expand(let id, let r): step = reference.expand(id, recursive: r)
        case .collapse(let id, let r): step = reference.collapse(id, recursive: r)
        case .expandAll: step = reference.expandAll()
        case .collapseAll: step = reference.collapseAll()
        case .insert(let items, let parent, let section, let index): step = reference.insert(items, under: parent, inSection: section, at: index)
        case .delete(let id): step = reference.delete(id)
        case .move(let id, let parent, let section, let index): step = reference.move(id, under: parent, inSection: section, to: index)
        case .answer(let serial, let items): step = reference.answer(serials[serial] ?? serial &+ 1_000_000, with: items)
        case .fail(let serial): step = reference.failLoad(serials[serial] ?? serial &+ 1_000_000)
        case .reload(let id): step = reference.reloadChildren(of: id)
        case .measure(let id, let extent): step = reference.setMeasuredExtent(extent, for: id)
        }
        var expectedStatus = step.status
        if case .rejectedUnknownToken = step.status, case .rejectedUnknownToken(let token) = update.status { expectedStatus = .rejectedUnknownToken(token) }
        if update.status != expectedStatus && update.status.description != expectedStatus.description { return "status \(update.status), the reference says \(step.status)" }
        let requested = Dictionary(uniqueKeysWithValues: update.loadRequests.map { ($0.id, $0.token.serial) })
        if Set(requested.keys) != Set(step.requested.keys) {
            return "requests for \(requested.keys.sorted()), the reference asks for \(step.requested.keys.sorted())"
        }
        for (id, serial) in requested { serials[serial] = step.requested[id]! }
        let after = referenceRows()
        let rows = kernelRows()
        if rows != after {
            for section in after.indices where rows[section] != after[section] {
                return "section \(section) rows\n  kernel    \(rows[section].map(Self.short))\n  reference \(after[section].map(Self.short))"
            }
        }
        if update.status.isRejection, !update.hasNoRowEvents || !update.loadRequests.isEmpty {
            return "a rejection (\(update.status)) has events"
        }
        if let problem = Self.replay(update, before: before, after: after) { return problem }
        return checkQueries()
    }

    static func short(_ row: ReferenceOutline<Int>.Row) -> String {
        let c = row.configuration
        let name = switch c.kind {
        case .item(let id): "\(id)"
        case .placeholder(let owner): "…\(owner)"
        }
        return "\(name)@\(c.depth)\(c.isExpandable ? (c.isExpanded ? "v" : ">") : "")\(c.loadState == .none ? "" : "\(c.loadState)".prefix(3))/\(row.units / 256)"
    }

    /// Replays the update's row events on the rows before it and checks they give the rows
    /// after it, and that exactly the rows that stay (or move) and change configuration are
    /// reconfigured.
    static func replay(_ update: OutlineUpdate<Int>, before: Rows, after: Rows) -> String? {
        var expectedReconfigured = Set<ItemPath>()
        for section in before.indices where !update.reloadedSections.contains(section) {
            var gone = Set<Int>()
            for range in update.deletedRows where range.section == section { gone.formUnion(range.rows) }
            for move in update.movedRows where move.from.section == section { gone.insert(move.from.item) }
            var added = Set<Int>()
            for range in update.insertedRows where range.section == section { added.formUnion(range.rows) }
            for move in update.movedRows where move.to.section == section { added.insert(move.to.item) }
            if let bad = gone.first(where: { $0 >= before[section].count }) { return "event names old row \(bad) of section \(section), which had \(before[section].count)" }
            if let bad = added.first(where: { $0 >= after[section].count }) { return "event names new row \(bad) of section \(section), which has \(after[section].count)" }
            let stayedBefore = before[section].indices.filter { !gone.contains($0) }
            let stayedAfter = after[section].indices.filter { !added.contains($0) }
            let kindsBefore = stayedBefore.map { before[section][$0].configuration.kind }
            let kindsAfter = stayedAfter.map { after[section][$0].configuration.kind }
            if kindsBefore != kindsAfter { return "section \(section): the rows that stay differ after replay (\(kindsBefore.count) vs \(kindsAfter.count))" }
            for (old, new) in zip(stayedBefore, stayedAfter) where before[section][old].configuration != after[section][new].configuration {
                expectedReconfigured.insert(ItemPath(section: section, item: new))
            }
        }
        for move in update.movedRows {
            let old = before[move.from.section][move.from.item]
            let new = after[move.to.section][move.to.item]
            if old.configuration.kind != new.configuration.kind { return "move \(move) carries \(old.configuration.kind) to \(new.configuration.kind)" }
            if old.configuration != new.configuration { expectedReconfigured.insert(move.to) }
        }
        let reported = Set(update.reconfiguredRows).filter { !update.reloadedSections.contains($0.section) }
        if reported != expectedReconfigured {
            return "reconfigured \(reported.sorted()), expected \(expectedReconfigured.sorted())"
        }
        return nil
    }

    /// Every mapping of every node against the reference.
    func checkQueries(sample: Int = 150) -> String? {
        for section in 0..<reference.top.count {
            let rows = reference.rows(inSection: section)
            let rowStride = max(1, rows.count / (sample * 2))
            if outline.rowCount(inSection: section) != rows.count { return "row count of section \(section)" }
            var top: Int64 = 0
            for (k, row) in rows.enumerated() {
                defer { top += Int64(row.units) }
                guard k % rowStride == 0 || k == rows.count - 1 else { continue }
                let path = ItemPath(section: section, item: k)
                if outline.configuration(ofRow: path) != row.configuration { return "configuration of row \(k) of section \(section)" }
                let isPlaceholder: Bool = if case .placeholder = row.configuration.kind { true } else { false }
                if outline.isPlaceholderRow(path) != isPlaceholder { return "placeholder flag of row \(k) of section \(section)" }
                if outline.top(ofRow: path).map({ Int64($0 * 256) }) != top { return "top of row \(k) of section \(section)" }
                if row.units > 0 {
                    let middle = Double(top) / 256 + Double(row.units) / 512
                    if outline.row(atOffset: middle, inSection: section)?.row != path { return "row at offset \(middle) of section \(section): \(String(describing: outline.row(atOffset: middle, inSection: section))), expected row \(k)" }
                    if outline.row(atOffset: Double(top) / 256, inSection: section)?.row != path { return "row at its top \(Double(top) / 256) of section \(section)" }
                }
                if case .item(let id) = row.configuration.kind, outline.row(of: id) != path { return "row of \(id)" }
            }
            if outline.row(atOffset: Double(top) / 256, inSection: section) != nil { return "a row at the end offset of section \(section)" }
            if outline.isPlaceholderRow(ItemPath(section: section, item: rows.count)) != nil { return "a placeholder flag past the rows of section \(section)" }
        }
        let all = reference.nodes.sorted()
        let stride = max(1, all.count / sample)
        for id in Swift.stride(from: 0, to: all.count, by: stride).map({ all[$0] }) {
            let parent = reference.parentOf[id]!
            let section = reference.sectionOf[id]!
            let siblings = parent.map { reference.kids[$0] ?? [] } ?? reference.top[section]
            if outline.parent(of: id) != parent { return "parent of \(id): \(String(describing: outline.parent(of: id))), expected \(String(describing: parent))" }
            if outline.depth(of: id) != reference.depth(of: id) { return "depth of \(id)" }
            if outline.indexInParent(of: id) != siblings.firstIndex(of: id) { return "index of \(id) in its parent" }
            if outline.childCount(of: id) != (reference.kids[id] ?? []).count { return "child count of \(id)" }
            if outline.descendantCount(of: id) != reference.subtree(id).count - 1 { return "descendant count of \(id)" }
            if outline.isVisible(id) != reference.isVisible(id) { return "visibility of \(id)" }
            if outline.isExpanded(id) != reference.expanded.contains(id) { return "flag of \(id)" }
            if outline.section(of: id) != section { return "section of \(id)" }
            if outline.extent(of: id).map({ Int32($0 * 256) }) != reference.units[id] { return "extent of \(id)" }
            // Visible descendants as the reference flattens the subtree with the flags.
            var shown = 0
            if reference.expanded.contains(id) {
                var stack = [id]
                while let node = stack.popLast() {
                    guard reference.expanded.contains(node) else { continue }
                    if reference.load[node] == .loading { shown += 1 }
                    for child in reference.kids[node] ?? [] {
                        shown += 1
                        stack.append(child)
                    }
                }
            }
            if outline.visibleDescendantCount(of: id) != shown { return "visible descendants of \(id): \(String(describing: outline.visibleDescendantCount(of: id))), expected \(shown)" }
            guard let path = outline.path(of: id) else { return "no path for \(id)" }
            if outline.node(at: path) != id { return "node at \(path) is not \(id)" }
            var expected: [Int] = []
            var node = id
            while true {
                let p = reference.parentOf[node]!
                let list = p.map { reference.kids[$0] ?? [] } ?? reference.top[section]
                expected.append(list.firstIndex(of: node)!)
                guard let p else { break }
                node = p
            }
            if path != OutlinePath(section: section, expected.reversed()) { return "path of \(id): \(path)" }
        }
        return nil
    }
}

/// Random operations over a small world of ids, parents, sections and pending tokens.
struct OutlineOpGenerator {
    var rng: SplitMix64
    var nextID = 1
    /// The most items one insert or answer carries.
    var maxBatch: Int

    init(seed: UInt64, maxBatch: Int = 6) {
        rng = SplitMix64(seed: seed)
        self.maxBatch = maxBatch
    }

    mutating func forest(maxCount: Int) -> [OutlineItem<Int>] {
        let count = rng.int(in: 0...maxCount)
        var items: [OutlineItem<Int>] = []
        for k in 0..<count {
            var maximum = k == 0 ? 0 : items[k - 1].depth + 1
            if k > 0, items[k - 1].children == .lazy { maximum -= 1 }
            let depth = rng.int(in: 0...maximum)
            let children: OutlineItem<Int>.Children = [.none, .none, .container, .lazy][rng.below(4)]
            items.append(OutlineItem(nextID, depth: depth, children: children, isExpanded: rng.chance(1, in: 2),
                                     extent: rng.chance(1, in: 3) ? Double(rng.int(in: 0...60)) : nil))
            nextID += 1
        }
        // Now and then a bad batch: a duplicate id, a bad depth or a bad extent.
        if !items.isEmpty && rng.chance(1, in: 12) {
            switch rng.below(3) {
            case 0: items.append(OutlineItem(items[rng.below(items.count)].id))
            case 1: items[rng.below(items.count)].depth = [-1, 5, Int.max][rng.below(3)]
            default: items[rng.below(items.count)].extent = [Double.nan, -1, .infinity, 1e300][rng.below(4)]
            }
        }
        return items
    }

    /// `count` valid items: depths that step down at most one level at a time.
    mutating func validForest(count: Int) -> [OutlineItem<Int>] {
        var items: [OutlineItem<Int>] = []
        for k in 0..<count {
            let maximum = k == 0 ? 0 : (items[k - 1].children == .lazy ? items[k - 1].depth : min(items[k - 1].depth + 1, 8))
            let children: OutlineItem<Int>.Children = [.none, .container, .container, .lazy][rng.below(4)]
            items.append(OutlineItem(nextID, depth: rng.int(in: max(0, maximum - 2)...maximum), children: children,
                                     isExpanded: rng.chance(2, in: 3), extent: Double(rng.int(in: 0...60))))
            nextID += 1
        }
        return items
    }

    mutating func next(_ pair: OutlinePair) -> OutlineOp {
        let ids = pair.reference.nodes.sorted()
        func pick() -> Int {
            if ids.isEmpty || rng.chance(1, in: 20) { return rng.chance(1, in: 2) ? nextID + 5 : max(1, nextID - 1 - rng.below(5)) }
            return ids[rng.below(ids.count)]
        }
        func parent() -> Int? { rng.chance(1, in: 3) ? nil : pick() }
        let sections = pair.reference.top.count
        func section() -> Int { rng.chance(1, in: 12) ? [sections, -1][rng.below(2)] : rng.below(sections) }
        /// Mostly a valid child index of `parent` (top level of `section`), now and then one
        /// just outside the range.
        func index(_ parent: Int?, _ section: Int) -> Int {
            let count: Int
            if let parent { count = pair.reference.kids[parent]?.count ?? 0 } else { count = section >= 0 && section < sections ? pair.reference.top[section].count : 0 }
            return rng.chance(1, in: 10) ? [-1, count + 1][rng.below(2)] : rng.int(in: 0...count)
        }
        let serials = pair.outlineSerials
        switch rng.below(100) {
        case 0..<22: return .expand(pick(), recursive: rng.chance(1, in: 8))
        case 22..<36: return .collapse(pick(), recursive: rng.chance(1, in: 8))
        case 36..<38: return rng.chance(1, in: 2) ? .expandAll : .collapseAll
        case 38..<56:
            let (p, s) = (parent(), section())
            return .insert(forest(maxCount: maxBatch), parent: p, section: s, index: index(p, s))
        case 56..<62: return .delete(pick())
        case 62..<74:
            let (p, s) = (parent(), section())
            return .move(pick(), parent: p, section: s, index: index(p, s))
        case 74..<88:
            let serial = serials.isEmpty || rng.chance(1, in: 10) ? UInt64(rng.int(in: 1...200)) : serials[rng.below(serials.count)]
            return rng.chance(1, in: 6) ? .fail(serial) : .answer(serial, forest(maxCount: max(4, maxBatch / 2)))
        case 88..<93: return .reload(pick())
        default: return .measure(pick(), [0, 10, 44, 77.5, Double.nan, -3][rng.below(6)])
        }
    }
}

extension OutlinePair {
    /// The kernel serials issued so far (pending first, then the rest), for answers.
    var outlineSerials: [UInt64] { serials.keys.sorted() }
}

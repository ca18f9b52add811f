@_spi(ListKernelTesting) import ListKernel

/// One audited outline: an `Outline` shown by a `VirtualList` through `OutlineListSource`,
/// with the adapter's views, driven in step with a `ReferenceOutline` (the oracle).
final class OutlineAuditSession<Adapter: OutlineAuditAdapter> {
    /// Serials of the views made, by identity.
    final class Ledger {
        var serials: [ObjectIdentifier: Int] = [:]
        func record(_ view: AnyObject) {
            if serials[ObjectIdentifier(view)] == nil { serials[ObjectIdentifier(view)] = serials.count }
        }
    }

    let adapter: Adapter
    let ledger = Ledger()
    let source: OutlineListSource<Int, Adapter.View>
    var reference: ReferenceOutline<Int>
    /// The outline's token for each of the reference's request serials.
    var tokenOf: [UInt64: OutlineLoadToken] = [:]
    /// The reference's serials of every request issued, in the outline's order (its tokens'):
    /// request picks index this, not the model's serials, which it numbers in the order of
    /// a dictionary walk, so differently from run to run.
    var requestOrder: [UInt64] = []
    var nextID: Int
    /// How many outline operations ended with each status (``OutlineAuditReport/statuses``).
    var statuses: [String: Int] = [:]
    static var sectionCount: Int { 2 }
    static var extent: Double { 44 }

    /// Builds the world of `seed`: per section a random forest of `nodes` nodes, depth up to 4.
    init(adapter: Adapter, seed: UInt64, nodes: Int, viewportSize: Double) throws(AuditError) {
        self.adapter = adapter
        let units = FixedPoint.elementUnits(Self.extent)!
        reference = ReferenceOutline(sectionCount: Self.sectionCount, estimatedUnits: units, placeholderUnits: units)
        var outline: Outline<Int>
        do { outline = try Outline<Int>(sectionCount: Self.sectionCount, estimatedExtent: Self.extent, placeholderExtent: Self.extent) } catch {
            throw AuditError(.setupRejected, message: "the outline could not be made: \(error)")
        }
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x51)
        var id = 1
        var mismatches: [String] = []
        var requests: [(OutlineLoadRequest<Int>, [Int: UInt64])] = []
        for section in 0..<Self.sectionCount {
            var items: [OutlineItem<Int>] = []
            for k in 0..<nodes {
                let kind = OutlineStaleStateAuditor<Adapter>.kind(of: id)
                let maximum = k == 0 ? 0 : (items[k - 1].children == .lazy ? items[k - 1].depth : min(4, items[k - 1].depth + 1))
                let depth = random.int(in: 0...maximum)
                if k > 0, depth > items[k - 1].depth { items[k - 1].children = .container }
                items.append(OutlineItem(id, depth: depth, children: kind, isExpanded: random.chance(1, in: 2)))
                id += 1
            }
            let update = outline.insert(items, under: nil, inSection: section, at: 0)
            let step = reference.insert(items, under: nil, inSection: section, at: 0)
            statuses[Mirror(reflecting: update.status).children.first?.label ?? update.status.description, default: 0] += 1
            if update.status.description != step.status.description { mismatches.append("\(update.status) vs \(step.status)") }
            requests += update.loadRequests.map { ($0, step.requested) }
        }
        nextID = id
        for (request, serials) in requests.sorted(by: { $0.0.token.serial < $1.0.token.serial }) {
            if let serial = serials[request.id] {
                tokenOf[serial] = request.token
                requestOrder.append(serial)
            }
        }
        guard mismatches.isEmpty else { throw AuditError(.setupRejected, message: "the outline and the reference model disagree on the world: \(mismatches)") }
        let list = VirtualList<Adapter.View>()
        let ledger = ledger
        do {
            source = try OutlineListSource(
                outline: outline, list: list,
                makeItemView: { let view = adapter.makeItemView(); ledger.record(view); return view },
                makePlaceholderView: { let view = adapter.makePlaceholderView(); ledger.record(view); return view },
                configure: { view, row in adapter.configure(view, with: row, title: Self.title(of: row)) }
            )
            try list.setViewport(Viewport(size: viewportSize))
        } catch {
            throw AuditError(.setupRejected, message: "the list rejected the outline: \(error)", listError: error)
        }
    }

    static func title(of row: OutlineRowConfiguration<Int>) -> String {
        if case .item(let id) = row.kind { return OutlineStaleStateAuditor<Adapter>.title(of: id) }
        return ""
    }

    static func subject(of row: OutlineRowConfiguration<Int>) -> String {
        switch row.kind {
        case .item(let id): "node \(id)"
        case .placeholder(let owner): "placeholder of node \(owner)"
        }
    }

    /// Every row of every section, in order, from the reference.
    func allRows() -> [OutlineRowConfiguration<Int>] {
        (0..<Self.sectionCount).flatMap { reference.rows(inSection: $0).map(\.configuration) }
    }

    /// The node of row pick `pick` (a placeholder's owner), or `nil` when there are no rows.
    func node(_ pick: Int, in rows: [OutlineRowConfiguration<Int>]) -> Int? {
        guard !rows.isEmpty else { return nil }
        switch rows[pick % rows.count].kind {
        case .item(let id): return id
        case .placeholder(let owner): return owner
        }
    }

    func newItems(_ count: Int) -> [OutlineItem<Int>] {
        (0..<count).map { _ in
            defer { nextID += 1 }
            return OutlineItem(nextID, children: OutlineStaleStateAuditor<Adapter>.kind(of: nextID))
        }
    }

    /// Runs `operation` on the outline (through the source) and on the reference, then
    /// checks every displayed view.
    func perform(_ operation: OutlineAuditOperation) -> [OutlineAuditProblem] {
        let rows = allRows()
        var problems: [OutlineAuditProblem] = []
        func both(_ step: ReferenceOutline<Int>.Step, _ change: (inout Outline<Int>) -> OutlineUpdate<Int>) {
            let update: OutlineUpdate<Int>
            do { update = try source.perform(change) } catch {
                problems.append(kernel("listError", found: "\(error)", expected: "no error"))
                return
            }
            statuses[Mirror(reflecting: update.status).children.first?.label ?? update.status.description, default: 0] += 1
            if update.status.description != step.status.description {
                problems.append(kernel("status", found: update.status.description, expected: step.status.description))
            }
            for request in update.loadRequests.sorted(by: { $0.token.serial < $1.token.serial }) {
                if let serial = step.requested[request.id] {
                    tokenOf[serial] = request.token
                    requestOrder.append(serial)
                } else {
                    problems.append(kernel("loadRequests", found: "a request for node \(request.id)", expected: "none"))
                }
            }
            if update.loadRequests.count != step.requested.count {
                problems.append(kernel("loadRequests", found: "\(update.loadRequests.count) requests", expected: "\(step.requested.count)"))
            }
        }
        func children(of parent: Int?, inSection section: Int, without id: Int? = nil) -> Int {
            let list = parent.map { reference.kids[$0] ?? [] } ?? reference.top[section]
            return list.count - (id.map { list.contains($0) ? 1 : 0 } ?? 0)
        }
        switch operation {
        case .expand(let row, let recursive):
            if let id = node(row, in: rows) { both(reference.expand(id, recursive: recursive)) { $0.expand(id, recursive: recursive) } }
        case .collapse(let row, let recursive):
            if let id = node(row, in: rows) { both(reference.collapse(id, recursive: recursive)) { $0.collapse(id, recursive: recursive) } }
        case .move(let row, let under, let at):
            guard let id = node(row, in: rows) else { break }
            let parent = under.flatMap { node($0, in: rows) }
            let section = parent.flatMap { reference.sectionOf[$0] } ?? reference.sectionOf[id]!
            let index = at % (children(of: parent, inSection: section, without: id) + 1)
            both(reference.move(id, under: parent, inSection: section, to: index)) { $0.move(id, under: parent, inSection: section, to: index) }
        case .insert(let under, let section, let at, let count):
            let parent = under.flatMap { node($0, in: rows) }
            let section = parent.flatMap { reference.sectionOf[$0] } ?? section % Self.sectionCount
            let index = at % (children(of: parent, inSection: section) + 1)
            let items = newItems(count)
            both(reference.insert(items, under: parent, inSection: section, at: index)) { $0.insert(items, under: parent, inSection: section, at: index) }
        case .delete(let row):
            if let id = node(row, in: rows) { both(reference.delete(id)) { $0.delete(id) } }
        case .answer(let request, let count):
            let serials = requestOrder
            let items = newItems(count)
            guard !serials.isEmpty else { break }
            let serial = serials[request % serials.count]
            if let token = tokenOf[serial] { both(reference.answer(serial, with: items)) { $0.answer(token, with: items) } }
        case .failLoad(let request):
            let serials = requestOrder
            guard !serials.isEmpty else { break }
            let serial = serials[request % serials.count]
            if let token = tokenOf[serial] { both(reference.failLoad(serial)) { $0.failLoad(token) } }
        case .scroll(let offset):
            let list = source.list
            let target = min(offset, max(0, list.layout.contentExtent - list.viewport.size))
            do { try list.scroll(to: target) } catch { problems.append(kernel("listError", found: "\(error)", expected: "no error")) }
        case .resize(let size):
            let list = source.list
            let offset = min(list.viewport.offset, max(0, list.layout.contentExtent - size))
            do { try list.setViewport(Viewport(offset: offset, size: size)) } catch {
                problems.append(kernel("listError", found: "\(error)", expected: "no error"))
            }
        }
        return problems + check()
    }

    func kernel(_ part: String, found: String, expected: String, row: ItemPath? = nil) -> OutlineAuditProblem {
        OutlineAuditProblem(row: row, viewSerial: nil, subject: "", part: part, found: found, expected: expected, isKernelMismatch: true)
    }

    /// Every displayed view against the reference's row; the row counts.
    func check() -> [OutlineAuditProblem] {
        var problems: [OutlineAuditProblem] = []
        let rows = (0..<Self.sectionCount).map { reference.rows(inSection: $0) }
        for section in rows.indices where source.outline.rowCount(inSection: section) != rows[section].count {
            problems.append(kernel("rowCount", found: "\(source.outline.rowCount(inSection: section)) rows in section \(section)", expected: "\(rows[section].count)"))
        }
        typealias Source = OutlineListSource<Int, Adapter.View>
        for entry in source.list.displayed {
            guard case .item(let path) = entry.element else { continue }
            let serial = ledger.serials[ObjectIdentifier(entry.view)]
            guard path.section < rows.count, path.item < rows[path.section].count else {
                problems.append(kernel("row", found: "a view displayed for a row", expected: "none (the row does not exist)", row: path))
                continue
            }
            let row = rows[path.section][path.item].configuration
            if let kernelRow = source.outline.configuration(ofRow: path), kernelRow != row {
                problems.append(kernel("configuration", found: "\(kernelRow)", expected: "\(row)", row: path))
            }
            let isPlaceholder = if case .placeholder = row.kind { true } else { false }
            let reuse = isPlaceholder ? Source.placeholderReuseIdentifier : Source.itemReuseIdentifier
            if entry.reuseIdentifier != reuse {
                problems.append(kernel("reuseIdentifier", found: entry.reuseIdentifier, expected: reuse, row: path))
            }
            let found = adapter.rendered(entry.view)
            let expected = adapter.expected(for: row, title: Self.title(of: row))
            for difference in AuditParts.differences(found: found, expected: expected) {
                problems.append(OutlineAuditProblem(
                    row: path, viewSerial: serial, subject: Self.subject(of: row), part: difference.name,
                    found: difference.found, expected: difference.expected, isKernelMismatch: false
                ))
            }
        }
        return problems
    }

    /// The kernel's own invariant checks: the list's layout and pool, and the outline's.
    func checkKernelInvariants() {
        source.list.layout._checkInvariantsNow()
        source.list.pool._checkInvariantsNow()
        source.outline._checkInvariantsNow()
    }
}

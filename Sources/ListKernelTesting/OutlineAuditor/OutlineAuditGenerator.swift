import ListKernel

/// Draws random outline audit operations from a seed, aimed where stale state shows:
/// mostly at rows on screen, at nodes that can expand or collapse, at pending requests.
struct OutlineAuditGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next<Adapter>(for session: OutlineAuditSession<Adapter>) -> OutlineAuditOperation {
        let rows = session.allRows()
        let nodeCount = session.reference.nodes.count
        // Flattened indexes of the displayed rows.
        var offsets = [0]
        for section in 0..<OutlineAuditSession<Adapter>.sectionCount { offsets.append(offsets[section] + session.reference.rows(inSection: section).count) }
        let onScreen: [Int] = session.source.list.displayed.compactMap {
            guard case .item(let path) = $0.element, path.section < offsets.count - 1 else { return nil }
            return offsets[path.section] + path.item
        }
        func row(where predicate: (OutlineRowConfiguration<Int>) -> Bool = { _ in true }) -> Int {
            guard !rows.isEmpty else { return 0 }
            let near = onScreen.filter { $0 < rows.count && predicate(rows[$0]) }
            if !near.isEmpty, random.chance(3, in: 4) { return near[random.below(near.count)] }
            let any = rows.indices.filter { predicate(rows[$0]) }
            return any.isEmpty ? random.below(rows.count) : any[random.below(any.count)]
        }
        let serials = session.requestOrder
        let pending = Set(session.reference.pendingSerials)
        func request() -> Int {
            let waiting = serials.indices.filter { pending.contains(serials[$0]) }
            if !waiting.isEmpty, random.chance(3, in: 4) { return waiting[random.below(waiting.count)] }
            return random.below(max(1, serials.count))
        }
        let roll = random.below(100)
        switch roll {
        case 0..<18:
            return .expand(row: row { $0.isExpandable && !$0.isExpanded }, recursive: random.chance(1, in: 5))
        case 18..<30:
            return .collapse(row: row { $0.isExpanded }, recursive: random.chance(1, in: 4))
        case 30..<38:
            // A third to the top level, a third among its siblings, a third under another node.
            let moved = row()
            var under: Int? = nil
            switch random.below(3) {
            case 0: break
            case 1:
                if moved < rows.count, case .item(let id) = rows[moved].kind, let parent = session.reference.parentOf[id] ?? nil {
                    under = rows.firstIndex { $0.kind == .item(parent) }
                }
            default: under = row { $0.isExpandable }
            }
            return .move(row: moved, under: under, at: random.below(6))
        case 38..<48:
            if nodeCount > 160 { return .delete(row: row()) }
            return .insert(under: random.chance(1, in: 3) ? nil : row(), section: random.below(2), at: random.below(6), count: random.int(in: 1...4))
        case 48..<55:
            if nodeCount < 12 { return .insert(under: nil, section: random.below(2), at: random.below(6), count: random.int(in: 1...6)) }
            return .delete(row: row())
        case 55..<68:
            return .answer(request: request(), children: random.int(in: 0...4))
        case 68..<71:
            return .failLoad(request: request())
        case 71..<93:
            let content = session.source.list.layout.contentExtent
            if random.chance(1, in: 2) {
                let delta = Double(random.int(in: -400...400))
                return .scroll(to: max(0, min(content, session.source.list.viewport.offset + delta)).rounded())
            }
            return .scroll(to: Double(random.below(max(1, Int(content)))))
        default:
            return .resize(size: Double(random.int(in: 2...14) * 22))
        }
    }
}

import ListKernel

/// Draws random operations that fit a session's current model, in the proportions of an
/// ``AuditOperationMix``: scrolls and jumps, resizes, scroll-to, measurements, header taps
/// and multi-section folds, expansions, cell taps and selections, batch updates, content
/// changes, snapshot applies, late image deliveries, reloads and pool purges. Targets are
/// drawn mostly among the displayed elements, where stale state shows.
struct AuditOperationGenerator {
    var random: SplitMix64
    let mix: AuditOperationMix
    let weights: [Int]
    let total: Int

    init(seed: UInt64, mix: AuditOperationMix = .default) {
        random = SplitMix64(seed: seed ^ 0xA0D1_7000_0000_0001)
        self.mix = mix
        weights = mix.weights.map(\.weight)
        total = weights.reduce(0, +)
    }

    /// The target of an operation drawn when the list has no item: the operation keeps the
    /// kind the mix drew (a kind switched off is never drawn in its place) and does nothing,
    /// as every operation does whose target is not there.
    static let noItem = ItemPath(section: 0, item: 0)

    mutating func next<Adapter>(for session: AuditSession<Adapter>) -> AuditOperation {
        let list = session.list
        let viewport = list.viewport
        let content = list.layout.contentExtent
        var roll = random.below(total)
        var kind = 0
        while roll >= weights[kind] {
            roll -= weights[kind]
            kind += 1
        }
        switch kind {
        case 0:   // scrolls
            switch random.below(11) {
            case 0..<8:
                let delta = Double(random.int(in: -300...300)) + Double(random.below(4)) / 4
                return .scroll(to: viewport.offset + delta)
            case 8..<10:
                let span = max(1, Int(content + viewport.size) + 200)
                return .scroll(to: Double(random.below(span) - 100 - Int(viewport.insets.top)))
            default:
                let positions: [ScrollPosition] = [.top, .middle, .bottom, .nearest]
                guard let path = itemPath(in: session, preferDisplayed: false) else { return .scroll(to: 0) }
                return .scrollToItem(path, positions[random.below(positions.count)])
            }
        case 1:   // resizes
            return .resize(
                size: Double(random.int(in: 0...600)),
                insetTop: Double(random.below(3) * 20), insetBottom: Double(random.below(2) * 10),
                overscanAhead: Double(random.below(3) * 40), overscanBehind: Double(random.below(2) * 20)
            )
        case 2:   // measurements
            guard let path = itemPath(in: session, preferDisplayed: true) else { return .measure(Self.noItem) }
            return .measure(path)
        case 3:   // folds
            if random.below(5) < 4 { return .tapHeader(section: section(in: session, preferDisplayed: true) ?? 0) }
            let count = session.model.sections.count
            guard count > 0 else { return .tapHeader(section: 0) }
            let sections = (0..<random.int(in: 1...3)).map { _ in random.below(count) }
            return .fold(sections: sections, collapsed: random.chance(1, in: 2))
        case 4:   // expansions
            guard let path = itemPath(in: session, preferDisplayed: true) else { return .toggleExpansion(Self.noItem) }
            return .toggleExpansion(path)
        case 5:   // selections
            guard let path = itemPath(in: session, preferDisplayed: true) else { return .tapItem(Self.noItem) }
            if random.below(3) < 2 { return .tapItem(path) }
            var items = [path]
            for _ in 0..<random.below(3) { if let more = itemPath(in: session, preferDisplayed: true) { items.append(more) } }
            return .select(items: items, selected: random.below(3) < 2)
        case 6:   // updates
            return .update(edit(for: session.model))
        case 7:   // reconfigures
            guard let path = itemPath(in: session, preferDisplayed: true) else { return .update(.reconfigureItem(Self.noItem)) }
            return .update(random.below(3) < 2 ? .reconfigureItem(path) : .reloadItem(path))
        case 8:   // snapshots
            return .applySnapshot((0..<random.int(in: 1...4)).map { _ in edit(for: session.model) })
        case 9:   // late results
            return .completeLoads(pick: random.below(64), count: random.int(in: 1...4))
        case 10:
            return .reloadData
        default:
            return .purgePool
        }
    }

    /// An item path, two times in three among the displayed items when there are any.
    mutating func itemPath<FrontEnd>(in session: AuditSession<FrontEnd>, preferDisplayed: Bool) -> ItemPath? {
        if preferDisplayed, !random.chance(1, in: 3) {
            let shown = session.list.displayed.compactMap(\.element.itemPath)
            if !shown.isEmpty { return shown[random.below(shown.count)] }
        }
        let sections = session.model.sections.indices.filter { !session.model.sections[$0].items.isEmpty }
        guard !sections.isEmpty else { return nil }
        let s = sections[random.below(sections.count)]
        return ItemPath(section: s, item: random.below(session.model.sections[s].items.count))
    }

    /// A section, two times in three among those with a displayed header.
    mutating func section<FrontEnd>(in session: AuditSession<FrontEnd>, preferDisplayed: Bool) -> Int? {
        if preferDisplayed, !random.chance(1, in: 3) {
            let shown = session.list.displayed.filter { $0.element.kind == .header }.map(\.element.section)
            if !shown.isEmpty { return shown[random.below(shown.count)] }
        }
        let count = session.model.sections.count
        return count > 0 ? random.below(count) : nil
    }

    /// A random edit that fits `model`, biased to keep the world small: at most about 12
    /// sections and 300 items.
    mutating func edit(for model: AuditModel) -> AuditEdit {
        let sections = model.sections
        let total = sections.reduce(0) { $0 + $1.items.count }
        let nonEmpty = sections.indices.filter { !sections[$0].items.isEmpty }
        if sections.isEmpty { return .insertSection(at: 0, itemCount: random.int(in: 0...12)) }
        var roll = random.below(100)
        if total > 300, roll < 25 { roll += 25 }                  // grow no further
        if sections.count > 12, (80..<86).contains(roll) { roll = 86 }
        if nonEmpty.isEmpty, (25..<80).contains(roll) { roll = 0 }
        if mix.reconfigures == 0, (60..<80).contains(roll) || roll >= 96 { roll = nonEmpty.isEmpty ? 0 : 45 }   // no content changes: a move instead
        let s = random.below(sections.count)
        switch roll {
        case 0..<25:
            let count = random.chance(1, in: 10) ? random.int(in: 5...20) : random.int(in: 1...4)
            return .insertItems(section: s, at: random.below(sections[s].items.count + 1), count: count)
        case 25..<45:
            let d = nonEmpty[random.below(nonEmpty.count)]
            let index = random.below(sections[d].items.count)
            return .deleteItems(section: d, at: index, count: min(random.int(in: 1...3), sections[d].items.count - index))
        case 45..<60:
            let from = nonEmpty[random.below(nonEmpty.count)]
            let source = ItemPath(section: from, item: random.below(sections[from].items.count))
            let to = random.below(sections.count)
            let room = sections[to].items.count - (to == from ? 1 : 0)
            var destination = ItemPath(section: to, item: random.below(room + 1))
            if destination == source { destination.item = (destination.item + 1) % (room + 1) }
            return .moveItem(from: source, to: destination)
        case 60..<70, 70..<80:
            let r = nonEmpty[random.below(nonEmpty.count)]
            let path = ItemPath(section: r, item: random.below(sections[r].items.count))
            return roll < 70 ? .reloadItem(path) : .reconfigureItem(path)
        case 80..<86:
            return .insertSection(at: random.below(sections.count + 1), itemCount: random.chance(1, in: 5) ? 0 : random.int(in: 1...12))
        case 86..<91:
            return .deleteSection(s)
        case 91..<96:
            guard sections.count >= 2 else {
                return mix.reconfigures == 0 ? .insertSection(at: 0, itemCount: random.int(in: 0...12)) : .reloadSection(s)
            }
            var to = random.below(sections.count)
            if to == s { to = (to + 1) % sections.count }
            return .moveSection(from: s, to: to)
        default:
            return .reloadSection(s)
        }
    }
}

import ListKernel

/// `value` wrapped into `0..<count`, or `nil` when `count` is 0.
func wrapped(_ value: Int, _ count: Int) -> Int? {
    count > 0 ? ((value % count) + count) % count : nil
}

extension AuditModel {
    // MARK: Mutations (the auditor's)

    func setFolded(_ folded: Bool, section index: Int) {
        if folded { foldedSections.insert(sections[index].id) } else { foldedSections.remove(sections[index].id) }
    }

    func toggleExpanded(_ path: ItemPath) {
        let key = itemID(at: path)
        if expandedItems.contains(key) { expandedItems.remove(key) } else { expandedItems.insert(key) }
    }

    func setSelected(_ selected: Bool, _ path: ItemPath) {
        if selected { selectedItems.insert(itemID(at: path)) } else { selectedItems.remove(itemID(at: path)) }
    }

    func bumpVersion(_ path: ItemPath) { versions[itemID(at: path), default: 0] += 1 }

    func insertItems(section: Int, at index: Int, count: Int) {
        let joining = identity.contains(.uniquePerSection) ? sections[section].items.map(identifier(ofKey:)) : []
        sections[section].items.insert(contentsOf: makeItems(count, extent: nil, joining: joining), at: index)
    }

    func deleteItems(section: Int, range: Range<Int>) {
        for key in sections[section].items[range] { retire(key) }
        sections[section].items.removeSubrange(range)
    }

    func moveItem(from source: ItemPath, to destination: ItemPath) {
        let key = sections[source.section].items.remove(at: source.item)
        if identity.contains(.uniquePerSection), source.section != destination.section {
            let used = Set(sections[destination.section].items.map(identifier(ofKey:)))
            if used.contains(identifier(ofKey: key)) { identifiers[key] = AuditModel.smallestFree(in: used) }
        }
        sections[destination.section].items.insert(key, at: destination.item)
    }

    func insertSection(at index: Int, itemCount: Int, like template: Section?) {
        let id = nextSectionID
        nextSectionID += 1
        let items = makeItems(itemCount, extent: nil, joining: [])
        sections.insert(Section(
            id: id, items: items, header: template?.header ?? 44, footer: template?.footer,
            itemExtent: template?.itemExtent ?? .estimated(44), version: 0,
            reportsExtentsUpFront: template?.reportsExtentsUpFront ?? false
        ), at: index)
    }

    func deleteSection(_ index: Int) {
        for key in sections[index].items { retire(key) }
        foldedSections.remove(sections[index].id)
        sections.remove(at: index)
    }

    func moveSection(from source: Int, to destination: Int) {
        sections.insert(sections.remove(at: source), at: destination)
    }

    func reloadSection(_ index: Int) {
        sections[index].version += 1
        for key in sections[index].items { versions[key, default: 0] += 1 }
    }

    // MARK: Identity

    /// `count` items for a section whose other items have the identifiers `joining` (used
    /// only where identifiers are unique per section): fresh ones, or, as the world's
    /// ``AuditWorld/Identity`` allows, items or identifiers deleted before. `extent` is
    /// every fresh item's base extent, or `nil` for extents that vary by key.
    func makeItems(_ count: Int, extent: Double?, joining: [Int]) -> [Int] {
        let perSection = identity.contains(.uniquePerSection)
        var used = Set(joining)
        var keys: [Int] = []
        keys.reserveCapacity(count)
        for _ in 0..<count {
            insertions += 1
            let roll = AuditModel.mix(insertions, 0, 0x2E7A) % 4
            func free(_ identifier: Int) -> Bool { perSection ? !used.contains(identifier) : keysByIdentifier[identifier] == nil }
            let key: Int
            let identifier: Int
            if identity.contains(.returningItems), roll == 0, let r = retired.lastIndex(where: { free($0.identifier) }) {
                // A deleted item comes back: same key, identifier and title, the next version.
                let item = retired.remove(at: r)
                key = item.key
                identifier = item.identifier
                versions[key] = item.version + 1
                baseExtents[key] = item.baseExtent
            } else if identity.contains(.returningIdentifiers), roll == 1 || roll == 2, let r = retired.lastIndex(where: { free($0.identifier) }) {
                // Another item takes a deleted item's identifier: other values, version 0.
                key = nextItemKey
                nextItemKey += 1
                identifier = retired.remove(at: r).identifier
                baseExtents[key] = extent ?? AuditModel.variedExtent(key)
            } else {
                key = nextItemKey
                nextItemKey += 1
                identifier = perSection ? AuditModel.smallestFree(in: used) : key
                baseExtents[key] = extent ?? AuditModel.variedExtent(key)
            }
            identifiers[key] = identifier
            if perSection { used.insert(identifier) } else { keysByIdentifier[identifier] = key }
            keys.append(key)
        }
        return keys
    }

    /// Whether reloading the item at `path` replaces it by a new item that keeps its
    /// identifier: in worlds of ``AuditWorld/Identity/returningIdentifiers``, every item
    /// reload does (decided by the world alone, so a shorter replay decides the same way).
    func replacesOnReload(_ path: ItemPath) -> Bool {
        identity.contains(.returningIdentifiers)
    }

    /// Replaces the item at `path` by a new one with the same identifier, other values and
    /// version 0 (a placeholder replaced by the real item; a slot given to another item).
    /// The selection is kept by identifier, so the new item is selected if the old one was;
    /// its expansion starts anew.
    func replaceItem(at path: ItemPath) {
        let old = itemID(at: path)
        let identifier = identifier(ofKey: old)
        let wasSelected = selectedItems.contains(old)
        retire(old)
        retired.removeLast()   // its identifier lives on, so it can't come back
        let key = nextItemKey
        nextItemKey += 1
        identifiers[key] = identifier
        if !identity.contains(.uniquePerSection) { keysByIdentifier[identifier] = key }
        baseExtents[key] = AuditModel.variedExtent(key)
        sections[path.section].items[path.item] = key
        if wasSelected { selectedItems.insert(key) }
    }

    /// The smallest identifier not in `used`.
    static func smallestFree(in used: Set<Int>) -> Int {
        var candidate = 0
        while used.contains(candidate) { candidate += 1 }
        return candidate
    }

    /// Forgets a deleted item's state (selection and expansion end with it) and keeps it
    /// among the recently deleted, which may come back.
    func retire(_ key: Int) {
        let identifier = identifier(ofKey: key)
        if keysByIdentifier[identifier] == key { keysByIdentifier[identifier] = nil }
        retired.append(RetiredItem(key: key, identifier: identifier, version: versions[key, default: 0], baseExtent: baseExtents[key, default: 44]))
        if retired.count > AuditModel.retiredLimit { retired.removeFirst() }
        expandedItems.remove(key)
        selectedItems.remove(key)
        versions[key] = nil
        baseExtents[key] = nil
        identifiers[key] = nil
    }
}

extension AuditModel {
    /// Applies `edit`, wrapping its indexes into range, and returns it as applied (every
    /// index valid), or `nil` when it had nothing to act on.
    func apply(_ edit: AuditEdit) -> AuditEdit? {
        let sectionCount = sections.count
        switch edit {
        case .insertItems(let section, let index, let count):
            guard let s = wrapped(section, sectionCount) else { return nil }
            let i = wrapped(index, sections[s].items.count + 1)!
            let c = min(max(count, 1), 64)
            insertItems(section: s, at: i, count: c)
            return .insertItems(section: s, at: i, count: c)
        case .deleteItems(let section, let index, let count):
            guard let s = wrapped(section, sectionCount), let i = wrapped(index, sections[s].items.count) else { return nil }
            let c = min(max(count, 1), sections[s].items.count - i)
            deleteItems(section: s, range: i..<(i + c))
            return .deleteItems(section: s, at: i, count: c)
        case .moveItem(let from, let to):
            guard let fs = wrapped(from.section, sectionCount), let fi = wrapped(from.item, sections[fs].items.count) else { return nil }
            let ts = wrapped(to.section, sectionCount)!
            let destinationCount = sections[ts].items.count - (ts == fs ? 1 : 0)
            let ti = wrapped(to.item, destinationCount + 1)!
            let source = ItemPath(section: fs, item: fi)
            let destination = ItemPath(section: ts, item: ti)
            moveItem(from: source, to: destination)
            return .moveItem(from: source, to: destination)
        case .reloadItem(let path), .reconfigureItem(let path):
            guard let s = wrapped(path.section, sectionCount), let i = wrapped(path.item, sections[s].items.count) else { return nil }
            let resolved = ItemPath(section: s, item: i)
            if case .reloadItem = edit {
                if replacesOnReload(resolved) { replaceItem(at: resolved) } else { bumpVersion(resolved) }
                return .reloadItem(resolved)
            }
            bumpVersion(resolved)
            return .reconfigureItem(resolved)
        case .insertSection(let index, let itemCount):
            let i = wrapped(index, sectionCount + 1)!
            let template = sections.isEmpty ? nil : sections[min(i, sectionCount - 1)]
            let count = min(max(itemCount, 0), 40)
            insertSection(at: i, itemCount: count, like: template)
            return .insertSection(at: i, itemCount: count)
        case .deleteSection(let section):
            guard let s = wrapped(section, sectionCount) else { return nil }
            deleteSection(s)
            return .deleteSection(s)
        case .moveSection(let from, let to):
            guard let f = wrapped(from, sectionCount), let t = wrapped(to, sectionCount) else { return nil }
            moveSection(from: f, to: t)
            return .moveSection(from: f, to: t)
        case .reloadSection(let section):
            guard let s = wrapped(section, sectionCount) else { return nil }
            reloadSection(s)
            return .reloadSection(s)
        }
    }
}

/// Batches for the list, built from applied edits (snapshot differences go through the
/// kernel's own `BatchUpdate(_:)`).
enum AuditBatches {
    /// The batch of one applied edit, in UIKit's index spaces.
    static func batch(for edit: AuditEdit) -> BatchUpdate {
        var batch = BatchUpdate()
        switch edit {
        case .insertItems(let section, let index, let count):
            batch.insertItems(at: (index..<(index + count)).map { ItemPath(section: section, item: $0) })
        case .deleteItems(let section, let index, let count):
            batch.deleteItems(at: (index..<(index + count)).map { ItemPath(section: section, item: $0) })
        case .moveItem(let from, let to):
            batch.moveItem(from: from, to: to)
        case .reloadItem(let path):
            batch.reloadItems(at: [path])
        case .reconfigureItem(let path):
            batch.reconfigureItems(at: [path])
        case .insertSection(let index, _):
            batch.insertSections([index])
        case .deleteSection(let section):
            batch.deleteSections([section])
        case .moveSection(let from, let to):
            batch.moveSection(from: from, to: to)
        case .reloadSection(let section):
            batch.reloadSections([section])
        }
        return batch
    }
}

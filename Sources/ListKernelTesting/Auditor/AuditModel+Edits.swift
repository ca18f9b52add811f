import ListKernel

/// `value` wrapped into `0..<count`, or `nil` when `count` is 0.
func wrapped(_ value: Int, _ count: Int) -> Int? {
    count > 0 ? ((value % count) + count) % count : nil
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
            bumpVersion(resolved)
            if case .reloadItem = edit { return .reloadItem(resolved) }
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

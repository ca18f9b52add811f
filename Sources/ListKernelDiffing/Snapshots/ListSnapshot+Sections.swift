@_spi(ListKernelTesting) import ListKernelCore

// Section mutations. Each validates every argument first, so a rejected call leaves the
// snapshot unchanged, then mutates, then checks invariants in debug builds.

extension ListSnapshot {
    /// Appends sections `sections` (empty) after the last section.
    ///
    /// ```swift
    /// try snapshot.appendSections(["pinned", "recent"])
    /// ```
    ///
    /// - Parameter sections: new section identifiers, in order.
    /// - Throws: `SnapshotError.sectionAlreadyPresent` or `.sectionRepeated`.
    /// - Complexity: O(k) amortized.
    public mutating func appendSections(_ sections: [SectionID]) throws(SnapshotError) {
        try _checkNewSections(sections)
        if !sections.isEmpty { _recordStructuralEdit() }
        _insertSections(sections, at: _sections.count)
    }

    /// Inserts sections `sections` (empty) before section `before`.
    ///
    /// - Parameters:
    ///   - sections: new section identifiers, in order.
    ///   - before: an existing section.
    /// - Throws: `SnapshotError.sectionNotFound`, `.sectionAlreadyPresent` or `.sectionRepeated`.
    /// - Complexity: O(S + k).
    public mutating func insertSections(_ sections: [SectionID], beforeSection before: SectionID) throws(SnapshotError) {
        let position = try _position(ofSection: before)
        try _checkNewSections(sections)
        if !sections.isEmpty { _recordStructuralEdit() }
        _insertSections(sections, at: position)
    }

    /// Inserts sections `sections` (empty) after section `after`.
    ///
    /// - Parameters:
    ///   - sections: new section identifiers, in order.
    ///   - after: an existing section.
    /// - Throws: `SnapshotError.sectionNotFound`, `.sectionAlreadyPresent` or `.sectionRepeated`.
    /// - Complexity: O(S + k).
    public mutating func insertSections(_ sections: [SectionID], afterSection after: SectionID) throws(SnapshotError) {
        let position = try _position(ofSection: after)
        try _checkNewSections(sections)
        if !sections.isEmpty { _recordStructuralEdit() }
        _insertSections(sections, at: position + 1)
    }

    /// Deletes sections `sections` with all their items (and their marks).
    ///
    /// - Parameter sections: existing section identifiers; a repeat is ignored.
    /// - Throws: `SnapshotError.sectionNotFound`.
    /// - Complexity: O(S + k + items removed).
    public mutating func deleteSections(_ sections: [SectionID]) throws(SnapshotError) {
        var doomed = [Bool](repeating: false, count: _sections.count)
        for section in sections { doomed[try _position(ofSection: section)] = true }
        guard let first = doomed.firstIndex(of: true) else { return }
        _recordStructuralEdit()
        for (position, section) in _sections.enumerated() where doomed[position] {
            for item in section.items {
                _itemSection[item] = nil
                _reloadedItems.remove(item)
                _reconfiguredItems.remove(item)
            }
            _sectionIndex[section.id] = nil
            _reloadedSections.remove(section.id)
        }
        var position = 0
        _sections.removeAll { _ in
            defer { position += 1 }
            return doomed[position]
        }
        _reindexSections(from: first)
        _checkInvariants()
    }

    /// Moves section `section` (with its items) to just before section `before`.
    ///
    /// - Parameters:
    ///   - section: the section to move.
    ///   - before: the section it goes before.
    /// - Throws: `SnapshotError.sectionNotFound` or `.sectionRelativeToItself`.
    /// - Complexity: O(S).
    public mutating func moveSection(_ section: SectionID, beforeSection before: SectionID) throws(SnapshotError) {
        try _moveSection(section, relativeTo: before, after: false)
    }

    /// Moves section `section` (with its items) to just after section `after`.
    ///
    /// - Parameters:
    ///   - section: the section to move.
    ///   - after: the section it goes after.
    /// - Throws: `SnapshotError.sectionNotFound` or `.sectionRelativeToItself`.
    /// - Complexity: O(S).
    public mutating func moveSection(_ section: SectionID, afterSection after: SectionID) throws(SnapshotError) {
        try _moveSection(section, relativeTo: after, after: true)
    }

    /// Marks sections `sections` for reload: the next `difference(from:)` reports a section
    /// update for each of them that also exists in the older snapshot.
    ///
    /// - Parameter sections: existing section identifiers.
    /// - Throws: `SnapshotError.sectionNotFound`.
    /// - Complexity: O(k).
    public mutating func reloadSections(_ sections: [SectionID]) throws(SnapshotError) {
        for section in sections { _ = try _position(ofSection: section) }
        _recordMarkEdit()
        _reloadedSections.formUnion(sections)
        _checkInvariants()
    }

    // MARK: Helpers

    /// Throws unless every identifier in `sections` is new and appears once.
    private func _checkNewSections(_ sections: [SectionID]) throws(SnapshotError) {
        var seen: [SectionID: Int] = [:]
        for (offset, section) in sections.enumerated() {
            if let existing = _sectionIndex[section] {
                throw .sectionAlreadyPresent(identifier: String(describing: section), index: existing)
            }
            if let first = seen.updateValue(offset, forKey: section) {
                throw .sectionRepeated(identifier: String(describing: section), firstIndex: first, secondIndex: offset)
            }
        }
    }

    /// Inserts checked, new, empty sections at `position`.
    private mutating func _insertSections(_ sections: [SectionID], at position: Int) {
        _sections.insert(contentsOf: sections.map { _Section(id: $0, items: []) }, at: position)
        _reindexSections(from: position)
        _checkInvariants()
    }

    /// Rewrites `_sectionIndex` for the sections from `position` on.
    private mutating func _reindexSections(from position: Int) {
        for index in position..<_sections.count {
            _sectionIndex[_sections[index].id] = index
        }
    }

    private mutating func _moveSection(_ section: SectionID, relativeTo anchor: SectionID, after: Bool) throws(SnapshotError) {
        let from = try _position(ofSection: section)
        _ = try _position(ofSection: anchor)
        guard section != anchor else { throw .sectionRelativeToItself(identifier: String(describing: section)) }
        _recordStructuralEdit()
        let moving = _sections.remove(at: from)
        let anchorPosition = _sectionIndex[anchor]! - (_sectionIndex[anchor]! > from ? 1 : 0)
        let to = after ? anchorPosition + 1 : anchorPosition
        _sections.insert(moving, at: to)
        _reindexSections(from: Swift.min(from, to))
        _checkInvariants()
    }
}

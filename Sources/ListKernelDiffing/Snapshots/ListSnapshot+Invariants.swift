@_spi(ListKernelTesting) public import ListKernelCore

extension ListSnapshot: InvariantChecked {
    /// Recomputes both indexes from the sections and compares: every section at its recorded
    /// position, every item at its recorded section and index, no stray entries, marks only
    /// on present items and sections, an edit log only with a base (and naming no item once
    /// structural), never based on its own version. Runs after every mutation in debug builds
    /// (`InvariantChecked`).
    ///
    /// - Complexity: O(S + n + marks).
    @usableFromInline
    package func _checkInvariantsNow() {
        precondition(_sectionIndex.count == _sections.count, "section index has \(_sectionIndex.count) entries for \(_sections.count) sections")
        var itemCount = 0
        // An index loop: a debug build, the only one that runs this, looks an enumerated
        // sequence's tuple type up at run time on every step.
        for position in _sections.indices {
            let section = _sections[position]
            precondition(_sectionIndex[section.id] == position, "section \(section.id) indexed at \(String(describing: _sectionIndex[section.id])), is at \(position)")
            section.items.forEachRun { run in
                for item in run {
                    precondition(_itemSection[item] == section.id, "item \(item) filed under \(String(describing: _itemSection[item])), is in \(section.id)")
                }
            }
            section.items._checkIndexes { "section \(section.id)" }
            itemCount += section.items.count
        }
        precondition(_itemSection.count == itemCount, "item index has \(_itemSection.count) entries for \(itemCount) items")
        precondition(_reloadedItems.allSatisfy { _itemSection[$0] != nil }, "a reload mark on a missing item")
        precondition(_reconfiguredItems.allSatisfy { _itemSection[$0] != nil }, "a reconfigure mark on a missing item")
        precondition(_reloadedSections.allSatisfy { _sectionIndex[$0] != nil }, "a reload mark on a missing section")
        // The edit log: touched items only while there is a base, none once it is structural.
        precondition(_logBase != nil || (_touched.isEmpty && !_isStructurallyEdited), "an edit log without a base")
        precondition(!_isStructurallyEdited || _touched.isEmpty, "a structural edit log that names items")
        for (item, touch) in _touched {
            let section = touch.currentPosition >= 0 && touch.currentPosition < _sections.count ? _sections[touch.currentPosition].id : nil
            precondition(_itemSection[item] == section, "the edit log places \(item) in the section at \(touch.currentPosition), not where it is")
            precondition(touch.originPosition < _sections.count, "the edit log places \(item) at section position \(touch.originPosition), past the sections")
        }
        precondition(_logBase.map { $0 !== _version } ?? true, "a snapshot derived from its own version")
    }
}

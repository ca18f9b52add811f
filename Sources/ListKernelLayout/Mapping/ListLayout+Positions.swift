@_spi(ListKernelTesting) public import ListKernelCore

/// The index mapper: flat visible positions ↔ elements, both directions in O(log S).
///
/// Positions count, section by section, the header (if any), every item of an expanded
/// section (zero-extent ones included), and the footer (if any):
///
///     section 0 (expanded, 2 items)   header 0 → 0, item [0,0] → 1, item [0,1] → 2, footer 0 → 3
///     section 1 (collapsed, 5 items)  header 1 → 4, footer 1 → 5
///     section 2 (no header, 1 item)   item [2,0] → 6
extension ListLayout {
    /// The number of flat positions.
    ///
    /// - Complexity: O(1).
    public var positionCount: Int { Int(sections.totalPositions) }

    /// The element at flat position `position`, or `nil` outside `0..<positionCount`.
    ///
    /// - Complexity: O(log S).
    public func element(at position: FlatPosition) -> ListElement? {
        guard position.rawValue >= 0, position.rawValue < positionCount else { return nil }
        let (section, remainder, slot) = sections.search(.position, Int64(position.rawValue))
        let record = sections.records[slot]
        var local = Int(remainder)
        if record.hasHeader {
            if local == 0 { return .header(section: section) }
            local -= 1
        }
        if !record.isCollapsed {
            if local < record.items.count { return .item(ItemPath(section: section, item: local)) }
            local -= record.items.count
        }
        precondition(local == 0 && record.hasFooter, "position tree disagrees with section \(section)")
        return .footer(section: section)
    }

    /// The flat position of `element`, or `nil` when it has none (an item of a collapsed
    /// section, a header or footer the section does not have) or is outside the list.
    ///
    /// - Complexity: O(log S).
    public func position(of element: ListElement) -> FlatPosition? {
        guard isElement(element) else { return nil }
        let (slot, _, positionsBefore) = sections.locate(section: element.section)
        let record = sections.records[slot]
        let base = Int(positionsBefore)
        let header = record.hasHeader ? 1 : 0
        switch element {
        case .header:
            return record.hasHeader ? FlatPosition(base) : nil
        case .item(let path):
            return record.isCollapsed ? nil : FlatPosition(base + header + path.item)
        case .footer:
            guard record.hasFooter else { return nil }
            return FlatPosition(base + header + (record.isCollapsed ? 0 : record.items.count))
        }
    }
}

package import ListKernelCore

extension ListLayout {
    /// The laid-out element just before `element` (laid out) in list order, or `nil`.
    ///
    /// - Complexity: O(log S).
    package func laidOutElement(before element: ListElement) -> ListElement? {
        guard let position = self.position(of: element) else { return lastLaidOutElement(beforeSection: element.section) }
        return laidOutElement(at: position.rawValue - 1)
    }

    /// The last laid-out element of the sections before `section`, or `nil`.
    ///
    /// - Complexity: O(log S).
    package func lastLaidOutElement(beforeSection section: Int) -> ListElement? {
        laidOutElement(at: Int(sections.locate(section: section).positionsBefore) - 1)
    }

    /// The element at flat position `position`, or `nil` below 0.
    private func laidOutElement(at position: Int) -> ListElement? {
        guard position >= 0 else { return nil }
        return element(at: FlatPosition(position))
    }
}

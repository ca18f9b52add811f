import Testing
import ListKernel

// Docs/WritingAFrontEnd.md's code, compiled and run: headers and people are different
// classes, configured by their own registrations, with no cast anywhere.
private class ListCell {
    var title = ""
    var placedAt: Double?
    var isOnTop = false
    func place(atY y: Double, height: Double, onTop: Bool) { placedAt = y; isOnTop = onTop }
    func removeFromScreen() { placedAt = nil }
}

private final class HeaderCell: ListCell {
    var isFolded = false
}

private final class PersonCell: ListCell, ReusableView {
    var isHighlighted = false
    func prepareForReuse() { isHighlighted = false }
}

private final class Contacts: ListDataSource {
    var groups: [(name: String, people: [String])] = []

    func numberOfSections(in list: VirtualList<ListCell>) -> Int { groups.count }
    func list(_ list: VirtualList<ListCell>, numberOfItemsInSection section: Int) -> Int {
        groups[section].people.count
    }
    func list(_ list: VirtualList<ListCell>, metricsForSection section: Int) -> SectionMetrics {
        SectionMetrics(header: 30, footer: nil, itemExtent: .estimated(44))
    }
    func list(_ list: VirtualList<ListCell>, identifierForSection section: Int) -> AnyHashable? { groups[section].name }
}

@Test func theGuidesFrontEndShowsHeadersAndPeopleWithTheirOwnClasses() throws {
    let contacts = Contacts()
    contacts.groups = [("A", ["Ann", "Avi"]), ("B", ["Bo"]), ("C", (0..<30).map { "C\($0)" })]
    let list = VirtualList<ListCell>(style: .plain)
    try list.register(ViewRegistration<HeaderCell>(kind: .header, make: HeaderCell.init) { header, element, context in
        header.isFolded = context.isSectionCollapsed
        header.title = (context.isSectionCollapsed ? "▸ " : "▾ ") + contacts.groups[element.section].name
    })
    try list.register(ViewRegistration<PersonCell>(kind: .item, make: PersonCell.init) { person, element, _ in
        guard case .item(let path) = element else { return }
        person.title = contacts.groups[path.section].people[path.item]
    })
    list.dataSource = contacts
    try list.reloadData()

    // Step 4: drive a pass and draw what it says.
    func scrollViewDidScroll(offset: Double, height: Double) throws {
        let pass = try list.setViewport(Viewport(offset: offset, size: height,
                                                 overscan: .init(ahead: 300, behind: 100)))
        for gone in pass.left { gone.view.removeFromScreen() }
        for shown in pass.displayed {
            shown.view.place(atY: shown.frame.start - offset, height: shown.frame.extent, onTop: shown.isPinned)
        }
    }
    try scrollViewDidScroll(offset: 0, height: 400)
    #expect(list.displayed.prefix(4).map(\.view.title) == ["▾ A", "Ann", "Avi", "▾ B"])
    #expect(list.displayed.allSatisfy { ($0.view is HeaderCell) == ($0.element.kind == .header) })

    // Step 6: fold, update, scroll.
    try list.setCollapsed(true, section: 0)
    #expect(list.displayed.first?.view.title == "▸ A")
    #expect((list.view(for: .header(section: 0)) as? HeaderCell)?.isFolded == true)
    try list.performBatchUpdates { batch in
        contacts.groups[1].people.insert("Bea", at: 0)
        batch.insertItems(at: [ItemPath(section: 1, item: 0)])
    }
    #expect(list.view(for: .item(ItemPath(section: 1, item: 0)))?.title == "Bea")
    try list.scroll(to: .item(ItemPath(section: 2, item: 20)), at: .middle)
    #expect(list.view(for: .item(ItemPath(section: 2, item: 20)))?.title == "C20")
    // Row 20 of section 2 is mid-screen, so section 2's header is pinned at the top edge.
    #expect(list.displayed.first { $0.element == .header(section: 2) }?.isPinned == true)
}

import Testing
import ListKernel

// The README's example, compiled and run: if the API drifts, this stops building.
private final class Row: ReusableView { var text = ""; func prepareForReuse() {} }

private final class Kingdoms: ListDataSource {
    let sections = [("魏", ["张辽", "李典", "曹洪"]), ("越", [])]
    func numberOfSections(in list: VirtualList<Row>) -> Int { sections.count }
    func list(_ list: VirtualList<Row>, numberOfItemsInSection s: Int) -> Int { sections[s].1.count }
    func list(_ list: VirtualList<Row>, metricsForSection s: Int) -> SectionMetrics {
        SectionMetrics(header: 44, itemExtent: .uniform(44))
    }
    func list(_ list: VirtualList<Row>, reuseIdentifierFor element: ListElement) -> String { element.kind.name }
    func list(_ list: VirtualList<Row>, configure view: Row, for element: ListElement, binding: BindingToken) {
        switch element {
        case .header(let s): view.text = ((try? list.isCollapsed(section: s)) == true ? "▸ " : "▾ ") + sections[s].0
        case .item(let p): view.text = sections[p.section].1[p.item]
        case .footer: view.text = ""
        }
    }
}

@Test func theReadmeExampleShowsTheKingdomsAndFoldsTheFirst() throws {
    let model = Kingdoms()
    let list = VirtualList<Row>(style: .plain)
    try list.register(kind: .item, reuseIdentifier: "item") { Row() }
    try list.register(kind: .header, reuseIdentifier: "header") { Row() }
    list.dataSource = model
    try list.reloadData()
    let pass = try list.setViewport(Viewport(offset: 0, size: 600))
    #expect(pass.displayed.map(\.view.text) == ["▾ 魏", "张辽", "李典", "曹洪", "▾ 越"])
    #expect(pass.displayed.map(\.frame.start) == [0, 44, 88, 132, 176])
    try list.setCollapsed(true, section: 0)
    #expect(list.displayed.map(\.view.text) == ["▸ 魏", "▾ 越"])
}

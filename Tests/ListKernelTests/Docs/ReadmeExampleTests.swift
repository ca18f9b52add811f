import Testing
import ListKernel

// The README's example, compiled and run: if the API drifts, this stops building. Headers
// and rows are different classes, and nothing is cast.
private class Cell { var text = "" }
private final class HeaderCell: Cell {}
private final class RowCell: Cell {}

private final class Kingdoms: ListDataSource {
    let sections = [("魏", ["张辽", "李典", "曹洪"]), ("越", [])]
    func numberOfSections(in list: VirtualList<Cell>) -> Int { sections.count }
    func list(_ list: VirtualList<Cell>, numberOfItemsInSection s: Int) -> Int { sections[s].1.count }
    func list(_ list: VirtualList<Cell>, metricsForSection s: Int) -> SectionMetrics {
        SectionMetrics(header: 44, itemExtent: .uniform(44))
    }
}

@Test func theReadmeExampleShowsTheKingdomsAndFoldsTheFirst() throws {
    let model = Kingdoms()
    let list = VirtualList<Cell>(style: .plain)
    try list.register(ViewRegistration<HeaderCell>(kind: .header, make: HeaderCell.init) { header, element, context in
        header.text = (context.isSectionCollapsed ? "▸ " : "▾ ") + model.sections[element.section].0
    })
    try list.register(ViewRegistration<RowCell>(kind: .item, make: RowCell.init) { row, element, _ in
        if case .item(let path) = element { row.text = model.sections[path.section].1[path.item] }
    })
    list.dataSource = model
    try list.reloadData()
    let pass = try list.setViewport(Viewport(offset: 0, size: 600))
    #expect(pass.displayed.map(\.view.text) == ["▾ 魏", "张辽", "李典", "曹洪", "▾ 越"])
    #expect(pass.displayed.map(\.frame.start) == [0, 44, 88, 132, 176])
    #expect(pass.displayed.map { $0.view is HeaderCell } == [true, false, false, false, true])
    try list.setCollapsed(true, section: 0)
    #expect(list.displayed.map(\.view.text) == ["▸ 魏", "▾ 越"])
}

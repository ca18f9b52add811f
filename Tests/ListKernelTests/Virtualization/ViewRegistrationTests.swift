import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
import ListKernelTesting

/// Typed registrations: each carries its class and its configure handler; the list checks
/// the class once, at registration, and never casts a view to the wrong class.
@Suite struct ViewRegistrationTests {
    class Base { var shown = "" }
    final class Header: Base { var arrow = "" }
    final class Row: Base { var configureCount = 0 }
    final class Stranger {}

    final class Model: ListDataSource {
        var counts = [3, 2]
        var identifiers: [ElementKind: String] = [:]
        var configuredThroughDataSource = 0
        func numberOfSections(in list: VirtualList<Base>) -> Int { counts.count }
        func list(_ list: VirtualList<Base>, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func list(_ list: VirtualList<Base>, metricsForSection section: Int) -> SectionMetrics {
            SectionMetrics(header: 20, itemExtent: .uniform(40))
        }
        func list(_ list: VirtualList<Base>, reuseIdentifierFor element: ListElement) -> String {
            identifiers[element.kind] ?? element.kind.name
        }
        func list(_ list: VirtualList<Base>, configure view: Base, for element: ListElement, binding: BindingToken) {
            configuredThroughDataSource += 1
            view.shown = "data source: \(element)"
        }
    }

    static func headerRegistration() -> ViewRegistration<Header> {
        ViewRegistration(kind: .header, make: Header.init) { header, element, context in
            header.arrow = context.isSectionCollapsed ? "▸" : "▾"
            header.shown = "header \(element.section)"
        }
    }

    static func rowRegistration() -> ViewRegistration<Row> {
        ViewRegistration(kind: .item, make: Row.init) { row, element, _ in
            row.configureCount += 1
            row.shown = "\(element)"
        }
    }

    @Test func headersAndRowsAreDifferentClassesConfiguredByTheirOwnHandlers() throws {
        let model = Model()
        let list = VirtualList<Base>(style: .plain)
        try list.register(Self.headerRegistration())
        try list.register(Self.rowRegistration())
        list.dataSource = model
        try list.reloadData()
        try list.setViewport(Viewport(offset: 0, size: 500))
        #expect(list.displayed.count == 7)
        for shown in list.displayed {
            switch shown.element {
            case .header(let section):
                let header = try #require(shown.view as? Header)
                #expect(header.shown == "header \(section)" && header.arrow == "▾")
            case .item:
                let row = try #require(shown.view as? Row)
                #expect(row.shown == "\(shown.element)" && row.configureCount == 1)
            case .footer:
                Issue.record("no footers in this list")
            }
        }
        #expect(model.configuredThroughDataSource == 0)
        // The fold reconfigures the header through its handler, which reads the new state.
        try list.setCollapsed(true, section: 0)
        #expect((list.view(for: .header(section: 0)) as? Header)?.arrow == "▸")
    }

    @Test func aClassOutsideTheListsViewClassIsRefusedAtRegistration() {
        let list = VirtualList<Base>(style: .plain)
        let stranger = ViewRegistration<Stranger>(kind: .item, make: Stranger.init) { _, _, _ in }
        #expect(throws: ListError.registrationViewType(registered: "Stranger", listView: "Base")) { try list.register(stranger) }
        #expect(!list.pool.isRegistered(kind: .item, identifier: "item"))
    }

    @Test func factoriesAndRegistrationsMixAndAReplacedRegistrationKeepsItsViewsHandler() throws {
        let model = Model()
        let list = VirtualList<Base>(style: .plain)
        try list.register(Self.headerRegistration())
        try list.register(kind: .item, reuseIdentifier: "item") { Base() }
        list.dataSource = model
        try list.reloadData()
        try list.setViewport(Viewport(offset: 0, size: 500))
        #expect(model.configuredThroughDataSource == 5, "the factory's rows are configured by the data source")
        let oldRow = try #require(list.view(for: .item(ItemPath(section: 0, item: 0))))
        // Rows now come from a typed registration; the row on screen is a plain Base and
        // keeps being configured by the data source, never handed to the Row handler.
        try list.register(Self.rowRegistration())
        try list.reconfigure([.item(ItemPath(section: 0, item: 0))])
        #expect(model.configuredThroughDataSource == 6 && !(oldRow is Row))
        try list.scroll(to: 1_000)
        try list.scroll(to: 0)
        #expect(list.displayed.filter { $0.element.kind == .item }.allSatisfy { $0.view is Row })
    }

    @Test func aRegistrationsIdentifierIsItsKindsNameUnlessGiven() throws {
        #expect(Self.headerRegistration().reuseIdentifier == "header")
        let custom = ViewRegistration<Row>(kind: .item, reuseIdentifier: "tall", make: Row.init) { _, _, _ in }
        #expect(custom.reuseIdentifier == "tall")
        let model = Model()
        model.identifiers[.item] = "tall"
        let list = VirtualList<Base>(style: .plain)
        try list.register(Self.headerRegistration())
        try list.register(custom)
        list.dataSource = model
        try list.reloadData()
        try list.setViewport(Viewport(offset: 0, size: 500))
        #expect(list.pool.counters(kind: .item, identifier: "tall").created == 5)
    }

    @Test func registeringFromInsideAHandlerIsAReentrantCallError() throws {
        let model = Model()
        let list = VirtualList<Base>(style: .plain)
        var failures: [ListError] = []
        // Weakly: a handler that holds its list strongly would keep it alive for ever.
        try list.register(ViewRegistration<Header>(kind: .header, make: Header.init) { [weak list] _, _, _ in
            do throws(ListError) { try list?.register(Self.rowRegistration()) } catch { failures.append(error) }
        })
        try list.register(Self.rowRegistration())
        list.dataSource = model
        try list.reloadData()
        try list.setViewport(Viewport(offset: 0, size: 500))
        #expect(failures.count == 2 && failures.allSatisfy { if case .reentrantCall = $0 { true } else { false } })
    }
}

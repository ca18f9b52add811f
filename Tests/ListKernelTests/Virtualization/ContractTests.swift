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

@Suite struct ReentrancyTests {
    @Test func reloadDataFromInsideConfigureIsATypedErrorAndNotCorruption() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(2, items: 50))
        let list = frontEnd.makeList(viewport: Viewport(size: 300))
        var caught: [ListError] = []
        frontEnd.onConfigure = { list, _, element in
            do { try list.reloadData() } catch let error as ListError { caught.append(error) } catch {}
            do { try list.scroll(to: 0) } catch let error as ListError { caught.append(error) } catch {}
            do { try list.setCollapsed(true, section: 0) } catch let error as ListError { caught.append(error) } catch {}
            _ = element
        }
        try list.scroll(to: 44 * 10)
        #expect(!caught.isEmpty)
        #expect(caught.allSatisfy { if case .reentrantCall = $0 { true } else { false } })
        #expect(caught.first?.description.hasPrefix("reloadData() was called from inside configure(_:for:) of item") == true)
        #expect(list.viewport.offset == 440)
        #expect(!list.isCollapsed(section: 0))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func anUpdateFromInsideADisplayCallbackIsATypedError() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(2, items: 50))
        let list = frontEnd.makeList(viewport: Viewport(size: 300))
        var caught: ListError?
        frontEnd.onWillDisplay = { list, _, _ in
            do { try list.reconfigure([.header(section: 0)]) } catch let error as ListError { caught = error } catch {}
        }
        try list.scroll(to: 1_000)
        guard case .reentrantCall(let operation, let callback) = caught else {
            Issue.record("expected a re-entrant call error, got \(String(describing: caught))")
            return
        }
        #expect(operation == "reconfigure(_:)")
        #expect(callback.hasPrefix("willDisplay(_:for:) of "))
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}

@Suite struct PrefetchTests {
    @Test func itemsAboutToAppearInTheScrollDirectionAreAnnouncedAndCancelledWhenItReverses() throws {
        let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: Array(0..<500), header: nil)])
        let list = frontEnd.makeList(style: .grouped, viewport: Viewport(size: 440))
        list.prefetchDistance = 132
        var pass = try list.scroll(to: 44)
        // Window 44..<484 shows items 1…10; the next 132 points hold items 11, 12, 13.
        #expect(pass.prefetched == [11, 12, 13].map { ItemPath(section: 0, item: $0) })
        pass = try list.scroll(to: 88)
        #expect(pass.prefetched == [ItemPath(section: 0, item: 14)])
        #expect(pass.cancelledPrefetches.isEmpty)
        // Reverse: what was ahead below is cancelled, what is ahead above is announced.
        pass = try list.scroll(to: 80)
        #expect(pass.cancelledPrefetches == [12, 13, 14].map { ItemPath(section: 0, item: $0) })
        #expect(pass.prefetched == [0].map { ItemPath(section: 0, item: $0) })
        #expect(frontEnd.events.contains(.cancelPrefetch([12, 13, 14].map { ItemPath(section: 0, item: $0) })))
        withExtendedLifetime(frontEnd) {}
    }
}

/// A front end whose views and data source live on the main actor, conforming with an
/// isolated conformance: the list is created and driven on the main actor.
@MainActor final class MainActorRow {
    var text = ""
}

@MainActor final class MainActorFrontEnd: @MainActor ListDataSource {
    typealias View = MainActorRow
    let titles = (0..<100).map { "row \($0)" }
    func numberOfSections(in list: VirtualList<MainActorRow>) -> Int { 1 }
    func list(_ list: VirtualList<MainActorRow>, numberOfItemsInSection section: Int) -> Int { titles.count }
    func list(_ list: VirtualList<MainActorRow>, reuseIdentifierFor element: ListElement) -> String { "row" }
    func list(_ list: VirtualList<MainActorRow>, configure view: MainActorRow, for element: ListElement, binding: BindingToken) {
        view.text = titles[element.itemPath!.item]
    }
}

@Suite struct ConcurrencyTests {
    @MainActor @Test func aMainActorFrontEndDrivesTheListOnTheMainActor() throws {
        let frontEnd = MainActorFrontEnd()
        let list = VirtualList<MainActorRow>(style: .grouped)
        try list.register(reuseIdentifier: "row") { MainActorRow() }
        list.dataSource = frontEnd
        try list.reloadData()
        let pass = try list.setViewport(Viewport(offset: 440, size: 440))
        #expect(pass.displayed.map(\.view.text) == (10..<20).map { "row \($0)" })
    }
}

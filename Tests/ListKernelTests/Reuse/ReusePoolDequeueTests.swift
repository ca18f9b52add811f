import Testing
import ListKernel

@Suite struct ReusePoolDequeueTests {
    @Test func whenSeveralViewsArePooled_dequeueReturnsTheMostRecentlyEnqueuedFirst() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let views = (0..<3).map { _ in try! h.dequeue(.item, "cell") }
        // Enqueue in the order 1, 0, 2: LIFO hands back 2, 0, 1.
        for index in [1, 0, 2] { try h.pool.enqueue(views[index]) }
        let order = try (0..<3).map { _ in try h.dequeue(.item, "cell").serial }
        #expect(order == [2, 0, 1])
        #expect(h.maker.made == 3)
    }

    @Test func whenAViewIsRecycled_prepareForReuseRunsExactlyOnce_andNeverOnANewView() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let first = try h.pool.dequeue(kind: .item, identifier: "cell")
        #expect(first.origin == .created)
        #expect(first.view.prepareCount == 0)
        try h.pool.willDisplay(first.view)
        try h.pool.didEndDisplaying(first.view)
        try h.pool.enqueue(first.view)
        #expect(first.view.prepareCount == 0)               // not on enqueue
        let again = try h.pool.dequeue(kind: .item, identifier: "cell")
        #expect(again.view === first.view)
        #expect(again.origin == .recycled)
        #expect(again.isRecycled)
        #expect(again.view.prepareCount == 1)
        let second = try h.pool.dequeue(kind: .item, identifier: "cell")   // pool empty: new
        #expect(second.origin == .created)
        #expect(second.view.prepareCount == 0)
        try h.pool.enqueue(again.view)
        _ = try h.pool.dequeue(kind: .item, identifier: "cell")
        #expect(first.view.prepareCount == 2)               // once per recycle
    }

    @Test func whenPrepareForReuseIsAClosure_itRunsOnTheRecycledViewInStatePreparedBeforeDequeueReturns() throws {
        final class Label { var text: String? }
        final class Observer {
            weak var pool: ReusePool<Label>?
            var seen: [(ObjectIdentifier, ReuseState)] = []
        }
        let observer = Observer()
        let pool = ReusePool<Label>(prepareForReuse: { [observer] label in
            label.text = nil
            observer.seen.append((ObjectIdentifier(label), observer.pool?.state(of: label) ?? .untracked))
        })
        observer.pool = pool
        try pool.register(kind: .header, identifier: "title") { Label() }
        let label = try pool.dequeue(kind: .header, identifier: "title").view
        label.text = "Section 0"
        try pool.enqueue(label)
        #expect(observer.seen.isEmpty)
        let reused = try pool.dequeue(kind: .header, identifier: "title").view
        #expect(reused === label)
        #expect(reused.text == nil)
        #expect(observer.seen.count == 1)
        #expect(observer.seen.first?.0 == ObjectIdentifier(label))
        #expect(observer.seen.first?.1 == .prepared)
    }

    @Test func whenDequeuingAnUnregisteredIdentifier_theErrorNamesIdentifierAndKindAndNothingIsCreated() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.item, "header")
        try h.register(.header, "Cell")
        let before = h.snapshot(views: [], keys: [(.item, "cell"), (.item, "Cell")])
        do {
            _ = try h.pool.dequeue(kind: .item, identifier: "Cell")
            Issue.record("dequeue of an unregistered identifier returned a view")
        } catch {
            #expect(error == .notRegistered(
                identifier: "Cell", kind: .item, registered: ["cell", "header"], registeredForOtherKinds: [.header]))
            #expect(error.description == "no view is registered for reuse identifier 'Cell' of kind item "
                    + "(registered: 'cell', 'header'); 'Cell' is registered for kind header")
        }
        #expect(h.maker.made == 0)
        #expect(h.snapshot(views: [], keys: [(.item, "cell"), (.item, "Cell")]) == before)
        let none = ReuseError.notRegistered(identifier: "x", kind: ElementKind("badge"), registered: [], registeredForOtherKinds: [])
        #expect(none.description == "no view is registered for reuse identifier 'x' of kind badge (registered: none)")
    }

    @Test func whenDequeuingOptionally_anUnregisteredIdentifierGivesNilAndCreatesNothing() throws {
        let h = Harness()
        try h.register(.item, "cell")
        #expect(try h.pool.dequeueIfRegistered(kind: .item, identifier: "Cell") == nil)
        #expect(try h.pool.dequeueIfRegistered(kind: .footer, identifier: "cell") == nil)
        #expect(h.maker.made == 0)
        #expect(h.pool.totalCounters == .zero)
        let found = try #require(try h.pool.dequeueIfRegistered(kind: .item, identifier: "cell"))
        #expect(found.origin == .created)
        try h.pool.enqueue(found.view)
        let recycled = try #require(try h.pool.dequeueIfRegistered(kind: .item, identifier: "cell"))
        #expect(recycled.view === found.view)
        #expect(recycled.origin == .recycled)
    }

    @Test func whenAFactoryReturnsAViewThePoolTracks_dequeueThrowsAndKeepsNothing() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let shared = try h.dequeue(.item, "cell")
        try h.pool.register(kind: .item, identifier: "lazy") { shared }
        let before = h.snapshot(views: [shared], keys: [(.item, "cell"), (.item, "lazy")])
        let expected = ReuseError.factoryReturnedTrackedView(identifier: "lazy", kind: .item, state: .prepared)
        #expect(throws: expected) { try h.pool.dequeue(kind: .item, identifier: "lazy") }
        #expect(h.snapshot(views: [shared], keys: [(.item, "cell"), (.item, "lazy")]) == before)
        #expect(expected.description == "the factory for reuse identifier 'lazy' of kind item returned a view "
                + "the pool already tracks (state prepared); a factory must return a new view")
    }
}

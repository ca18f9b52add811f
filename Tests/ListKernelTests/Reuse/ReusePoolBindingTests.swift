import Testing
import ListKernel

@Suite struct ReusePoolBindingTests {
    @Test func whenAViewIsBoundAgain_theEarlierTokenIsStale() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        let first = try h.pool.bind(view)
        #expect(h.pool.isCurrent(first))
        let second = try h.pool.bind(view)
        #expect(!h.pool.isCurrent(first))
        #expect(h.pool.isCurrent(second))
        #expect(first != second)
    }

    @Test func whenAViewIsRecycledForAnotherRow_aLateResultForTheOldRowIsRejected() throws {
        let h = Harness()
        try h.register(.item, "cell")
        // Row 0 is configured and starts an image load.
        let cell = try h.dequeue(.item, "cell")
        let row0 = try h.pool.bind(cell)
        try h.pool.willDisplay(cell)
        // Row 0 scrolls away; the cell is recycled for row 10 before the image arrives.
        try h.pool.didEndDisplaying(cell)
        try h.pool.enqueue(cell)
        let again = try h.dequeue(.item, "cell")
        #expect(again === cell)
        #expect(!h.pool.isCurrent(row0))
        let row10 = try h.pool.bind(again)
        try h.pool.willDisplay(again)
        #expect(!h.pool.isCurrent(row0))                   // the row-0 image is dropped
        #expect(h.pool.isCurrent(row10))
    }

    @Test func whenDisplayEnds_theTokenGoesStale_butWillDisplayKeepsIt() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        let token = try h.pool.bind(view)
        try h.pool.willDisplay(view)
        #expect(h.pool.isCurrent(token))
        try h.pool.didEndDisplaying(view)
        #expect(!h.pool.isCurrent(token))
        try h.pool.willDisplay(view)                        // re-displayed: still stale
        #expect(!h.pool.isCurrent(token))
    }

    @Test func whenAViewIsEnqueuedOrDiscarded_itsTokenGoesStale() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let pooled = try h.dequeue(.item, "cell")
        let dropped = try h.dequeue(.item, "cell")
        let pooledToken = try h.pool.bind(pooled)
        let droppedToken = try h.pool.bind(dropped)
        try h.pool.enqueue(pooled)
        try h.pool.discard(dropped)
        #expect(!h.pool.isCurrent(pooledToken))
        #expect(!h.pool.isCurrent(droppedToken))
    }

    @Test func whenAViewIsDiscardedByPurge_itsTokenStaysStaleEvenIfRecycledLater() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        let token = try h.pool.bind(view)
        try h.pool.enqueue(view)
        h.pool.purge()
        let fresh = try h.dequeue(.item, "cell")
        _ = try h.pool.bind(fresh)
        #expect(!h.pool.isCurrent(token))
    }

    @Test func whenADiscardedObjectComesBackAsANewView_itsOldTokenStaysStale() throws {
        // The same object, hence the same ObjectIdentifier, as a later view would get when
        // it reuses a released view's address.
        let recycledObject = TestView(serial: 0, madeFor: "cell")
        let pool = ReusePool<TestView>()
        try pool.register(kind: .item, identifier: "cell") { recycledObject }
        let first = try pool.dequeue(kind: .item, identifier: "cell").view
        let old = try pool.bind(first)
        try pool.discard(first)
        let second = try pool.dequeue(kind: .item, identifier: "cell")
        #expect(second.view === first)
        #expect(second.origin == .created)
        #expect(!pool.isCurrent(old))
        let new = try pool.bind(second.view)
        #expect(!pool.isCurrent(old))
        #expect(pool.isCurrent(new))
    }

    @Test @MainActor func whenATokenTravelsThroughABackgroundTask_itIsCheckedBackOnThePoolsActor() async throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        let token = try h.pool.bind(view)
        // The token is Sendable: a detached task can carry it and hand it back.
        let returned = await Task.detached { token }.value
        #expect(h.pool.isCurrent(returned))
        _ = try h.pool.bind(view)
        #expect(!h.pool.isCurrent(returned))
    }
}

import Testing
import ListKernel

@Suite struct ReusePoolLeakTests {
    @Test func whenThePoolIsReleased_everyViewItHeldIsReleased() throws {
        weak var pooled: TestView?
        weak var prepared: TestView?
        weak var displayed: TestView?
        weak var ended: TestView?
        weak var weakPool: ReusePool<TestView>?
        do {
            let h = Harness()
            weakPool = h.pool
            try h.register(.item, "cell")
            try h.register(.header, "title")
            pooled = try h.cycle(.header, "title", count: 1)[0]
            let p = try h.dequeue(.item, "cell")
            let d = try h.dequeue(.item, "cell")
            let e = try h.dequeue(.item, "cell")
            _ = try h.pool.bind(d)
            try h.pool.willDisplay(d)
            try h.pool.willDisplay(e)
            try h.pool.didEndDisplaying(e)
            prepared = p
            displayed = d
            ended = e
            #expect(pooled != nil && prepared != nil && displayed != nil && ended != nil)
        }
        #expect(weakPool == nil)
        #expect(pooled == nil)
        #expect(prepared == nil)
        #expect(displayed == nil)
        #expect(ended == nil)
    }

    @Test func whenThePoolDiscardsAView_itReleasesItAtOnce() throws {
        let h = Harness()
        h.pool.onDiscard = nil                               // the log would not keep views, but be sure
        try h.register(.item, "cell")
        try h.register(.item, "row")
        try h.register(.header, "title")
        try h.register(.footer, "note")
        try h.pool.setCapacity(1, kind: .item, identifier: "cell")
        weak var overCapacity: TestView?
        weak var purged: TestView?
        weak var reregistered: TestView?
        weak var unregistered: TestView?
        weak var byCaller: TestView?
        do {
            let views = try h.cycle(.item, "cell", count: 2)          // the second is over capacity
            overCapacity = views[1]
            purged = try h.cycle(.item, "row", count: 1)[0]
            reregistered = try h.cycle(.header, "title", count: 1)[0]
            unregistered = try h.cycle(.footer, "note", count: 1)[0]
            let dropped = try h.dequeue(.item, "row")
            byCaller = dropped
            try h.pool.discard(dropped)
            try h.pool.purge(kind: .item, identifier: "row")
            try h.register(.header, "title")
            try h.pool.unregister(kind: .footer, identifier: "note")
        }
        #expect(overCapacity == nil)
        #expect(purged == nil)
        #expect(reregistered == nil)
        #expect(unregistered == nil)
        #expect(byCaller == nil)
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 1)   // the one kept is alive
    }

    @Test func whenADiscardCallbackKeepsTheView_theViewOutlivesThePool() throws {
        var kept: [TestView] = []
        weak var weakView: TestView?
        do {
            let pool = ReusePool<TestView>()
            pool.onDiscard = { view, _ in kept.append(view) }
            try pool.register(kind: .item, identifier: "cell") { TestView(serial: 0, madeFor: "cell") }
            let view = try pool.dequeue(kind: .item, identifier: "cell").view
            weakView = view
            try pool.discard(view)
        }
        #expect(weakView != nil)
        #expect(kept.count == 1)
        kept.removeAll()
        #expect(weakView == nil)
    }
}

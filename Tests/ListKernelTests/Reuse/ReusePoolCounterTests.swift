import Testing
import ListKernel

@Suite struct ReusePoolCounterTests {
    @Test func countersCountCreatedReusedDiscardedAndPooledPerIdentifierAndInTotal() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.header, "title")
        try h.pool.setCapacity(2, kind: .item, identifier: "cell")
        // 3 cells on screen, then all leave: 2 pooled, 1 over capacity.
        try h.cycle(.item, "cell", count: 3)
        // 2 cells again: both recycled, then 1 leaves.
        let a = try h.dequeue(.item, "cell")
        _ = try h.dequeue(.item, "cell")
        try h.pool.enqueue(a)
        // 1 header on screen and back.
        try h.cycle(.header, "title", count: 1)
        #expect(h.pool.counters(kind: .item, identifier: "cell")
                == ReuseCounters(created: 3, reused: 2, discarded: 1, pooled: 1, peakPooled: 2))
        #expect(h.pool.counters(kind: .header, identifier: "title")
                == ReuseCounters(created: 1, reused: 0, discarded: 0, pooled: 1, peakPooled: 1))
        // The total peak is the most pooled at once (2 cells, before the header came back).
        #expect(h.pool.totalCounters
                == ReuseCounters(created: 4, reused: 2, discarded: 1, pooled: 2, peakPooled: 2))
        #expect(h.pool.counters(kind: .footer, identifier: "none") == .zero)
        #expect(h.pool.totalCounters.description == "created 4, reused 2, discarded 1, pooled 2 (peak 2)")
    }

    @Test func whenAnIdentifierIsUnregistered_itsCountersAreKept() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.cycle(.item, "cell", count: 2)
        try h.pool.unregister(kind: .item, identifier: "cell")
        #expect(h.pool.counters(kind: .item, identifier: "cell")
                == ReuseCounters(created: 2, reused: 0, discarded: 2, pooled: 0, peakPooled: 2))
    }

    @Test func whenAThousandRowsScrollPastFiveOnScreen_onlySixViewsAreEverCreated() throws {
        let h = Harness()
        try h.register(.item, "cell")
        var onScreen: [TestView] = []
        for _ in 0..<1_000 {
            // One row enters at the bottom before the top one leaves: 6 on screen at peak.
            let entering = try h.dequeue(.item, "cell")
            _ = try h.pool.bind(entering)
            try h.pool.willDisplay(entering)
            onScreen.append(entering)
            if onScreen.count > 5 {
                let leaving = onScreen.removeFirst()
                try h.pool.didEndDisplaying(leaving)
                try h.pool.enqueue(leaving)
            }
        }
        let counters = h.pool.counters(kind: .item, identifier: "cell")
        #expect(counters.created == 6)
        #expect(counters.reused == 994)
        #expect(counters.peakPooled == 1)
        #expect(counters.discarded == 0)
    }
}

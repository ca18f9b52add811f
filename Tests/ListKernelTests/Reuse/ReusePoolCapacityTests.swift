import Testing
import ListKernel

@Suite struct ReusePoolCapacityTests {
    @Test func whenNothingIsSet_eachIdentifierPoolsFiveViews() throws {
        let h = Harness()
        try h.register(.item, "cell")
        #expect(ReusePool<TestView>.defaultCapacity == 5)
        #expect(h.pool.capacity(kind: .item, identifier: "cell") == 5)
        #expect(h.pool.capacity(kind: .item, identifier: "other") == nil)
        var outcomes: [EnqueueOutcome] = []
        let views = (0..<7).map { _ in try! h.dequeue(.item, "cell") }
        for view in views { outcomes.append(try h.pool.enqueue(view)) }
        #expect(outcomes == Array(repeating: .pooled, count: 5) + [.discarded(.overCapacity), .discarded(.overCapacity)])
        // The pool keeps what it has: the views enqueued into a full pool are the ones dropped.
        #expect(h.log.serials == [5, 6])
        #expect(h.log.reasons == [.overCapacity, .overCapacity])
        #expect(h.pool.state(of: views[5]) == .untracked)
        #expect(h.pool.state(of: views[4]) == .pooled)
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 5)
    }

    @Test func whenCapacityIsSetPerIdentifier_otherIdentifiersKeepTheirs() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.header, "title")
        try h.pool.setCapacity(1, kind: .header, identifier: "title")
        try h.cycle(.header, "title", count: 3)
        try h.cycle(.item, "cell", count: 3)
        #expect(h.pool.counters(kind: .header, identifier: "title").pooled == 1)
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 3)
        #expect(h.pool.capacity(kind: .item, identifier: "cell") == 5)
    }

    @Test func whenCapacityIsLowered_excessPooledViewsAreDiscardedMostRecentFirst() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.cycle(.item, "cell", count: 5)                    // serials 0…4 pooled, 4 on top
        try h.pool.setCapacity(2, kind: .item, identifier: "cell")
        #expect(h.log.serials == [4, 3, 2])
        #expect(h.log.reasons == [.overCapacity, .overCapacity, .overCapacity])
        #expect(try h.dequeue(.item, "cell").serial == 1)
        #expect(try h.dequeue(.item, "cell").serial == 0)
        try h.pool.setCapacity(8, kind: .item, identifier: "cell")  // raising drops nothing
        #expect(h.log.serials.count == 3)
    }

    @Test func whenCapacityIsZero_everyEnqueuedViewIsDiscarded() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.pool.setCapacity(0, kind: .item, identifier: "cell")
        let view = try h.dequeue(.item, "cell")
        #expect(try h.pool.enqueue(view) == .discarded(.overCapacity))
        #expect(h.pool.state(of: view) == .untracked)
        #expect(try h.pool.dequeue(kind: .item, identifier: "cell").origin == .created)
    }

    @Test func whenCapacityIsNegative_itIsRejectedAndNothingChanges() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.cycle(.item, "cell", count: 2)
        let keys: [(ElementKind, String)] = [(.item, "cell")]
        let before = h.snapshot(views: [], keys: keys)
        let expected = ReuseError.invalidCapacity(-1, identifier: "cell", kind: .item)
        #expect(throws: expected) { try h.pool.setCapacity(-1, kind: .item, identifier: "cell") }
        #expect(h.snapshot(views: [], keys: keys) == before)
        #expect(expected.description == "capacity -1 for reuse identifier 'cell' of kind item is negative; a capacity is 0 or more")
        #expect(throws: ReuseError.notRegistered(
            identifier: "row", kind: .item, registered: ["cell"], registeredForOtherKinds: [])) {
            try h.pool.setCapacity(3, kind: .item, identifier: "row")
        }
    }

    @Test func whenPurgingEverything_allPooledViewsAreDiscardedAndViewsOutOfThePoolStay() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.header, "title")
        try h.cycle(.item, "cell", count: 2)                    // 0, 1
        try h.cycle(.header, "title", count: 1)                 // 2
        let displayed = try h.dequeue(.item, "cell")            // 1, recycled
        try h.pool.willDisplay(displayed)
        h.pool.purge()
        #expect(h.log.serials == [0, 2])                        // in first-registration order
        #expect(h.log.reasons == [.purged, .purged])
        #expect(h.pool.state(of: displayed) == .displayed)
        #expect(h.pool.totalCounters.pooled == 0)
        #expect(h.pool.isRegistered(kind: .item, identifier: "cell"))
        #expect(try h.pool.dequeue(kind: .header, identifier: "title").origin == .created)
    }

    @Test func whenPurgingOneIdentifier_onlyItsPooledViewsAreDiscarded() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.item, "row")
        try h.cycle(.item, "cell", count: 2)                    // 0, 1
        try h.cycle(.item, "row", count: 2)                     // 2, 3
        try h.pool.purge(kind: .item, identifier: "row")
        #expect(h.log.serials == [3, 2])
        #expect(h.log.entries.allSatisfy { $0.discard == ReuseDiscard(kind: .item, identifier: "row", reason: .purged) })
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 2)
        #expect(h.pool.counters(kind: .item, identifier: "row").pooled == 0)
        #expect(throws: ReuseError.notRegistered(
            identifier: "Row", kind: .item, registered: ["cell", "row"], registeredForOtherKinds: [])) {
            try h.pool.purge(kind: .item, identifier: "Row")
        }
    }

    @Test func whenTheDiscardCallbackReentersThePool_itSeesTheFinishedState() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.cycle(.item, "cell", count: 2)
        var pooledSeenByCallback: [Int] = []
        h.pool.onDiscard = { [pool = h.pool] _, _ in
            pooledSeenByCallback.append(pool.counters(kind: .item, identifier: "cell").pooled)
        }
        h.pool.purge()
        #expect(pooledSeenByCallback == [0, 0])
        h.pool.onDiscard = nil
    }
}

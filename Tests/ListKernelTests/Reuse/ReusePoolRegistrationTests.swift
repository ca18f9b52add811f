import Testing
import ListKernel

@Suite struct ReusePoolRegistrationTests {
    @Test func whenAnIdentifierIsRegistered_dequeueMakesANewViewWithItsFactory() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let dequeued = try h.pool.dequeue(kind: .item, identifier: "cell")
        #expect(dequeued.view.madeFor == "cell")
        #expect(dequeued.origin == .created)
        #expect(!dequeued.isRecycled)
        #expect(h.pool.state(of: dequeued.view) == .prepared)
        #expect(h.pool.isRegistered(kind: .item, identifier: "cell"))
        #expect(h.pool.registeredIdentifiers(of: .item) == ["cell"])
    }

    @Test func whenAnIdentifierIsRegisteredAgain_theNewFactoryIsUsedAndOldPooledViewsAreDiscarded() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let old = try h.cycle(.item, "cell", count: 3)          // serials 0, 1, 2 pooled
        var madeByNewFactory = 0
        try h.pool.register(kind: .item, identifier: "cell") {
            madeByNewFactory += 1
            return TestView(serial: 100 + madeByNewFactory, madeFor: "new")
        }
        // Dropped from the top of the stack: the most recently enqueued first.
        #expect(h.log.serials == [2, 1, 0])
        #expect(h.log.reasons == [.reregistered, .reregistered, .reregistered])
        #expect(h.log.entries.allSatisfy { $0.discard.kind == .item && $0.discard.identifier == "cell" })
        #expect(old.allSatisfy { h.pool.state(of: $0) == .untracked })
        let fresh = try h.pool.dequeue(kind: .item, identifier: "cell")
        #expect(fresh.origin == .created)
        #expect(fresh.view.madeFor == "new")
        #expect(madeByNewFactory == 1)
    }

    @Test func whenAnIdentifierIsRegisteredAgain_viewsOfTheOldFactoryOutOfThePoolAreDiscardedOnEnqueue() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let displayed = try h.dequeue(.item, "cell")
        try h.pool.willDisplay(displayed)
        try h.register(.item, "cell")
        // Still tracked and displayed: re-registration does not touch views on screen.
        #expect(h.pool.state(of: displayed) == .displayed)
        try h.pool.didEndDisplaying(displayed)
        #expect(try h.pool.enqueue(displayed) == .discarded(.reregistered))
        #expect(h.pool.state(of: displayed) == .untracked)
        #expect(h.log.serials == [0])
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 0)
    }

    @Test func whenAnIdentifierIsRegisteredAgain_itsCapacityAndCountersCarryOver() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.pool.setCapacity(2, kind: .item, identifier: "cell")
        try h.cycle(.item, "cell", count: 1)
        try h.register(.item, "cell")
        #expect(h.pool.capacity(kind: .item, identifier: "cell") == 2)
        #expect(h.pool.counters(kind: .item, identifier: "cell")
                == ReuseCounters(created: 1, reused: 0, discarded: 1, pooled: 0, peakPooled: 1))
    }

    @Test func whenIdentifiersDifferOnlyInCase_theyAreDistinctRegistrations() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.item, "Cell")
        try h.cycle(.item, "cell", count: 1)                    // serial 0 pooled under "cell"
        let upper = try h.pool.dequeue(kind: .item, identifier: "Cell")
        #expect(upper.origin == .created)
        #expect(upper.view.madeFor == "Cell")
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 1)
        #expect(h.pool.registeredIdentifiers(of: .item) == ["Cell", "cell"])
        try h.pool.unregister(kind: .item, identifier: "Cell")
        #expect(h.pool.isRegistered(kind: .item, identifier: "cell"))
        #expect(!h.pool.isRegistered(kind: .item, identifier: "Cell"))
        #expect(!h.pool.isRegistered(kind: .item, identifier: "CELL"))
    }

    @Test func whenTheSameIdentifierIsRegisteredForTwoKinds_theirPoolsAreSeparate() throws {
        let h = Harness()
        try h.register(.item, "title")
        try h.register(.header, "title")
        let item = try h.cycle(.item, "title", count: 1)[0]
        let header = try h.pool.dequeue(kind: .header, identifier: "title")
        #expect(header.origin == .created)
        #expect(header.view !== item)
        #expect(try h.pool.dequeue(kind: .item, identifier: "title").view === item)
    }

    @Test func whenAnIdentifierIsEmpty_everyCallTakingOneRejectsItAndNothingChanges() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        let keys: [(ElementKind, String)] = [(.item, "cell"), (.footer, "")]
        let before = h.snapshot(views: [view], keys: keys)
        let expected = ReuseError.emptyIdentifier(kind: .footer)
        #expect(throws: expected) { try h.register(.footer, "") }
        #expect(throws: expected) { try h.pool.dequeue(kind: .footer, identifier: "") }
        #expect(throws: expected) { try h.pool.unregister(kind: .footer, identifier: "") }
        #expect(throws: expected) { try h.pool.setCapacity(3, kind: .footer, identifier: "") }
        #expect(throws: expected) { try h.pool.purge(kind: .footer, identifier: "") }
        #expect(try h.pool.dequeueIfRegistered(kind: .footer, identifier: "") == nil)
        #expect(h.snapshot(views: [view], keys: keys) == before)
        #expect(expected.description == "a reuse identifier must not be empty (kind footer)")
    }

    @Test func whenAnIdentifierIsUnregistered_itsPooledViewsAreDiscardedAndDequeueFails() throws {
        let h = Harness()
        try h.register(.item, "cell")
        try h.register(.item, "row")
        try h.cycle(.item, "cell", count: 2)                    // serials 0, 1 pooled
        let out = try h.dequeue(.item, "cell")                  // serial 1, out of the pool
        try h.pool.unregister(kind: .item, identifier: "cell")
        #expect(h.log.serials == [0])
        #expect(h.log.reasons == [.unregistered])
        #expect(h.pool.state(of: out) == .prepared)
        #expect(throws: ReuseError.notRegistered(
            identifier: "cell", kind: .item, registered: ["row"], registeredForOtherKinds: [])) {
            try h.pool.dequeue(kind: .item, identifier: "cell")
        }
        #expect(try h.pool.enqueue(out) == .discarded(.unregistered))
        #expect(h.log.serials == [0, 1])
        #expect(throws: ReuseError.notRegistered(
            identifier: "cell", kind: .item, registered: ["row"], registeredForOtherKinds: [])) {
            try h.pool.unregister(kind: .item, identifier: "cell")
        }
    }

    @Test func whenAnUnregisteredIdentifierIsRegisteredAgain_viewsMadeBeforeAreDiscardedOnEnqueue() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let out = try h.dequeue(.item, "cell")
        try h.pool.unregister(kind: .item, identifier: "cell")
        try h.register(.item, "cell")
        #expect(try h.pool.enqueue(out) == .discarded(.reregistered))
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 0)
    }
}

import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList

/// Where a view starts before a lifecycle call, in the exhaustive transition table.
enum StartingPoint: CaseIterable, Sendable, CustomStringConvertible {
    case pooled, prepared, displayed, ended, discarded, foreign

    var description: String {
        switch self {
        case .pooled: "pooled"
        case .prepared: "prepared"
        case .displayed: "displayed"
        case .ended: "ended"
        case .discarded: "discarded"
        case .foreign: "foreign"
        }
    }

    /// A harness with one registration ("cell" of kind item) and a view in this state.
    func make() throws -> (Harness, TestView) {
        let h = Harness()
        try h.register(.item, "cell")
        switch self {
        case .pooled:
            return (h, try h.cycle(.item, "cell", count: 1)[0])
        case .prepared:
            return (h, try h.dequeue(.item, "cell"))
        case .displayed:
            let view = try h.dequeue(.item, "cell")
            try h.pool.willDisplay(view)
            return (h, view)
        case .ended:
            let view = try h.dequeue(.item, "cell")
            try h.pool.willDisplay(view)
            try h.pool.didEndDisplaying(view)
            return (h, view)
        case .discarded:
            let view = try h.dequeue(.item, "cell")
            try h.pool.discard(view)
            return (h, view)
        case .foreign:
            return (h, TestView(serial: 999, madeFor: "nobody"))
        }
    }
}

/// Runs one lifecycle call.
func perform(_ operation: ReuseOperation, on view: TestView, in pool: ReusePool<TestView>) throws(ReuseError) {
    switch operation {
    case .willDisplay: try pool.willDisplay(view)
    case .didEndDisplaying: try pool.didEndDisplaying(view)
    case .enqueue: try pool.enqueue(view)
    case .discard: try pool.discard(view)
    case .bind: _ = try pool.bind(view)
    }
}

@Suite struct ReusePoolLifecycleTests {
    /// The state after each legal (operation, starting state); every pair not listed is
    /// illegal. Written out by hand from the lifecycle diagram.
    static let legal: [ReuseOperation: [StartingPoint: ReuseState]] = [
        .willDisplay: [.prepared: .displayed, .ended: .displayed],
        .didEndDisplaying: [.displayed: .ended],
        .enqueue: [.prepared: .pooled, .ended: .pooled],
        .discard: [.prepared: .untracked, .ended: .untracked],
        .bind: [.prepared: .prepared, .displayed: .displayed, .ended: .ended],
    ]

    @Test(arguments: [ReuseOperation.willDisplay, .didEndDisplaying, .enqueue, .discard, .bind], StartingPoint.allCases)
    func everyLifecycleCallIsLegalOnlyFromItsStates_andAnIllegalOneThrowsAndChangesNothing(
        operation: ReuseOperation, start: StartingPoint
    ) throws {
        let (h, view) = try start.make()
        let keys: [(ElementKind, String)] = [(.item, "cell")]
        if let after = Self.legal[operation]?[start] {
            try perform(operation, on: view, in: h.pool)
            #expect(h.pool.state(of: view) == after, "\(operation) from \(start)")
            return
        }
        let before = h.snapshot(views: [view], keys: keys)
        let stateBefore = h.pool.state(of: view)
        let expected: ReuseError = switch start {
        case .discarded, .foreign: .untrackedView(operation, viewType: "TestView")
        default: .illegalTransition(operation, identifier: "cell", kind: .item, state: stateBefore)
        }
        #expect(throws: expected, "\(operation) from \(start)") { try perform(operation, on: view, in: h.pool) }
        #expect(h.snapshot(views: [view], keys: keys) == before, "\(operation) from \(start) changed the pool")
    }

    @Test func theAllocationFreeLegalityCheckAgreesWithTheListOfLegalStates() {
        let states: [ReuseState] = [.pooled, .prepared, .displayed, .ended, .untracked]
        for operation in [ReuseOperation.willDisplay, .didEndDisplaying, .enqueue, .discard, .bind] {
            for state in states {
                #expect(operation.isLegal(from: state) == operation.legalStates.contains(state), "\(operation) from \(state)")
            }
        }
        #expect(ReuseOperation.enqueue.legalStates == [.prepared, .ended])
    }

    @Test func whenAViewGoesThroughItsLifecycle_eachCallMovesItOneState() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        var states = [h.pool.state(of: view)]
        try h.pool.willDisplay(view)
        states.append(h.pool.state(of: view))
        try h.pool.didEndDisplaying(view)
        states.append(h.pool.state(of: view))
        #expect(try h.pool.enqueue(view) == .pooled)
        states.append(h.pool.state(of: view))
        _ = try h.dequeue(.item, "cell")
        states.append(h.pool.state(of: view))
        #expect(states == [.prepared, .displayed, .ended, .pooled, .prepared])
    }

    @Test func whenAnEndedViewScrollsBackBeforeItIsEnqueued_itIsDisplayedAgainWithoutRecycling() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        try h.pool.willDisplay(view)
        try h.pool.didEndDisplaying(view)
        try h.pool.willDisplay(view)
        #expect(h.pool.state(of: view) == .displayed)
        #expect(view.prepareCount == 0)
        #expect(h.pool.counters(kind: .item, identifier: "cell").reused == 0)
    }

    @Test func whenADisplayedViewIsEnqueued_theErrorSaysADisplayedViewIsNeverInThePool() throws {
        let (h, view) = try StartingPoint.displayed.make()
        do {
            try h.pool.enqueue(view)
            Issue.record("a displayed view was enqueued")
        } catch {
            #expect(error == .illegalTransition(.enqueue, identifier: "cell", kind: .item, state: .displayed))
            #expect(error.description == "cannot enqueue a view of reuse identifier 'cell' of kind item: it is displayed, "
                    + "and a displayed view is never in the pool (call didEndDisplaying first)")
        }
        #expect(h.pool.state(of: view) == .displayed)
    }

    @Test func whenAViewIsEnqueuedTwice_theErrorNamesKindIdentifierAndState() throws {
        let (h, view) = try StartingPoint.pooled.make()
        let expected = ReuseError.illegalTransition(.enqueue, identifier: "cell", kind: .item, state: .pooled)
        #expect(throws: expected) { try h.pool.enqueue(view) }
        #expect(expected.description == "cannot enqueue a view of reuse identifier 'cell' of kind item: it is already pooled (enqueued twice)")
        #expect(h.pool.counters(kind: .item, identifier: "cell").pooled == 1)
    }

    @Test func whenAnIllegalCallHasNoSpecialMessage_theErrorListsTheLegalStates() {
        let error = ReuseError.illegalTransition(.didEndDisplaying, identifier: "title", kind: .header, state: .prepared)
        #expect(error.description == "cannot didEndDisplaying a view of reuse identifier 'title' of kind header: "
                + "it is prepared, and didEndDisplaying is legal only when it is displayed")
        let bind = ReuseError.illegalTransition(.bind, identifier: "cell", kind: .item, state: .pooled)
        #expect(bind.description == "cannot bind a view of reuse identifier 'cell' of kind item: "
                + "it is pooled, and bind is legal only when it is prepared or displayed or ended")
    }

    @Test func whenAViewThePoolNeverMadeIsEnqueued_theErrorSaysThePoolDoesNotTrackIt() throws {
        let (h, stranger) = try StartingPoint.foreign.make()
        let expected = ReuseError.untrackedView(.enqueue, viewType: "TestView")
        #expect(throws: expected) { try h.pool.enqueue(stranger) }
        #expect(expected.description == "cannot enqueue a view of type TestView: this pool does not track it "
                + "(state untracked: never made by this pool, or discarded)")
        #expect(h.pool.state(of: stranger) == .untracked)
        #expect(h.pool.totalCounters.pooled == 0)
    }

    @Test func whenTheCallerDiscardsAView_thePoolForgetsItAndCountsTheDiscard() throws {
        let h = Harness()
        try h.register(.item, "cell")
        let view = try h.dequeue(.item, "cell")
        try h.pool.discard(view)
        #expect(h.pool.state(of: view) == .untracked)
        #expect(h.log.entries.map(\.discard) == [ReuseDiscard(kind: .item, identifier: "cell", reason: .discardedByCaller)])
        #expect(h.pool.counters(kind: .item, identifier: "cell")
                == ReuseCounters(created: 1, reused: 0, discarded: 1, pooled: 0, peakPooled: 0))
    }
}

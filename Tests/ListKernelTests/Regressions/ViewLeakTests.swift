import Testing
import ListKernel
import ListKernelTesting

/// When a list is released, every view it made is released: displayed, pooled and
/// discarded ones alike, and views captured by pending image loads.
@Suite struct ViewLeakTests {
    final class WeakView {
        weak var view: AuditView?
        init(_ view: AuditView) { self.view = view }
    }

    @Test func releasingAListReleasesEveryViewItMadeIncludingPooledAndDiscardedOnes() throws {
        var made: [WeakView] = []
        var counters = ReuseCounters.zero
        var displayed = 0
        do {
            let frontEnd = AuditReferenceFrontEnd()
            frontEnd.onViewMade = { made.append(WeakView($0)) }
            let world = AuditWorld(
                sections: (0..<12).map { _ in AuditWorld.Section(itemCount: 20, header: 30, footer: 10, itemExtent: .estimated(40)) },
                style: .plain, viewport: Viewport(size: 500), measuresInConfigure: true, poolCapacity: 1
            )
            let session = try AuditSession(world: world, frontEnd: frontEnd)
            var problems: [AuditProblem] = []
            for offset in stride(from: 0.0, through: 6_000, by: 700) { problems += session.perform(.scroll(to: offset)) }
            problems += session.perform(.purgePool)
            problems += session.perform(.scroll(to: 0))
            problems += session.perform(.update(.deleteSection(0)))
            problems += session.perform(.resize(size: 200, insetTop: 0, insetBottom: 0, overscanAhead: 0, overscanBehind: 0))
            problems += session.perform(.reloadData)
            #expect(problems.isEmpty, "\(problems)")
            counters = session.list.pool.totalCounters
            displayed = session.list.displayed.count
            #expect(session.pendingLoadCount > 0)
        }
        // All three kinds existed when the list went away.
        #expect(counters.pooled > 0)
        #expect(counters.discarded > 0)
        #expect(displayed > 0)
        #expect(made.count == counters.created)
        let alive = made.filter { $0.view != nil }
        #expect(alive.isEmpty, "\(alive.count) of \(made.count) views outlived their list: \(alive.compactMap(\.view))")
    }
}

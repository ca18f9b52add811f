import Testing
import ListKernel

/// A main-actor view like UIKit's, whose `prepareForReuse` is main-actor isolated.
@MainActor
final class MainActorCell {
    var text: String?
    private(set) var resets = 0

    func prepareForReuse() {
        text = nil
        resets += 1
    }
}

// The conformance is isolated to the main actor, as a UIKit view's would be.
extension MainActorCell: @MainActor ReusableView {}

@Suite struct ReusePoolMainActorTests {
    @Test @MainActor func whenViewsAreMainActorIsolated_thePoolLivesOnTheMainActorAndResetsThem() throws {
        let pool = ReusePool<MainActorCell>()
        try pool.register(kind: .item, identifier: "cell") { MainActorCell() }
        let cell = try pool.dequeue(kind: .item, identifier: "cell").view
        cell.text = "row 0"
        try pool.enqueue(cell)
        let again = try pool.dequeue(kind: .item, identifier: "cell")
        #expect(again.view === cell)
        #expect(cell.text == nil)
        #expect(cell.resets == 1)
    }
}

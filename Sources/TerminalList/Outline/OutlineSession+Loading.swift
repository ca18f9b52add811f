public import ListKernel

extension OutlineSession {
    /// Whether loads were started and not answered yet.
    ///
    /// - Complexity: as the content's ``OutlineContent/pendingLoadCount``.
    public var hasPendingLoads: Bool { model.content.pendingLoadCount > 0 }

    /// Hands the loads that finished to the outline, on the caller's thread: each answer
    /// through the token API (`answer(_:with:)`, or `failLoad(_:)` for a failure), so a
    /// placeholder row gives way to the children, or to nothing; then keeps the selection
    /// visible. A late or superseded answer is the outline's to judge (it is dropped).
    ///
    /// - Returns: Whether anything was delivered (the screen should be drawn again).
    /// - Throws: `ListError` from the kernel.
    /// - Complexity: O(k + (k / 32 + 1) log n) kernel work per answer of k children, plus
    ///   the rows inserted.
    @discardableResult
    public func deliverFinishedLoads() throws(ListError) -> Bool {
        let answers = model.content.takeFinishedLoads()
        guard !answers.isEmpty else { return false }
        lastKernelNanoseconds = 0
        for answer in answers {
            let update: OutlineUpdate<Int>
            if let children = answer.children {
                update = try perform { $0.answer(answer.token, with: children) }
            } else {
                update = try perform { $0.failLoad(answer.token) }
            }
            switch update.status {
            case .applied, .failed, .droppedNodeRemoved, .droppedDuplicateAnswer, .droppedSuperseded: break
            default: note("a load was refused: \(update.status)")
            }
        }
        try keepSelectionVisible()
        return true
    }

    /// Blocks until a started load has finished (at once when none is pending).
    ///
    /// - Complexity: as long as the content's load takes.
    public func waitForFinishedLoad() {
        guard hasPendingLoads else { return }
        model.content.waitForFinishedLoad()
    }

    /// Waits for and delivers loads until none is pending, including those the answers
    /// start (an expanded group inside a loaded one): what a scripted run does before each
    /// key, so that its output never depends on timing.
    ///
    /// - Throws: `ListError` from the kernel.
    /// - Complexity: as long as the loads take, plus their delivery.
    public func settleLoads() throws(ListError) {
        while hasPendingLoads {
            waitForFinishedLoad()
            try deliverFinishedLoads()
        }
    }
}

extension ReusePool {
    /// The view's state: ``ReuseState/untracked`` for a view this pool discarded or never
    /// made.
    ///
    /// - Complexity: O(1).
    public func state(of view: View) -> ReuseState {
        records[ObjectIdentifier(view)]?.state ?? .untracked
    }

    /// Marks a prepared or ended view as displayed.
    ///
    /// An ended view may be displayed again without going through the pool (a cell that
    /// scrolled back before it was reused); its content is whatever it was last bound to,
    /// and its earlier binding token is stale, so the engine binds it again if it loads
    /// anything asynchronously.
    ///
    /// - Throws: ``ReuseError/illegalTransition(_:identifier:kind:state:)`` from pooled or
    ///   displayed; ``ReuseError/untrackedView(_:viewType:)``. Nothing changes then.
    /// - Complexity: O(1).
    public func willDisplay(_ view: View) throws(ReuseError) {
        let id = try checkTransition(.willDisplay, of: view)
        records[id]?.state = .displayed
        finishMutation()
    }

    /// Marks a displayed view as ended (off screen, not yet in the pool) and makes its
    /// binding token stale.
    ///
    /// - Throws: ``ReuseError/illegalTransition(_:identifier:kind:state:)`` unless displayed;
    ///   ``ReuseError/untrackedView(_:viewType:)``. Nothing changes then.
    /// - Complexity: O(1).
    public func didEndDisplaying(_ view: View) throws(ReuseError) {
        let id = try checkTransition(.didEndDisplaying, of: view)
        records[id]?.state = .ended
        records[id]?.binding = 0
        finishMutation()
    }

    /// Puts a prepared or ended view back in the pool, making its binding token stale.
    ///
    /// The view is discarded instead (the discard callback runs, and the result says why)
    /// when its identifier's pool is at capacity (``DiscardReason/overCapacity``), or when its
    /// factory was replaced (``DiscardReason/reregistered``) or removed
    /// (``DiscardReason/unregistered``) after the view was made.
    ///
    /// - Returns: ``EnqueueOutcome/pooled`` or ``EnqueueOutcome/discarded(_:)``.
    /// - Throws: ``ReuseError/illegalTransition(_:identifier:kind:state:)`` from displayed (a
    ///   displayed view is never in the pool) or pooled (enqueued twice);
    ///   ``ReuseError/untrackedView(_:viewType:)``. Nothing changes then.
    /// - Complexity: O(1) amortized.
    @discardableResult
    public func enqueue(_ view: View) throws(ReuseError) -> EnqueueOutcome {
        let id = try checkTransition(.enqueue, of: view)
        guard let record = records[id] else { preconditionFailure("ReusePool: checked view has no record") }
        let slot = record.slot
        let reason: DiscardReason?
        if record.registration != slots[slot].registration {
            reason = slots[slot].factory == nil ? .unregistered : .reregistered
        } else if slots[slot].pooled.count >= slots[slot].capacity {
            reason = .overCapacity
        } else {
            reason = nil
        }
        if let reason {
            let dropped = forget(id, reason: reason)
            finishMutation([dropped])
            return .discarded(reason)
        }
        records[id]?.state = .pooled
        records[id]?.binding = 0
        slots[slot].pooled.append(id)
        slots[slot].counters.pooled += 1
        slots[slot].counters.peakPooled = max(slots[slot].counters.peakPooled, slots[slot].counters.pooled)
        totals.pooled += 1
        totals.peakPooled = max(totals.peakPooled, totals.pooled)
        finishMutation()
        return .pooled
    }

    /// Drops a prepared or ended view the front end does not want back in the pool; the pool
    /// forgets it (reason ``DiscardReason/discardedByCaller``) and releases its reference.
    /// Pooled views are dropped with ``purge()`` instead.
    ///
    /// - Throws: ``ReuseError/illegalTransition(_:identifier:kind:state:)`` from pooled or
    ///   displayed; ``ReuseError/untrackedView(_:viewType:)``. Nothing changes then.
    /// - Complexity: O(1).
    public func discard(_ view: View) throws(ReuseError) {
        let id = try checkTransition(.discard, of: view)
        let dropped = forget(id, reason: .discardedByCaller)
        finishMutation([dropped])
    }

    /// The view's identifier if `operation` is legal from its state, or the error.
    func checkTransition(_ operation: ReuseOperation, of view: View) throws(ReuseError) -> ObjectIdentifier {
        let id = ObjectIdentifier(view)
        guard let record = records[id] else {
            throw .untrackedView(operation, viewType: String(describing: type(of: view)))
        }
        guard operation.legalStates.contains(record.state) else {
            let key = slots[record.slot].key
            throw .illegalTransition(operation, identifier: key.identifier, kind: key.kind, state: record.state)
        }
        return id
    }
}

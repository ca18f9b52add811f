@_spi(ListKernelTesting) import ListKernelCore

extension ReusePool {
    /// The view's state: ``ReuseState/untracked`` for a view this pool discarded or never
    /// made.
    ///
    /// - Complexity: O(1).
    @_specialize(exported: true, where View == AnyObject)
    public func state(of view: View) -> ReuseState {
        guard let record = recordIndex[ObjectIdentifier(view)] else { return .untracked }
        return records[record].state
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
    @_specialize(exported: true, where View == AnyObject)
    public func willDisplay(_ view: View) throws(ReuseError) {
        let record = try checkTransition(.willDisplay, of: view)
        records[record].state = .displayed
        finishMutation()
    }

    /// Marks a displayed view as ended (off screen, not yet in the pool) and makes its
    /// binding token stale.
    ///
    /// - Throws: ``ReuseError/illegalTransition(_:identifier:kind:state:)`` unless displayed;
    ///   ``ReuseError/untrackedView(_:viewType:)``. Nothing changes then.
    /// - Complexity: O(1).
    @_specialize(exported: true, where View == AnyObject)
    public func didEndDisplaying(_ view: View) throws(ReuseError) {
        let record = try checkTransition(.didEndDisplaying, of: view)
        records[record].state = .ended
        records[record].binding = 0
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
    @_specialize(exported: true, where View == AnyObject)
    public func enqueue(_ view: View) throws(ReuseError) -> EnqueueOutcome {
        let record = try checkTransition(.enqueue, of: view)
        let slot = records[record].slot
        let reason: DiscardReason?
        if records[record].registration != slots[slot].registration {
            reason = slots[slot].factory == nil ? .unregistered : .reregistered
        } else if slots[slot].pooled.count >= slots[slot].capacity {
            reason = .overCapacity
        } else {
            reason = nil
        }
        if let reason {
            let dropped = forget(record, reason: reason)
            finishMutation([dropped])
            return .discarded(reason)
        }
        records[record].state = .pooled
        records[record].binding = 0
        slots[slot].pooled.append(record)
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
    @_specialize(exported: true, where View == AnyObject)
    public func discard(_ view: View) throws(ReuseError) {
        let record = try checkTransition(.discard, of: view)
        let dropped = forget(record, reason: .discardedByCaller)
        finishMutation([dropped])
    }

    /// The view's record index if `operation` is legal from its state, or the error.
    func checkTransition(_ operation: ReuseOperation, of view: View) throws(ReuseError) -> Int {
        guard let record = recordIndex[ObjectIdentifier(view)] else {
            throw .untrackedView(operation, viewType: String(describing: type(of: view)))
        }
        let state = records[record].state
        guard operation.isLegal(from: state) else {
            let key = slots[records[record].slot].key
            throw .illegalTransition(operation, identifier: key.identifier, kind: key.kind, state: state)
        }
        return record
    }
}

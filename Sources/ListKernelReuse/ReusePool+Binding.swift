@_spi(ListKernelTesting) import ListKernelCore

extension ReusePool {
    /// Starts a new binding of `view` (the engine calls it each time it configures the view
    /// for an element) and returns its token; every earlier token of the view goes stale.
    ///
    /// ```swift
    /// let token = try pool.bind(cell)
    /// Task { @MainActor in
    ///     let image = await images.load(url)
    ///     if pool.isCurrent(token) { cell.imageView.image = image }
    /// }
    /// ```
    ///
    /// - Throws: ``ReuseError/illegalTransition(_:identifier:kind:state:)`` when pooled (a
    ///   pooled view shows nothing); ``ReuseError/untrackedView(_:viewType:)``. Nothing
    ///   changes then.
    /// - Complexity: O(1).
    @_specialize(exported: true, where View == AnyObject)
    public func bind(_ view: View) throws(ReuseError) -> BindingToken {
        let record = try checkTransition(.bind, of: view)
        lastBinding += 1
        records[record].binding = lastBinding
        finishMutation()
        return BindingToken(view: ObjectIdentifier(view), generation: lastBinding)
    }

    /// Whether `token` is still the current binding of its view: no later `bind`, and no
    /// `didEndDisplaying`, `enqueue` or discard of the view since it was issued.
    ///
    /// - Complexity: O(1).
    @_specialize(exported: true, where View == AnyObject)
    public func isCurrent(_ token: BindingToken) -> Bool {
        guard let record = recordIndex[token.view] else { return false }
        return records[record].binding == token.generation
    }
}

@_spi(ListKernelTesting) public import ListKernel

/// One audited list: a model, the front end's views behind the auditor's data source, and
/// a `VirtualList` driven by ``AuditOperation``s, checked after each one.
///
/// ``StaleStateAuditor`` drives sessions with random operations; a test drives one by hand
/// to pin down a scenario:
///
/// ```swift
/// let session = try AuditSession(world: AuditWorld(sections: sections), frontEnd: MyFrontEnd())
/// #expect(session.perform(.tapHeader(section: 0)).isEmpty)
/// #expect(session.perform(.scroll(to: 4_000)).isEmpty)
/// ```
///
/// A session holds its views weakly (apart from what the list and the pool hold), so
/// releasing it releases every view.
///
/// - Complexity: stored properties are O(1) to read; each method says its own.
public final class AuditSession<FrontEnd: AuditableFrontEnd> {
    /// The world the session started from.
    public let world: AuditWorld
    /// The model; operations change it, the front end renders it.
    public let model: AuditModel
    /// The front end under audit.
    public let frontEnd: FrontEnd
    /// The list under audit (its data source is the auditor's).
    public let list: VirtualList<FrontEnd.View>
    let dataSource: AuditDataSource<FrontEnd>

    /// Applies a snapshot change to the list: `old` is what the list shows, the model
    /// already holds `new`. Default: one batch per stage of `new.difference(from: old)`,
    /// each converted by the kernel's `BatchUpdate(_:)` and applied with `apply(_:)`.
    ///
    /// Extension point: a front end that applies snapshots its own way replaces this, so
    /// `.applySnapshot` operations exercise its path instead.
    public var snapshotApplier: (_ old: ListSnapshot<Int, Int>, _ new: ListSnapshot<Int, Int>, _ list: VirtualList<FrontEnd.View>) throws(ListError) -> Void = { old, new, list throws(ListError) in
        for stage in new.difference(from: old).staged() {
            try list.apply(BatchUpdate(stage))
        }
    }

    /// Builds the model of `world`, registers the front end's views, reloads, folds the
    /// sections the world folds and runs the first pass.
    ///
    /// - Throws: whatever the kernel throws for the front end's registrations or the first
    ///   passes (`ListError`).
    /// - Complexity: O(n) for n items, plus the first pass.
    public init(world: AuditWorld, frontEnd: FrontEnd) throws(ListError) {
        self.world = world
        self.frontEnd = frontEnd
        model = AuditModel(world: world)
        list = VirtualList<FrontEnd.View>(style: world.style)
        dataSource = AuditDataSource(model: model, frontEnd: frontEnd, measuresInConfigure: world.measuresInConfigure)
        try frontEnd.register(in: list)
        if let capacity = world.poolCapacity {
            for kind in [ElementKind.header, .item, .footer] {
                for identifier in list.pool.registeredIdentifiers(of: kind) {
                    do { try list.pool.setCapacity(capacity, kind: kind, identifier: identifier) } catch { throw .reuse(error) }
                }
            }
        }
        list.dataSource = dataSource
        list.prefetchDistance = world.prefetchDistance
        try list.reloadData()
        let folded = model.sections.indices.filter { model.isFolded(section: $0) }
        if !folded.isEmpty { try list.setCollapsed(true, sections: folded) }
        try list.setViewport(world.viewport)
    }

    /// Image loads requested and not delivered yet.
    ///
    /// - Complexity: O(1).
    public var pendingLoadCount: Int { dataSource.pendingLoads.count }

    /// How many times the list asked the front end to configure a view.
    ///
    /// - Complexity: O(1).
    public var configureCount: Int { dataSource.configureCount }

    /// How many times the list recycled a view (`prepareForReuse`).
    ///
    /// - Complexity: O(1).
    public var prepareForReuseCount: Int { dataSource.prepareCount }

    /// The view displaying `element`, or `nil`.
    ///
    /// - Complexity: O(log k) for k displayed elements.
    public func view(for element: ListElement) -> FrontEnd.View? { list.view(for: element) }

    /// Runs the kernel's own invariant checks now (the layout's and the pool's); they trap
    /// on a broken invariant. Use them every N steps inside
    /// `InvariantChecks.$areSuspended.withValue(true)`.
    ///
    /// - Complexity: O(n + v) for n laid-out elements and v views.
    public func checkKernelInvariants() {
        list.layout._checkInvariantsNow()
        list.pool._checkInvariantsNow()
    }

    /// Performs `operation`, then checks everything (see ``check()``); returns every
    /// problem found, empty when all is well.
    ///
    /// - Complexity: the operation's kernel cost, plus O(k + v + S) for the checks.
    @discardableResult
    public func perform(_ operation: AuditOperation) -> [AuditProblem] {
        var problems: [AuditProblem] = []
        do {
            try apply(operation, problems: &problems)
        } catch {
            problems.append(AuditProblem(.kernelError, message: "the kernel rejected \(operation), which is valid for the model: \(error)"))
        }
        return problems + check()
    }
}

@_spi(ListKernelTesting) public import ListKernel

/// One audited list: a model, the adapter's views behind the auditor's data source, and a
/// `VirtualList` driven by ``AuditOperation``s, checked after each one.
///
/// ``StaleStateAuditor`` drives sessions with random operations; a test drives one by hand
/// to pin down a scenario:
///
/// ```swift
/// let session = try AuditSession(world: AuditWorld(sections: sections), frontEnd: MessagesAudit())
/// #expect(session.perform(.tapHeader(section: 0)).isEmpty)
/// #expect(session.perform(.scroll(to: 4_000)).isEmpty)
/// ```
///
/// A session holds its views weakly (apart from what the list and the pool hold), so
/// releasing it releases every view.
///
/// - Complexity: stored properties are O(1) to read; each method says its own.
public final class AuditSession<Adapter: AuditAdapter> {
    /// The world the session started from.
    public let world: AuditWorld
    /// The model; operations change it, the adapter renders it.
    public let model: AuditModel
    /// The adapter under audit.
    public let adapter: Adapter
    /// The list under audit (its data source is the auditor's).
    public let list: VirtualList<Adapter.View>
    let dataSource: AuditDataSource<Adapter>

    /// The adapter under audit (``adapter``, by the name the token adapter had).
    ///
    /// - Complexity: O(1).
    public var frontEnd: Adapter { adapter }

    /// Applies a snapshot change to the list: `old` is what the list shows, the model
    /// already holds `new` (section identifiers and item keys). Default: one batch per
    /// stage of `new.difference(from: old)`, each converted by the kernel's
    /// `BatchUpdate(_:)` and applied with `apply(_:)`.
    ///
    /// Extension point: a front end that applies snapshots its own way replaces this, so
    /// `.applySnapshot` operations exercise its path instead.
    public var snapshotApplier: (_ old: ListSnapshot<Int, Int>, _ new: ListSnapshot<Int, Int>, _ list: VirtualList<Adapter.View>) throws(ListError) -> Void = { old, new, list throws(ListError) in
        for stage in new.difference(from: old).staged() {
            try list.apply(BatchUpdate(stage))
        }
    }

    /// Builds the model of `world`, registers the adapter's views, reloads, folds the
    /// sections the world folds and runs the first pass.
    ///
    /// - Throws: ``AuditError/Kind/invalidWorld`` for a world out of range (nothing is
    ///   built), ``AuditError/Kind/setupRejected`` when the list rejects the adapter's
    ///   registrations or the world's first reload or passes (with the `ListError`).
    /// - Complexity: O(n) for n items, plus the first pass.
    public init(world: AuditWorld, frontEnd adapter: Adapter) throws(AuditError) {
        try world.validate()
        self.world = world
        self.adapter = adapter
        model = AuditModel(world: world)
        list = VirtualList<Adapter.View>(style: world.style)
        let dataSource = AuditDataSource(model: model, adapter: adapter, measuresInConfigure: world.measuresInConfigure)
        self.dataSource = dataSource
        let registry = AuditRegistry<Adapter.View, Adapter.Rendered>(list: list) { [unowned list, weak dataSource] view, element, binding, readBack, body in
            dataSource?.configure(view, for: element, binding: binding, in: list, readBack: readBack, body: body)
        }
        do throws(ListError) { try adapter.register(in: registry) } catch {
            throw AuditError(.setupRejected, message: "the list rejected the adapter's registrations: \(error)", listError: error)
        }
        do throws(ListError) {
            dataSource.factoryConfigure = registry.factoryConfigure
            dataSource.factoryRendered = registry.factoryRendered
            if let capacity = world.poolCapacity {
                for kind in [ElementKind.header, .item, .footer] {
                    for identifier in list.pool.registeredIdentifiers(of: kind) {
                        do { try list.pool.setCapacity(capacity, kind: kind, identifier: identifier) } catch { throw ListError.reuse(error) }
                    }
                }
            }
            list.dataSource = dataSource
            list.prefetchDistance = world.prefetchDistance
            try list.reloadData()
            let folded = model.sections.indices.filter { model.isFolded(section: $0) }
            if !folded.isEmpty { try list.setCollapsed(true, sections: folded) }
            try list.setViewport(world.viewport)
        } catch {
            var rejected = AuditError(.setupRejected, message: "the list rejected the world's first reload or pass: \(error)", listError: error)
            rejected.rejectsTheWorld = true
            throw rejected
        }
    }

    /// Image loads requested and not delivered yet.
    ///
    /// - Complexity: O(1).
    public var pendingLoadCount: Int { dataSource.pendingLoads.count }

    /// How many times the list asked the adapter to configure a view.
    ///
    /// - Complexity: O(1).
    public var configureCount: Int { dataSource.configureCount }

    /// How many times the list recycled a view (`prepareForReuse`).
    ///
    /// - Complexity: O(1).
    public var prepareForReuseCount: Int { dataSource.prepareCount }

    /// How many `willDisplay` and `didEndDisplaying` events the adapter heard.
    ///
    /// - Complexity: O(1).
    public var displayEventCount: Int { dataSource.displayEvents }

    /// The view displaying `element`, or `nil`.
    ///
    /// - Complexity: O(log k) for k displayed elements.
    public func view(for element: ListElement) -> Adapter.View? { list.view(for: element) }

    /// What `view` shows now, read back through the registration that configured it last,
    /// or `nil` for a view no audit registration configured.
    ///
    /// - Complexity: what the adapter's read-back costs.
    public func rendered(_ view: Adapter.View) -> Adapter.Rendered? { dataSource.rendered(view) }

    /// What the view displaying `element` must show now (``AuditAdapter/expected(for:)``
    /// with the image delivered to that view), or `nil` when no view displays it.
    ///
    /// - Complexity: O(log k) for k displayed elements.
    public func expected(for element: ListElement) -> Adapter.Rendered? {
        guard let view = list.view(for: element) else { return nil }
        return adapter.expected(for: dataSource.described(element, for: dataSource.record(for: view)))
    }

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
    /// problem found, empty when all is well. An operation no list accepts (see
    /// ``AuditOperation/validationError``) is not performed: the one problem returned says
    /// why.
    ///
    /// - Complexity: the operation's kernel cost, plus O(k + v + S) for the checks.
    @discardableResult
    public func perform(_ operation: AuditOperation) -> [AuditProblem] {
        performResolved(operation).problems
    }

    /// Performs `operation` and checks; returns the operation as performed, its indexes
    /// wrapped into range, with the problems.
    func performResolved(_ operation: AuditOperation) -> (operation: AuditOperation, problems: [AuditProblem]) {
        if let reason = operation.validationError {
            return (operation, [AuditProblem(.invalidOperation, message: "\(operation) was not performed: \(reason)")])
        }
        var problems: [AuditProblem] = []
        var resolved = operation
        do {
            resolved = try apply(operation, problems: &problems)
        } catch {
            problems.append(AuditProblem(.kernelError, message: "the kernel rejected \(operation), which is valid for the model: \(error)"))
        }
        problems += check()
        return (resolved, AuditProblem.unique(problems))
    }
}

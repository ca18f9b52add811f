import ListKernel

/// The list's data source during an audit: answers counts, metrics and identifiers from the
/// model, runs the adapter's configure code, forwards display-time events and prefetches to
/// the adapter, and keeps the books the checks read (every view seen, display callbacks per
/// view, pending image loads, images delivered).
final class AuditDataSource<Adapter: AuditAdapter>: ListDataSource {
    typealias View = Adapter.View
    typealias Rendered = Adapter.Rendered

    /// What the auditor knows about one view; the view itself is held weakly, so an audit
    /// does not keep views alive (the leak test depends on it).
    final class ViewRecord {
        weak var view: View?
        /// A serial for messages, in the order the audit first saw the views.
        let serial: Int
        /// willDisplay − didEndDisplaying.
        var displayBalance = 0
        /// The element of the last `configure`, its description then, and its binding.
        var configuredFor: ListElement?
        var shown: AuditElement?
        var binding: BindingToken?
        /// The image delivered under `binding`, if one was.
        var deliveredImage: String?
        /// Reads what the view shows (from the registration that configured it last).
        var readBack: ((View) -> Rendered?)?

        init(view: View, serial: Int) {
            self.view = view
            self.serial = serial
        }

        /// `view #3 (header)`: the serial and the kind of element it was configured for.
        var name: String { "view #\(serial)" + (configuredFor.map { " (\($0.kind))" } ?? "") }
    }

    /// A requested image that has not arrived yet.
    struct PendingLoad {
        var element: AuditElement
        var image: String
        var binding: BindingToken
        weak var view: View?
        var completion: (String) -> Void
    }

    let model: AuditModel
    let adapter: Adapter
    let measuresInConfigure: Bool
    /// Set by the session once the adapter registered.
    var factoryConfigure: ((View, AuditElement, AuditContext<View>) -> Void)?
    var factoryRendered: ((View, ElementKind) -> Rendered)?
    var records: [ObjectIdentifier: ViewRecord] = [:]
    var nextSerial = 0
    var pendingLoads: [PendingLoad] = []
    /// Items announced for prefetching, as described when announced.
    var prefetched: [ItemPath: AuditElement] = [:]
    /// Problems seen inside callbacks since the last check.
    var callbackProblems: [AuditProblem] = []
    /// Counts of callbacks, for tests that count work.
    var configureCount = 0
    var prepareCount = 0
    var displayEvents = 0
    var prefetchEvents = 0
    /// Image results delivered after their view was rebound.
    var lateDeliveries = 0
    /// The most image loads kept pending; older ones are dropped (a cancelled request).
    static var pendingLimit: Int { 64 }

    init(model: AuditModel, adapter: Adapter, measuresInConfigure: Bool) {
        self.model = model
        self.adapter = adapter
        self.measuresInConfigure = measuresInConfigure
    }

    func record(for view: View) -> ViewRecord {
        let id = ObjectIdentifier(view)
        if let record = records[id], record.view === view { return record }
        // New, or a new object at the address of a released one.
        nextSerial += 1
        let record = ViewRecord(view: view, serial: nextSerial)
        records[id] = record
        return record
    }

    /// `view #3 (header)`.
    func describe(_ view: View) -> String { record(for: view).name }

    /// What `view` shows now, or `nil` when no registration of the audit configured it.
    func rendered(_ view: View) -> Rendered? {
        let record = record(for: view)
        return record.readBack?(view)
    }

    /// The description of `element` for the view `record` describes: the model's, with the
    /// image delivered under the view's current binding.
    func described(_ element: ListElement, for record: ViewRecord) -> AuditElement {
        var described = model.auditElement(for: element)
        described.deliveredImage = record.deliveredImage
        return described
    }

    // MARK: Configure

    /// Configures `view` for `element` under `binding`: the books, then `body` (the
    /// adapter's configure code) with the element's description and a context, then the
    /// measurement a self-sizing cell reports.
    func configure(
        _ view: View, for element: ListElement, binding: BindingToken, in list: VirtualList<View>,
        readBack: @escaping (View) -> Rendered?, body: (AuditElement, AuditContext<View>) -> Void
    ) {
        configureCount += 1
        let record = record(for: view)
        let described = model.auditElement(for: element)
        record.configuredFor = element
        record.shown = described
        record.binding = binding
        record.deliveredImage = nil
        record.readBack = readBack
        let context = AuditContext(element: element, binding: binding, list: list) { [weak self, weak view] completion in
            guard let self, let view, let image = described.image else { return }
            pendingLoads.append(PendingLoad(element: described, image: image, binding: binding, view: view, completion: completion))
            if pendingLoads.count > AuditDataSource.pendingLimit { pendingLoads.removeFirst() }
        }
        body(described, context)
        if measuresInConfigure, case .item(let path) = element {
            let extent = model.measuredExtent(of: path)
            if list.layout.itemExtent(at: path) != extent {
                do { try list.setMeasuredExtent(extent, for: element) } catch {
                    callbackProblems.append(AuditProblem(
                        .kernelError, element: element,
                        message: "setMeasuredExtent(\(extent), for: \(element)) from inside configure was rejected: \(error)"
                    ))
                }
            }
        }
    }

    // MARK: ListDataSource

    func numberOfSections(in list: VirtualList<View>) -> Int { model.sections.count }

    func list(_ list: VirtualList<View>, numberOfItemsInSection section: Int) -> Int {
        model.sections[section].items.count
    }

    func list(_ list: VirtualList<View>, reuseIdentifierFor element: ListElement) -> String {
        adapter.reuseIdentifier(for: model.auditElement(for: element))
    }

    func list(_ list: VirtualList<View>, metricsForSection section: Int) -> SectionMetrics {
        let described = model.sections[section]
        if described.reportsExtentsUpFront {
            let extents = described.items.indices.map { model.measuredExtent(of: ItemPath(section: section, item: $0)) }
            return SectionMetrics(header: described.header, footer: described.footer, measuredItemExtents: extents, estimate: described.itemExtent.points)
        }
        return SectionMetrics(header: described.header, footer: described.footer, itemExtent: described.itemExtent)
    }

    func list(_ list: VirtualList<View>, identifierForSection section: Int) -> AnyHashable? {
        model.sections[section].id
    }

    func list(_ list: VirtualList<View>, identifierForItemAt path: ItemPath) -> AnyHashable? {
        model.listIdentifier(ofItemAt: path)
    }

    /// Views made by plain factories (the token adapter's); views of an audit registration
    /// are configured by their handler, through ``configure(_:for:binding:in:readBack:body:)``.
    func list(_ list: VirtualList<View>, configure view: View, for element: ListElement, binding: BindingToken) {
        guard let factoryConfigure, let factoryRendered else {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                message: "\(describe(view)) was made by a plain factory (register(kind:reuseIdentifier:factory:)), so the auditor can't run its configure code or read it back: register it through the AuditRegistry"
            ))
            return
        }
        let kind = element.kind
        configure(view, for: element, binding: binding, in: list, readBack: { factoryRendered($0, kind) }) { described, context in
            factoryConfigure(view, described, context)
        }
    }

    func list(_ list: VirtualList<View>, willDisplay view: View, for element: ListElement) {
        displayEvents += 1
        let record = record(for: view)
        record.displayBalance += 1
        if record.displayBalance != 1 {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                message: "willDisplay of \(record.name) for \(model.describe(element)) while it is already displayed (balance \(record.displayBalance))"
            ))
        }
        guard record.configuredFor == element else {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                found: record.configuredFor.map { "\($0)" } ?? "nothing", expected: "\(element)",
                message: "willDisplay of \(record.name) for \(model.describe(element)), but it was last configured for \(record.configuredFor.map { "\($0)" } ?? "nothing")"
            ))
            return
        }
        adapter.willDisplay(view, for: described(element, for: record))
    }

    func list(_ list: VirtualList<View>, didEndDisplaying view: View, for element: ListElement) {
        displayEvents += 1
        let record = record(for: view)
        record.displayBalance -= 1
        if record.displayBalance != 0 {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                message: "didEndDisplaying of \(record.name) for \(element) without a matching willDisplay (balance \(record.displayBalance))"
            ))
        }
        // The element as the view was configured for it: the model may have moved on (a
        // deleted item ends its display after the model lost it).
        if var shown = record.shown {
            shown.deliveredImage = record.deliveredImage
            adapter.didEndDisplaying(view, for: shown)
        }
    }

    func list(_ list: VirtualList<View>, prepareForReuse view: View) {
        prepareCount += 1
        let record = record(for: view)
        if record.displayBalance != 0 {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks,
                message: "prepareForReuse of \(record.name) while it is displayed for \(record.configuredFor.map { "\($0)" } ?? "nothing")"
            ))
        }
        adapter.prepareForReuse(view)
    }

    func list(_ list: VirtualList<View>, prefetchItemsAt paths: [ItemPath]) {
        prefetchEvents += 1
        let elements = paths.map { path in
            let described = model.auditElement(for: .item(path))
            prefetched[path] = described
            return described
        }
        adapter.prefetch(elements)
    }

    func list(_ list: VirtualList<View>, cancelPrefetchingForItemsAt paths: [ItemPath]) {
        prefetchEvents += 1
        // As announced: the model may have changed since (an update cancels every prefetch).
        let elements = paths.compactMap { prefetched.removeValue(forKey: $0) }
        if !elements.isEmpty { adapter.cancelPrefetching(elements) }
    }
}

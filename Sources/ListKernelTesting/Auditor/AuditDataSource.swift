import ListKernel

/// The list's data source during an audit: answers counts, metrics and identifiers from the
/// model, hands configuration to the front end, and keeps the books the checks read (every
/// view seen, display callbacks per view, pending image loads).
final class AuditDataSource<FrontEnd: AuditableFrontEnd>: ListDataSource {
    typealias View = FrontEnd.View

    /// What the auditor knows about one view; the view itself is held weakly, so an audit
    /// does not keep views alive (the leak test depends on it).
    final class ViewRecord {
        weak var view: View?
        /// willDisplay − didEndDisplaying.
        var displayBalance = 0
        /// The element of the last `configure`.
        var configuredFor: ListElement?
        /// A serial for messages.
        let serial: Int

        init(view: View, serial: Int) {
            self.view = view
            self.serial = serial
        }
    }

    /// A requested image that has not arrived yet.
    struct PendingLoad {
        var element: ListElement
        var image: String
        var binding: BindingToken
        weak var view: View?
        var completion: (String) -> Void
    }

    let model: AuditModel
    let frontEnd: FrontEnd
    let measuresInConfigure: Bool
    var records: [ObjectIdentifier: ViewRecord] = [:]
    var nextSerial = 0
    var pendingLoads: [PendingLoad] = []
    /// Problems seen inside callbacks since the last check.
    var callbackProblems: [AuditProblem] = []
    /// Counts of callbacks, for tests that count work.
    var configureCount = 0
    var prepareCount = 0
    /// Image results delivered after their view was rebound.
    var lateDeliveries = 0
    /// The most image loads kept pending; older ones are dropped (a cancelled request).
    static var pendingLimit: Int { 64 }

    init(model: AuditModel, frontEnd: FrontEnd, measuresInConfigure: Bool) {
        self.model = model
        self.frontEnd = frontEnd
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

    func describe(_ view: View) -> String { "view \(String(describing: view))" }

    // MARK: ListDataSource

    func numberOfSections(in list: VirtualList<View>) -> Int { model.sections.count }

    func list(_ list: VirtualList<View>, numberOfItemsInSection section: Int) -> Int {
        model.sections[section].items.count
    }

    func list(_ list: VirtualList<View>, reuseIdentifierFor element: ListElement) -> String {
        frontEnd.reuseIdentifier(for: element)
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
        model.itemID(at: path)
    }

    func list(_ list: VirtualList<View>, configure view: View, for element: ListElement, binding: BindingToken) {
        configureCount += 1
        let record = record(for: view)
        record.configuredFor = element
        let content = model.content(for: element)
        let context = AuditContext(element: element, binding: binding, list: list) { [weak self, weak view] completion in
            guard let self, let view, case .item(let path) = element else { return }
            self.pendingLoads.append(PendingLoad(
                element: element, image: self.model.imageToken(for: path), binding: binding, view: view, completion: completion
            ))
            if self.pendingLoads.count > AuditDataSource.pendingLimit { self.pendingLoads.removeFirst() }
        }
        frontEnd.configure(view, with: content, context: context)
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

    func list(_ list: VirtualList<View>, willDisplay view: View, for element: ListElement) {
        let record = record(for: view)
        record.displayBalance += 1
        if record.displayBalance != 1 {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                message: "willDisplay of \(describe(view)) for \(model.describe(element)) while it is already displayed (balance \(record.displayBalance))"
            ))
        }
        if record.configuredFor != element {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                found: record.configuredFor.map { "\($0)" }, expected: "\(element)",
                message: "willDisplay of \(describe(view)) for \(model.describe(element)), but it was last configured for \(record.configuredFor.map { "\($0)" } ?? "nothing")"
            ))
        }
    }

    func list(_ list: VirtualList<View>, didEndDisplaying view: View, for element: ListElement) {
        let record = record(for: view)
        record.displayBalance -= 1
        if record.displayBalance != 0 {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks, element: element,
                message: "didEndDisplaying of \(describe(view)) for \(element) without a matching willDisplay (balance \(record.displayBalance))"
            ))
        }
    }

    func list(_ list: VirtualList<View>, prepareForReuse view: View) {
        prepareCount += 1
        let record = record(for: view)
        if record.displayBalance != 0 {
            callbackProblems.append(AuditProblem(
                .unpairedCallbacks,
                message: "prepareForReuse of \(describe(view)) while it is displayed for \(record.configuredFor.map { "\($0)" } ?? "nothing")"
            ))
        }
        frontEnd.prepareForReuse(view)
    }
}

import ListKernel

extension AuditSession {
    /// Everything wrong with the list now, empty when all is well:
    /// - the list's sections, item counts and fold state match the model;
    /// - every displayed element is laid out in the model, once, in order, at its frame in
    ///   the layout (unless pinned), and every element the viewport shows is displayed;
    /// - every displayed view shows exactly what ``AuditAdapter/expected(for:)`` says its
    ///   element shows now (every part of the adapter's `Rendered` value, the image being
    ///   the one delivered under the view's current binding, if any), under a current
    ///   binding;
    /// - no view is displayed twice; displayed views are `displayed` in the pool and every
    ///   other view is not; every pooled view is one the front end configured;
    /// - `willDisplay` and `didEndDisplaying` pair up per view, `willDisplay` follows a
    ///   `configure` for the same element, `prepareForReuse` never hits a displayed view.
    ///
    /// - Complexity: O(k log k + v + S) for k displayed elements, v views seen, S sections.
    public func check() -> [AuditProblem] {
        var problems = dataSource.callbackProblems
        dataSource.callbackProblems.removeAll()
        checkModel(&problems)
        if problems.contains(where: { $0.kind == .modelMismatch }) { return problems }
        checkDisplayed(&problems)
        return problems
    }

    func checkModel(_ problems: inout [AuditProblem]) {
        let layout = list.layout
        guard layout.sectionCount == model.sections.count else {
            problems.append(AuditProblem(
                .modelMismatch, found: "\(layout.sectionCount) sections", expected: "\(model.sections.count) sections",
                message: "the list has \(layout.sectionCount) sections, the model \(model.sections.count)"
            ))
            return
        }
        for s in model.sections.indices {
            let count = layout.itemCount(inSection: s) ?? -1
            if count != model.sections[s].items.count {
                problems.append(AuditProblem(
                    .modelMismatch, element: .header(section: s),
                    found: "\(count) items", expected: "\(model.sections[s].items.count) items",
                    message: "section \(s) (id \(model.sections[s].id)) has \(count) items in the list, \(model.sections[s].items.count) in the model"
                ))
            }
            let folded = list.isCollapsed(section: s)
            if folded != model.isFolded(section: s) {
                problems.append(AuditProblem(
                    .modelMismatch, element: .header(section: s),
                    found: folded ? "folded" : "unfolded", expected: model.isFolded(section: s) ? "folded" : "unfolded",
                    message: "section \(s) (id \(model.sections[s].id)) is \(folded ? "folded" : "unfolded") in the list but \(model.isFolded(section: s) ? "folded" : "unfolded") in the model"
                ))
            }
        }
    }

    func checkDisplayed(_ problems: inout [AuditProblem]) {
        var displayedViews = Set<ObjectIdentifier>()
        var previous: ListElement?
        for shown in list.displayed {
            let element = shown.element
            let view = shown.view
            let name = dataSource.describe(view)
            if let previous, !(previous < element) {
                problems.append(AuditProblem(.displayedTwice, element: element, message: "displayed elements are out of order or repeated at \(element) (after \(previous))"))
            }
            previous = element
            guard model.isLaidOut(element) else {
                problems.append(AuditProblem(.modelMismatch, element: element, message: "\(model.describe(element)) is displayed by \(name) but is not laid out in the model"))
                continue
            }
            if !displayedViews.insert(ObjectIdentifier(view)).inserted {
                problems.append(AuditProblem(.displayedTwice, element: element, message: "\(name) is displayed twice, again for \(model.describe(element))"))
            }
            if !list.isCurrent(shown.binding) {
                problems.append(AuditProblem(.staleBinding, element: element, message: "\(name), displayed for \(model.describe(element)), is displayed under \(shown.binding), which is not current"))
            }
            let state = list.pool.state(of: view)
            if state != .displayed {
                problems.append(AuditProblem(.poolState, element: element, found: "\(state)", expected: "displayed", message: "\(name) is displayed for \(model.describe(element)) but the pool has it \(state)"))
            }
            let record = dataSource.record(for: view)
            if record.displayBalance != 1 {
                problems.append(AuditProblem(
                    .unpairedCallbacks, element: element,
                    message: "\(name) is displayed for \(model.describe(element)) after \(record.displayBalance == 0 ? "no willDisplay, or a didEndDisplaying" : "willDisplay − didEndDisplaying = \(record.displayBalance)")"
                ))
            }
            compareContent(of: view, record: record, named: name, for: element, into: &problems)
            if !shown.isPinned, let frame = list.layout.frame(of: element), frame != shown.frame {
                problems.append(AuditProblem(
                    .layoutMismatch, element: element, found: "\(shown.frame)", expected: "\(frame)",
                    message: "\(model.describe(element)) is displayed at \(shown.frame), but the layout puts it at \(frame)"
                ))
            }
        }
        let viewport = list.viewport
        if viewport.size > 0 {
            for placed in list.layout.elements(in: viewport.offset..<(viewport.offset + viewport.size)) where list.view(for: placed.element) == nil {
                problems.append(AuditProblem(
                    .layoutMismatch, element: placed.element,
                    message: "\(model.describe(placed.element)) at \(placed.frame) is in the viewport \(viewport.offset)..<\(viewport.offset + viewport.size) but has no view"
                ))
            }
        }

        var pooled = 0
        for (id, record) in dataSource.records {
            guard let view = record.view else {
                dataSource.records[id] = nil
                continue
            }
            guard !displayedViews.contains(id) else { continue }
            let state = list.pool.state(of: view)
            if state == .displayed {
                problems.append(AuditProblem(.poolState, message: "\(dataSource.describe(view)) is displayed in the pool but the list does not display it"))
            }
            if state == .pooled { pooled += 1 }
            if record.displayBalance != 0 {
                problems.append(AuditProblem(
                    .unpairedCallbacks,
                    message: "\(dataSource.describe(view)) is not displayed, but willDisplay − didEndDisplaying = \(record.displayBalance) (last configured for \(record.configuredFor.map { "\($0)" } ?? "nothing"))"
                ))
            }
        }
        let poolCount = list.pool.totalCounters.pooled
        if pooled != poolCount {
            problems.append(AuditProblem(
                .poolState, found: "\(poolCount) pooled", expected: "\(pooled) pooled",
                message: "the pool holds \(poolCount) views, but \(pooled) of the views the front end configured are pooled"
            ))
        }
    }

    /// Compares what `view` shows with what the adapter expects of `element` now, part by
    /// part.
    func compareContent(
        of view: Adapter.View, record: AuditDataSource<Adapter>.ViewRecord, named name: String,
        for element: ListElement, into problems: inout [AuditProblem]
    ) {
        let described = dataSource.described(element, for: record)
        guard let shown = dataSource.rendered(view) else {
            problems.append(AuditProblem(
                .staleContent, element: element,
                message: "\(name), displayed for \(described.name), was not configured through the audit's registrations, so what it shows can't be read back"
            ))
            return
        }
        let expected = adapter.expected(for: described)
        for part in AuditParts.differences(found: shown, expected: expected) {
            problems.append(AuditProblem(
                .staleContent, element: element, part: part.name, found: part.found, expected: part.expected,
                message: "\(described.name) is displayed by \(name) showing \(part.name) \(part.found), expected \(part.expected)"
            ))
        }
    }
}

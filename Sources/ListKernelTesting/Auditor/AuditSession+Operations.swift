import ListKernel

extension AuditSession {
    /// Performs one operation the way an app would: the model first, then the list.
    /// Problems the operation itself reveals (a wrong tap target, a late result that landed,
    /// a moved anchor) are appended to `problems`. Returns the operation as performed: its
    /// indexes wrapped into the model as it was, so a reproducer prints them in range and
    /// replays the same way.
    func apply(_ operation: AuditOperation, problems: inout [AuditProblem]) throws(ListError) -> AuditOperation {
        switch operation {
        case .scroll(let offset):
            try list.scroll(to: offset)
        case .resize(let size, let top, let bottom, let ahead, let behind):
            var viewport = list.viewport
            viewport.size = max(0, size)
            viewport.insets = .init(top: max(0, top), bottom: max(0, bottom))
            viewport.overscan = .init(ahead: max(0, ahead), behind: max(0, behind))
            try list.setViewport(viewport)
            return .resize(
                size: viewport.size, insetTop: viewport.insets.top, insetBottom: viewport.insets.bottom,
                overscanAhead: viewport.overscan.ahead, overscanBehind: viewport.overscan.behind
            )
        case .scrollToItem(let path, let position):
            guard let path = wrappedPath(path) else { return operation }
            if model.isLaidOut(.item(path)) { try list.scroll(to: .item(path), at: position) }
            return .scrollToItem(path, position)
        case .measure(let path):
            guard let path = wrappedPath(path) else { return operation }
            let anchor = topAnchor()
            try list.setMeasuredExtent(model.measuredExtent(of: path), for: .item(path))
            if let problem = anchorProblem(anchor, measured: path, after: "measuring \(model.describe(.item(path)))") { problems.append(problem) }
            return .measure(path)
        case .tapHeader(let section):
            guard let s = wrapped(section, model.sections.count) else { return operation }
            if let header = list.view(for: .header(section: s)) {
                adapter.headerTapped(header)
                let target = adapter.section(toggledByTapping: header, in: list)
                if target != s {
                    problems.append(AuditProblem(
                        .wrongTapTarget, element: .header(section: s),
                        found: target.map { "section \($0)" } ?? "nothing", expected: "section \(s)",
                        message: "tapping \(dataSource.describe(header)), the header of \(model.describeSection(s)), would fold \(target.map { model.describeSection($0) } ?? "nothing")"
                    ))
                    return .tapHeader(section: s)
                }
            }
            let collapse = !model.isFolded(section: s)
            model.setFolded(collapse, section: s)
            try list.setCollapsed(collapse, section: s)
            return .tapHeader(section: s)
        case .fold(let sections, let collapsed):
            let targets = Array(Set(sections.compactMap { wrapped($0, model.sections.count) })).sorted()
            guard !targets.isEmpty else { return operation }
            for s in targets { model.setFolded(collapsed, section: s) }
            try list.setCollapsed(collapsed, sections: targets)
            return .fold(sections: targets, collapsed: collapsed)
        case .toggleExpansion(let path):
            guard let path = wrappedPath(path) else { return operation }
            let anchor = topAnchor()
            if let view = list.view(for: .item(path)) { adapter.expandButtonTapped(view) }
            model.toggleExpanded(path)
            try list.reconfigure([.item(path)])
            try list.setMeasuredExtent(model.measuredExtent(of: path), for: .item(path))
            if let problem = anchorProblem(anchor, measured: path, after: "expanding or collapsing \(model.describe(.item(path)))") { problems.append(problem) }
            return .toggleExpansion(path)
        case .tapItem(let path):
            guard let path = wrappedPath(path) else { return operation }
            if let cell = list.view(for: .item(path)) {
                adapter.cellTapped(cell)
                let target = adapter.item(selectedByTapping: cell, in: list)
                if target != path {
                    let acted = target.flatMap { model.isLaidOut(.item($0)) ? model.describe(.item($0)) : nil } ?? target.map { "\($0) (not an item of the list)" } ?? "nothing"
                    problems.append(AuditProblem(
                        .wrongTapTarget, element: .item(path),
                        found: target.map { "\(ListElement.item($0))" } ?? "nothing", expected: "\(ListElement.item(path))",
                        message: "tapping \(dataSource.describe(cell)), which shows \(model.describe(.item(path))), would select or deselect \(acted): a tap must act on the element the cell shows now, not the one it showed when it was configured"
                    ))
                    return .tapItem(path)
                }
            }
            model.setSelected(!model.isSelected(path), path)
            try reconfigureDisplayed([.item(path)])
            return .tapItem(path)
        case .select(let items, let selected):
            let targets = Array(Set(items.compactMap(wrappedPath))).sorted()
            guard !targets.isEmpty else { return operation }
            for path in targets { model.setSelected(selected, path) }
            try reconfigureDisplayed(targets.map { .item($0) })
            return .select(items: targets, selected: selected)
        case .update(let edit):
            var applied: AuditEdit?
            try list.performBatchUpdates { batch in
                applied = model.apply(edit)
                if let applied { batch.merge(AuditBatches.batch(for: applied)) }
            }
            return .update(applied ?? edit)
        case .applySnapshot(let edits):
            return .applySnapshot(try applySnapshot(edits))
        case .completeLoads(let pick, let count):
            guard let index = wrapped(pick, dataSource.pendingLoads.count) else { return operation }
            let count = min(max(count, 1), 16, dataSource.pendingLoads.count - index)
            for _ in 0..<count { deliverLoad(at: index, problems: &problems) }
            return .completeLoads(pick: index, count: count)
        case .reloadData:
            try list.reloadData()
        case .purgePool:
            list.pool.purge()
        }
        return operation
    }

    /// Reconfigures those of `elements` the list displays (the list ignores the others;
    /// an item of a folded section is not even laid out).
    func reconfigureDisplayed(_ elements: [ListElement]) throws(ListError) {
        let shown = elements.filter { list.view(for: $0) != nil }
        if !shown.isEmpty { try list.reconfigure(shown) }
    }

    func wrappedPath(_ path: ItemPath) -> ItemPath? {
        guard let s = wrapped(path.section, model.sections.count), let i = wrapped(path.item, model.sections[s].items.count) else { return nil }
        return ItemPath(section: s, item: i)
    }

    /// Applies `edits` to the model, marks every item whose content changed (for reload
    /// when an item or section reload touched it, else for reconfigure) and every reloaded
    /// section in the new snapshot, and hands both snapshots to `snapshotApplier`.
    ///
    /// An item that a section reload touched and that then moved out of the section is
    /// marked for itself: the section's reload does not reach it where it lands.
    func applySnapshot(_ edits: [AuditEdit]) throws(ListError) -> [AuditEdit] {
        let old = model.snapshot()
        let versionsBefore = model.versions
        var reloadedItems: Set<Int> = []
        var reloadedSections: Set<Int> = []
        var performed: [AuditEdit] = []
        for edit in edits {
            guard let applied = model.apply(edit) else { continue }
            performed.append(applied)
            switch applied {
            case .reloadItem(let path): reloadedItems.insert(model.itemID(at: path))
            case .reloadSection(let section):
                reloadedSections.insert(model.sections[section].id)
                reloadedItems.formUnion(model.sections[section].items)
            default: break
            }
        }
        var new = model.snapshot()
        let changed = model.versions.keys.filter { model.versions[$0] != versionsBefore[$0] && new.containsItem($0) && old.containsItem($0) }
        do {
            try new.reloadItems(changed.filter { reloadedItems.contains($0) }.sorted())
            try new.reconfigureItems(changed.filter { !reloadedItems.contains($0) }.sorted())
            try new.reloadSections(reloadedSections.filter { new.containsSection($0) }.sorted())
        } catch {
            preconditionFailure("AuditSession: marks name only identifiers in the snapshot: \(error)")
        }
        try snapshotApplier(old, new, list)
        return performed
    }

    /// Delivers the pending load at `index`. A result for a binding that is still current
    /// is the view's image from now on; one for a binding that is no longer current must
    /// leave the view as it was.
    func deliverLoad(at index: Int, problems: inout [AuditProblem]) {
        let load = dataSource.pendingLoads.remove(at: index)
        guard let view = load.view else {
            load.completion(load.image)
            return
        }
        let record = dataSource.record(for: view)
        let isCurrent = list.isCurrent(load.binding)
        let before = dataSource.rendered(view)
        load.completion(load.image)
        if isCurrent {
            if record.binding == load.binding { record.deliveredImage = load.image }
            return
        }
        dataSource.lateDeliveries += 1
        guard let before, let after = dataSource.rendered(view), after != before else { return }
        problems += lateResultProblems(load, landedIn: view, record: record, before: before, after: after)
    }

    /// What a late result that changed `view` did wrong, part by part: each part it
    /// changed, against what the view must show now; a part that happens to look right is
    /// still named, with why a result for an old binding is wrong anyway.
    func lateResultProblems(
        _ load: AuditDataSource<Adapter>.PendingLoad, landedIn view: Adapter.View, record: AuditDataSource<Adapter>.ViewRecord,
        before: Adapter.Rendered, after: Adapter.Rendered
    ) -> [AuditProblem] {
        let requested = "a late image \(String(reflecting: load.image)), requested for \(load.element.name) under \(load.binding), landed in \(record.name)"
        let why = "a result requested under a binding that is no longer current must be dropped (check context.isCurrent when it arrives): checking the element, its identifier or its index instead lets the same code land a result in a view that shows another element, or another version of this one"
        let changed = AuditParts.differences(found: after, expected: before)
        guard let element = list.element(for: view) else {
            // In the pool or discarded: nothing on screen changed, but the same code does it
            // to a displayed view.
            let state = "\(list.pool.state(of: view))"
            return changed.map { part in
                AuditProblem(
                    .lateAsyncResult, element: nil, part: part.name, found: part.found, expected: part.expected,
                    message: "\(requested), which was rebound since and is now \(state): its \(part.name) became \(part.found), expected \(part.expected) (a view that shows nothing must be left alone); \(why)"
                )
            }
        }
        let describedNow = dataSource.described(element, for: record)
        let expectedNow = adapter.expected(for: describedNow)
        var loaded = describedNow
        loaded.deliveredImage = loaded.image
        let expectedOnceLoaded = adapter.expected(for: loaded)
        let shows = "which was rebound since and now shows \(describedNow.name)"
        return changed.map { part in
            let landed = AuditParts.part(at: part.path, of: after)
            let now = AuditParts.part(at: part.path, of: expectedNow)
            let expected = AuditParts.text(now ?? expectedNow)
            let verdict: String
            if let landed, let now, AuditParts.isEqual(landed, now) {
                verdict = "which is what it should show now, but only by chance"
            } else if let landed, let once = AuditParts.part(at: part.path, of: expectedOnceLoaded), AuditParts.isEqual(landed, once) {
                verdict = "which looks right (it is what \(describedNow.name) shows once its own load lands) but came early, under an outdated binding; until then it should show \(expected)"
            } else {
                verdict = "which differs from what it should show now, \(expected)"
            }
            return AuditProblem(
                .lateAsyncResult, element: element, part: part.name, found: part.found, expected: expected,
                message: "\(requested), \(shows): its \(part.name) became \(part.found), \(verdict); \(why)"
            )
        }
    }

    /// The element at the top edge of the viewport, its position on screen, and every
    /// extent in the layout (to tell a one-measurement change from a cascade).
    func topAnchor() -> Anchor? {
        let top = list.viewport.offset + list.viewport.insets.top
        guard let placed = list.layout.element(at: top) else { return nil }
        let viewport = list.viewport
        let maximum = max(-viewport.insets.top, list.layout.contentExtent + viewport.insets.bottom - viewport.size)
        return Anchor(
            element: placed.element, onScreen: placed.frame.start - viewport.offset,
            extents: layoutExtents(), wasPastTheEnd: viewport.offset > maximum
        )
    }

    struct Anchor {
        var element: ListElement
        var onScreen: Double
        var extents: [Double]
        /// The viewport showed space past the content's end (a resize can leave it there):
        /// the first pass clamps it, whatever is measured.
        var wasPastTheEnd: Bool
    }

    /// Every header, item and footer extent, in order (absent parts as -1).
    func layoutExtents() -> [Double] {
        let layout = list.layout
        var extents: [Double] = []
        for s in 0..<layout.sectionCount {
            extents.append(layout.headerExtent(section: s) ?? -1)
            for i in 0..<(layout.itemCount(inSection: s) ?? 0) {
                extents.append(layout.itemExtent(at: ItemPath(section: s, item: i)) ?? -1)
            }
            extents.append(layout.footerExtent(section: s) ?? -1)
        }
        return extents
    }

    /// A problem if the anchor's element moved on screen when only `measured` changed
    /// extent. The one allowed move: when the content then ends above the viewport's
    /// bottom, the offset is clamped back to the last valid one (as a scroll view does when
    /// its content shrinks). When the pass that followed changed more extents (a measurement
    /// restored from the cache, or made in `configure`), each was anchored to the element at
    /// the top edge at its time, and a clamp in between makes the net move ambiguous: the
    /// check is skipped, as it is when the viewport started past the content's end.
    func anchorProblem(_ anchor: Anchor?, measured: ItemPath, after what: String) -> AuditProblem? {
        guard let anchor, !anchor.wasPastTheEnd, let frame = list.layout.frame(of: anchor.element) else { return nil }
        let extents = layoutExtents()
        guard extents.count == anchor.extents.count else { return nil }
        var changed = 0
        for index in extents.indices where extents[index] != anchor.extents[index] { changed += 1 }
        guard changed <= 1 else { return nil }
        let viewport = list.viewport
        let kept = frame.start - anchor.onScreen
        let maximum = max(-viewport.insets.top, list.layout.contentExtent + viewport.insets.bottom - viewport.size)
        let expected = kept > maximum ? maximum : kept
        guard viewport.offset != expected else { return nil }
        let now = frame.start - viewport.offset
        return AuditProblem(
            .anchorMoved, element: anchor.element, found: "\(now)", expected: "\(anchor.onScreen)",
            message: "\(what) moved \(anchor.element), the element at the top edge, from \(anchor.onScreen) to \(now) on screen (offset \(viewport.offset), content \(list.layout.contentExtent))"
        )
    }
}

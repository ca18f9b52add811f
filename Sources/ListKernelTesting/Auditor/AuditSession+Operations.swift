import ListKernel

extension AuditSession {
    /// Performs one operation the way an app would: the model first, then the list.
    /// Problems the operation itself reveals (a wrong tap target, a late result that landed,
    /// a moved anchor) are appended to `problems`.
    func apply(_ operation: AuditOperation, problems: inout [AuditProblem]) throws(ListError) {
        switch operation {
        case .scroll(let offset):
            try list.scroll(to: offset.isFinite ? offset : 0)
        case .resize(let size, let top, let bottom, let ahead, let behind):
            var viewport = list.viewport
            viewport.size = max(0, size)
            viewport.insets = .init(top: max(0, top), bottom: max(0, bottom))
            viewport.overscan = .init(ahead: max(0, ahead), behind: max(0, behind))
            try list.setViewport(viewport)
        case .scrollToItem(let path, let position):
            guard let path = wrappedPath(path), model.isLaidOut(.item(path)) else { return }
            try list.scroll(to: .item(path), at: position)
        case .measure(let path):
            guard let path = wrappedPath(path) else { return }
            let anchor = topAnchor()
            try list.setMeasuredExtent(model.measuredExtent(of: path), for: .item(path))
            if let problem = anchorProblem(anchor, measured: path, after: "measuring \(model.describe(.item(path)))") { problems.append(problem) }
        case .tapHeader(let section):
            guard let s = wrapped(section, model.sections.count) else { return }
            if let header = list.view(for: .header(section: s)) {
                frontEnd.headerTapped(header)
                let target = frontEnd.section(toggledByTapping: header, in: list)
                if target != s {
                    problems.append(AuditProblem(
                        .wrongTapTarget, element: .header(section: s),
                        found: target.map { "section \($0)" } ?? "nothing", expected: "section \(s)",
                        message: "tapping \(dataSource.describe(header)), the header of \(model.describeSection(s)), would fold \(target.map { model.describeSection($0) } ?? "nothing")"
                    ))
                    return
                }
            }
            let collapse = !model.isFolded(section: s)
            model.setFolded(collapse, section: s)
            try list.setCollapsed(collapse, section: s)
        case .fold(let sections, let collapsed):
            let targets = Array(Set(sections.compactMap { wrapped($0, model.sections.count) })).sorted()
            guard !targets.isEmpty else { return }
            for s in targets { model.setFolded(collapsed, section: s) }
            try list.setCollapsed(collapsed, sections: targets)
        case .toggleExpansion(let path):
            guard let path = wrappedPath(path) else { return }
            let anchor = topAnchor()
            if let view = list.view(for: .item(path)) { frontEnd.itemTapped(view) }
            model.toggleExpanded(path)
            try list.reconfigure([.item(path)])
            try list.setMeasuredExtent(model.measuredExtent(of: path), for: .item(path))
            if let problem = anchorProblem(anchor, measured: path, after: "expanding or collapsing \(model.describe(.item(path)))") { problems.append(problem) }
        case .update(let edit):
            try list.performBatchUpdates { batch in
                if let applied = model.apply(edit) { batch.merge(AuditBatches.batch(for: applied)) }
            }
        case .applySnapshot(let edits):
            try applySnapshot(edits)
        case .completeLoads(let pick, let count):
            for _ in 0..<min(max(count, 1), 16) { deliverLoad(pick: pick, problems: &problems) }
        case .reloadData:
            try list.reloadData()
        case .purgePool:
            list.pool.purge()
        }
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
    func applySnapshot(_ edits: [AuditEdit]) throws(ListError) {
        let old = model.snapshot()
        let versionsBefore = model.versions
        var reloadedItems: Set<Int> = []
        var reloadedSections: Set<Int> = []
        for edit in edits {
            guard let applied = model.apply(edit) else { continue }
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
    }

    /// Delivers the pending load at `pick` (wrapped); a result for a binding that is no
    /// longer current must leave the view as it was.
    func deliverLoad(pick: Int, problems: inout [AuditProblem]) {
        guard let index = wrapped(pick, dataSource.pendingLoads.count) else { return }
        let load = dataSource.pendingLoads.remove(at: index)
        guard let view = load.view else {
            load.completion(load.image)
            return
        }
        let isCurrent = list.isCurrent(load.binding)
        let before = frontEnd.content(of: view)
        load.completion(load.image)
        guard !isCurrent else { return }
        dataSource.lateDeliveries += 1
        let after = frontEnd.content(of: view)
        if after != before {
            let now = list.element(for: view).map { "now displayed for \(model.describe($0))" } ?? "no longer displayed (state \(list.pool.state(of: view)))"
            problems.append(AuditProblem(
                .lateAsyncResult, element: list.element(for: view),
                found: after.image, expected: before.image,
                message: "a late image '\(load.image)', requested for \(load.element) under \(load.binding), landed in \(dataSource.describe(view)), which was rebound since and is \(now): it shows \(after) instead of \(before)"
            ))
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

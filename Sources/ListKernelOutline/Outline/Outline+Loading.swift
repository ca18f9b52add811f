import ListKernelCore
public import ListKernelDiffing

extension Outline {
    /// Asks for lazy node `h`'s children: a fresh token, the node `loading`, and its
    /// placeholder entry right below it (a row when the node is expanded and visible).
    mutating func issueRequest(_ h: Int32) -> OutlineLoadRequest<ID> {
        let serial = nextSerial
        nextSerial += 1
        requests[serial] = Request(handle: h, state: .pending)
        pendingSerial[h] = serial
        waiting.remove(h)
        setLoadState(.loading, of: h)
        let (section, index, entry) = place(of: h)
        let placeholder = OutlineEntry(
            units: placeholderUnits, hidden: entry.hidden + (isExpandedHandle(h) ? 0 : 1),
            depth: entry.depth + 1, handle: OutlineEntry.placeholderHandle(of: h)
        )
        sections[section].insert([placeholder], at: index + 1, leafOf: &leafOf)
        return OutlineLoadRequest(id: ids[Int(h)]!, token: OutlineLoadToken(serial: serial))
    }

    /// Issues the requests of waiting lazy nodes of `section` that are now visible.
    mutating func activateWaiting(inSection section: Int) -> [OutlineLoadRequest<ID>] {
        guard !waiting.isEmpty else { return [] }
        // In row order, so that serials do not depend on a set's iteration order.
        let shown = waiting.compactMap { h -> (index: Int, handle: Int32)? in
            guard Int(sectionOf[Int(h)]) == section else { return nil }
            let found = place(of: h)
            return found.entry.hidden == 0 ? (found.index, h) : nil
        }.sorted { $0.index < $1.index }
        return shown.map { issueRequest($0.handle) }
    }

    /// Delivers the children a load request asked for (R11). They are inserted collapsed
    /// below the node; if it is expanded and visible they replace its placeholder row,
    /// otherwise they are stored and only its row (if visible) is reconfigured, so expanding
    /// it later shows them at once, with no request.
    ///
    /// A late answer is judged by its token: never issued → `.rejectedUnknownToken`;
    /// answered before → `.droppedDuplicateAnswer`; the node was deleted since (even if an
    /// identical identifier came back) → `.droppedNodeRemoved`; its children were reloaded
    /// since → `.droppedSuperseded`. Children with an identifier already in the outline, or
    /// twice, fail the load (`.rejectedDuplicateIdentifier`), as do children with bad
    /// depths or extents (`.failed`): the node is unloaded and collapsed again, and the next
    /// expand asks again.
    ///
    /// ```swift
    /// var update = outline.expand("Photos")          // update.loadRequests[0].token
    /// update = outline.answer(token, with: [OutlineItem("IMG_0001")])
    /// update.status                                   // .applied
    /// ```
    ///
    /// - Complexity: O(k + (k / 32 + 1) log n) for k children, plus O(w log n) for w waiting
    ///   lazy nodes.
    public mutating func answer(_ token: OutlineLoadToken, with children: [OutlineItem<ID>]) -> OutlineUpdate<ID> {
        if let dropped = judge(token) { return dropped }
        let h = requests[token.serial]!.handle
        let (section, index, entry) = place(of: h)
        let baseHidden = entry.hidden + (isExpandedHandle(h) ? 0 : 1)
        switch prepare(children, baseDepth: entry.depth + 1, baseHidden: baseHidden) {
        case .failure(let status):
            var update = failLoad(h, serial: token.serial)
            if case .duplicateIdentifier(let id) = status { update.status = .rejectedDuplicateIdentifier(id) }
            return update
        case .success(let prepared):
            requests[token.serial]!.state = .answered
            pendingSerial[h] = nil
            let shown = entry.hidden == 0 && isExpandedHandle(h)
            let row = entry.hidden == 0 ? sections[section].rowsBefore(index).rows : 0
            var update = OutlineUpdate<ID>(status: .applied)
            sections[section].remove((index + 1)..<(index + 2), leafOf: &leafOf)
            setLoadState(.loaded, of: h)
            commit(prepared, section: section, at: index + 1, parent: h)
            if shown {
                update.loadRequests = activateWaiting(inSection: section)
                update.deletedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 2)))
                let count = visibleDescendantCount(of: ids[Int(h)]!) ?? 0
                if count > 0 { update.insertedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + count))) }
            }
            if entry.hidden == 0 { update.reconfiguredRows.append(ItemPath(section: section, item: row)) }
            _checkInvariants()
            return update
        }
    }

    /// Reports that a load failed: the node is unloaded and collapsed again, its placeholder
    /// row is deleted, and the next expand asks again. Late answers are judged as by
    /// `answer(_:with:)`.
    ///
    /// - Complexity: O(log n).
    public mutating func failLoad(_ token: OutlineLoadToken) -> OutlineUpdate<ID> {
        if let dropped = judge(token) { return dropped }
        return failLoad(requests[token.serial]!.handle, serial: token.serial)
    }

    /// Forgets lazy node `id`'s children and asks for them again (R11): its descendants are
    /// deleted (their flags, measurements and requests purged), a pending request is
    /// superseded (its answer will be dropped), and, if the node is expanded and visible, a
    /// new request is issued with a placeholder row. A node that is not lazy gives
    /// `.notExpandable` if it is a leaf, `.noChange` otherwise (its children are the model's:
    /// change them with `delete` and `insert`).
    ///
    /// - Complexity: O(k + (k / 64 + 1) log n) for k descendants.
    public mutating func reloadChildren(of id: ID) -> OutlineUpdate<ID> {
        guard let h = handleOf[id] else { return OutlineUpdate(status: .unknownIdentifier(id)) }
        guard isContainerHandle(h) else { return OutlineUpdate(status: .notExpandable(id)) }
        let state = loadStateOf(h)
        guard state != .none else { return OutlineUpdate(status: .noChange) }
        let (section, index, entry) = place(of: h)
        let end = subtreeEnd(section, index, depth: entry.depth)
        let row = entry.hidden == 0 ? sections[section].rowsBefore(index).rows : 0
        let shown = entry.hidden == 0 ? visibleDescendantCount(of: id) ?? 0 : 0
        let configurationBefore = configuration(of: entry)
        if let serial = pendingSerial.removeValue(forKey: h) { requests[serial]?.state = .superseded }
        let removed = sections[section].remove((index + 1)..<end, leafOf: &leafOf)
        for removedEntry in removed where !removedEntry.isPlaceholder { freeHandle(removedEntry.handle) }
        setLoadState(.unloaded, of: h)
        var update = OutlineUpdate<ID>(status: .applied)
        if shown > 0 { update.deletedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + shown))) }
        if isExpandedHandle(h) {
            if entry.hidden == 0 {
                update.loadRequests.append(issueRequest(h))
                update.insertedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 2)))
            } else {
                waiting.insert(h)
            }
        }
        if entry.hidden == 0 && configuration(of: entry) != configurationBefore {
            update.reconfiguredRows.append(ItemPath(section: section, item: row))
        }
        _checkInvariants()
        return update
    }

    /// The status of an answer that must not apply, or `nil` for one that may.
    private func judge(_ token: OutlineLoadToken) -> OutlineUpdate<ID>? {
        guard let request = requests[token.serial] else { return OutlineUpdate(status: .rejectedUnknownToken(token)) }
        switch request.state {
        case .pending: return nil
        case .answered: return OutlineUpdate(status: .droppedDuplicateAnswer)
        case .removed: return OutlineUpdate(status: .droppedNodeRemoved)
        case .superseded: return OutlineUpdate(status: .droppedSuperseded)
        }
    }

    private mutating func failLoad(_ h: Int32, serial: UInt64) -> OutlineUpdate<ID> {
        requests[serial]!.state = .answered
        pendingSerial[h] = nil
        let (section, index, entry) = place(of: h)
        let shown = entry.hidden == 0 && isExpandedHandle(h)
        let row = entry.hidden == 0 ? sections[section].rowsBefore(index).rows : 0
        sections[section].remove((index + 1)..<(index + 2), leafOf: &leafOf)
        setLoadState(.unloaded, of: h)
        setFlag(Self.expandedBit, false, of: h)
        var update = OutlineUpdate<ID>(status: .failed)
        if shown { update.deletedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 2))) }
        if entry.hidden == 0 { update.reconfiguredRows.append(ItemPath(section: section, item: row)) }
        _checkInvariants()
        return update
    }
}

import ListKernel

extension StaleStateAuditor {
    /// Reduces a failing sequence while a replay still fails with a problem of one of the
    /// first failure's kinds:
    /// 1. the shortest failing suffix, by bisection (most failures need only the last few
    ///    steps, whatever state the world is in);
    /// 2. chunks of operations removed, halving the chunk size down to single operations
    ///    (delta debugging);
    /// 3. snapshot applies split into fewer edits;
    /// 4. each operation simplified: smaller indexes, offsets and counts, fewer sections or
    ///    items, fewer steps inside a batch, as long as it still fails; then single
    ///    operations removed again; repeated until nothing simplifies, so (within the
    ///    budget) no operation of the result can be removed or made simpler.
    ///
    /// - Complexity: at most ``shrinkBudget`` replayed operations.
    func reduce(seed: UInt64, operations: [AuditOperation], problems: [AuditProblem]) -> AuditFailure {
        let kinds = Set(problems.map(\.kind))
        var budget = shrinkBudget
        var best = AuditFailure(seed: seed, step: operations.count - 1, problems: problems, operations: operations, unreducedCount: operations.count)
        func stillFails(_ candidate: [AuditOperation]) -> Bool {
            guard budget > 0, !candidate.isEmpty else { return false }
            budget -= candidate.count
            // An adapter whose registrations the list rejects now (it accepted them in the
            // run) can't be reduced against: the candidate counts as passing.
            guard let failure = try? replayValidated(seed: seed, operations: candidate),
                  failure.problems.contains(where: { kinds.contains($0.kind) }) else { return false }
            best.operations = failure.operations
            best.problems = failure.problems
            return true
        }
        // 1. The shortest failing suffix, by bisection on its start.
        let all = best.operations
        var failing = 0              // all[failing...] fails
        var passing = all.count      // all[passing...] passes (the empty suffix does)
        while passing - failing > 1, budget > 0 {
            let middle = (failing + passing) / 2
            if stillFails(Array(all[middle...])) { failing = middle } else { passing = middle }
        }
        // 2. Chunks of operations; returns whether it removed any.
        @discardableResult
        func removeChunks(from size: Int) -> Bool {
            var chunk = max(1, size)
            var any = false
            while budget > 0 {
                var removed = false
                var start = 0
                while start < best.operations.count, budget > 0 {
                    var candidate = best.operations
                    candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                    if stillFails(candidate) { removed = true } else { start += chunk }
                }
                any = any || removed
                if chunk == 1 {
                    if !removed { break }
                } else {
                    chunk /= 2
                }
            }
            return any
        }
        removeChunks(from: best.operations.count / 2)
        // 3. Edits inside snapshot applies, one at a time.
        var index = 0
        var splitSnapshots = false
        while index < best.operations.count, budget > 0 {
            if case .applySnapshot(let edits) = best.operations[index], edits.count > 1 {
                var reducedEdits = false
                for drop in edits.indices {
                    var fewer = edits
                    fewer.remove(at: drop)
                    var candidate = best.operations
                    candidate[index] = fewer.count == 1 ? .update(fewer[0]) : .applySnapshot(fewer)
                    if stillFails(candidate) {
                        reducedEdits = true
                        splitSnapshots = true
                        break
                    }
                }
                if reducedEdits { continue }
            }
            index += 1
        }
        // 4. Simpler operations, and single operations removed again, until neither
        //    changes anything: no operation can then be removed or made simpler.
        func simplify() -> Bool {
            var simplified = false
            var index = 0
            while index < best.operations.count, budget > 0 {
                let operation = best.operations[index]
                let weight = AuditSimplifier.weight(of: operation)
                var replaced = false
                for simpler in AuditSimplifier.candidates(for: operation) where AuditSimplifier.weight(of: simpler) < weight {
                    var candidate = best.operations
                    candidate[index] = simpler
                    if stillFails(candidate) {
                        replaced = true
                        simplified = true
                        break
                    }
                }
                if !replaced { index += 1 }
            }
            return simplified
        }
        if splitSnapshots { removeChunks(from: 1) }
        while budget > 0 {
            let simplified = simplify()
            guard simplified else { break }
            removeChunks(from: 1)
        }
        return best
    }
}

/// Simpler versions of an operation, for the shrinker: each has a smaller ``weight(of:)``,
/// so simplifying ends.
enum AuditSimplifier {
    /// The sum of an operation's magnitudes: indexes, offsets, counts, the number of edits,
    /// sections or items it carries; a fractional offset or a scroll position other than
    /// `.top` counts one more.
    static func weight(of operation: AuditOperation) -> Double {
        func path(_ p: ItemPath) -> Double { Double(abs(p.section)) + Double(abs(p.item)) }
        func offset(_ x: Double) -> Double { abs(x) + (x.rounded() == x ? 0 : 1) }
        switch operation {
        case .scroll(let x): return offset(x)
        case .resize(let size, let top, let bottom, let ahead, let behind):
            return offset(size) + offset(top) + offset(bottom) + offset(ahead) + offset(behind)
        case .scrollToItem(let p, let position): return path(p) + (position == .top ? 0 : 1)
        case .measure(let p), .toggleExpansion(let p), .tapItem(let p): return path(p)
        case .tapHeader(let s): return Double(abs(s))
        case .fold(let sections, let collapsed): return sections.reduce(Double(sections.count)) { $0 + Double(abs($1)) } + (collapsed ? 0 : 1)
        case .select(let items, let selected): return items.reduce(Double(items.count)) { $0 + path($1) } + (selected ? 0 : 1)
        case .update(let edit): return weight(of: edit)
        case .applySnapshot(let edits): return edits.reduce(Double(edits.count)) { $0 + weight(of: $1) }
        case .completeLoads(let pick, let count): return Double(abs(pick)) + Double(abs(count))
        case .reloadData, .purgePool: return 0
        }
    }

    static func weight(of edit: AuditEdit) -> Double {
        func path(_ p: ItemPath) -> Double { Double(abs(p.section)) + Double(abs(p.item)) }
        switch edit {
        case .insertItems(let s, let i, let c), .deleteItems(let s, let i, let c): return Double(abs(s)) + Double(abs(i)) + Double(abs(c))
        case .moveItem(let from, let to): return path(from) + path(to)
        case .reloadItem(let p), .reconfigureItem(let p): return path(p)
        case .insertSection(let i, let c): return Double(abs(i)) + Double(abs(c))
        case .deleteSection(let s), .reloadSection(let s): return Double(abs(s))
        case .moveSection(let f, let t): return Double(abs(f)) + Double(abs(t))
        }
    }

    /// Smaller indexes for `value`: 0, half, one less.
    static func smaller(_ value: Int) -> [Int] {
        value == 0 ? [] : [0, value / 2, value - value.signum()]
    }

    static func smaller(_ p: ItemPath) -> [ItemPath] {
        smaller(p.item).map { ItemPath(section: p.section, item: $0) } + smaller(p.section).map { ItemPath(section: $0, item: p.item) }
    }

    static func smaller(_ x: Double) -> [Double] {
        x == 0 ? [] : [0, (x / 2).rounded(), x.rounded(.towardZero)]
    }

    /// Candidates simpler than `operation`, the simplest first (some may not be simpler:
    /// the caller keeps only those of a smaller weight).
    static func candidates(for operation: AuditOperation) -> [AuditOperation] {
        switch operation {
        case .scroll(let x):
            return smaller(x).map { .scroll(to: $0) }
        case .resize(let size, let top, let bottom, let ahead, let behind):
            return [.resize(size: size, insetTop: 0, insetBottom: 0, overscanAhead: 0, overscanBehind: 0)]
                + smaller(size).map { .resize(size: $0, insetTop: top, insetBottom: bottom, overscanAhead: ahead, overscanBehind: behind) }
        case .scrollToItem(let p, let position):
            return (position == .top ? [] : [.scrollToItem(p, .top)]) + smaller(p).map { .scrollToItem($0, position) }
        case .measure(let p): return smaller(p).map { .measure($0) }
        case .toggleExpansion(let p): return smaller(p).map { .toggleExpansion($0) }
        case .tapItem(let p): return smaller(p).map { .tapItem($0) }
        case .tapHeader(let s): return smaller(s).map { .tapHeader(section: $0) }
        case .fold(let sections, let collapsed):
            var result: [AuditOperation] = sections.count > 1 ? sections.indices.map { i in .fold(sections: sections.enumerated().filter { $0.offset != i }.map(\.element), collapsed: collapsed) } : []
            for i in sections.indices {
                result += smaller(sections[i]).map { value in
                    var fewer = sections
                    fewer[i] = value
                    return .fold(sections: fewer, collapsed: collapsed)
                }
            }
            return result
        case .select(let items, let selected):
            var result: [AuditOperation] = items.count > 1 ? items.indices.map { i in .select(items: items.enumerated().filter { $0.offset != i }.map(\.element), selected: selected) } : []
            for i in items.indices {
                result += smaller(items[i]).map { value in
                    var fewer = items
                    fewer[i] = value
                    return .select(items: fewer, selected: selected)
                }
            }
            return result
        case .update(let edit):
            return candidates(for: edit).map { .update($0) }
        case .applySnapshot(let edits):
            var result: [AuditOperation] = []
            for i in edits.indices {
                result += candidates(for: edits[i]).map { simpler in
                    var fewer = edits
                    fewer[i] = simpler
                    return .applySnapshot(fewer)
                }
            }
            return result
        case .completeLoads(let pick, let count):
            return (count > 1 ? [.completeLoads(pick: pick, count: 1)] : []) + smaller(pick).map { .completeLoads(pick: $0, count: count) }
        case .reloadData, .purgePool:
            return []
        }
    }

    /// Edits simpler than `edit`: counts of 1, smaller indexes.
    static func candidates(for edit: AuditEdit) -> [AuditEdit] {
        switch edit {
        case .insertItems(let s, let i, let c):
            return (c > 1 ? [.insertItems(section: s, at: i, count: 1)] : [])
                + smaller(i).map { .insertItems(section: s, at: $0, count: c) } + smaller(s).map { .insertItems(section: $0, at: i, count: c) }
        case .deleteItems(let s, let i, let c):
            return (c > 1 ? [.deleteItems(section: s, at: i, count: 1)] : [])
                + smaller(i).map { .deleteItems(section: s, at: $0, count: c) } + smaller(s).map { .deleteItems(section: $0, at: i, count: c) }
        case .moveItem(let from, let to):
            return smaller(from).map { .moveItem(from: $0, to: to) } + smaller(to).map { .moveItem(from: from, to: $0) }
        case .reloadItem(let p): return smaller(p).map { .reloadItem($0) }
        case .reconfigureItem(let p): return smaller(p).map { .reconfigureItem($0) }
        case .insertSection(let i, let c):
            return smaller(c).map { .insertSection(at: i, itemCount: $0) } + smaller(i).map { .insertSection(at: $0, itemCount: c) }
        case .deleteSection(let s): return smaller(s).map { .deleteSection($0) }
        case .reloadSection(let s): return smaller(s).map { .reloadSection($0) }
        case .moveSection(let f, let t):
            return smaller(f).map { .moveSection(from: $0, to: t) } + smaller(t).map { .moveSection(from: f, to: $0) }
        }
    }
}

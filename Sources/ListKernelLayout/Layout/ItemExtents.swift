@_spi(ListKernelTesting) import ListKernelCore

/// The extents of one section's items, in fixed-point units.
///
/// Two shapes, chosen per section and switched automatically:
///
///     uniform:   count = 1,000,000, every item = defaultExtent      O(1) memory
///     variable:  runs  [ run 0 (≤2048) | run 1 | … ]                ~4.4 bytes per item
///                (run 0 stored inline, see `RunList`)
///                runTotals / runCounts: Fenwick trees over the runs (only when > 1 run)
///
/// A uniform section stays O(1) while its items are inserted, deleted or measured at the
/// uniform value; the first item given another extent turns it variable (O(count) once).
/// Items of a variable section are either measured or still carry the section's estimate.
struct ItemExtents: Equatable, InvariantChecked {
    /// Runs hold half their capacity when a section turns variable, so inserts have room.
    static let initialRunLength = ExtentRun.capacity / 2

    // The fields a lookup reads come first, so that they share a cache line with the
    // section record's header, footer and collapsed flag.
    private(set) var total: Int64
    private(set) var count: Int
    /// Every item's extent while uniform; the estimate of unmeasured items once variable.
    private(set) var defaultExtent: Int32
    /// Whether the default is a real (uniform) extent or an estimate.
    private(set) var defaultIsMeasured: Bool
    private var runs: RunList
    private var runTotals: Fenwick
    private var runCounts: Fenwick

    /// `count` items of `extent` each, all measured (a uniform section) or all estimated.
    ///
    /// - Complexity: O(1).
    init(count: Int, extent: Int32, isMeasured: Bool) {
        self.count = count
        defaultExtent = extent
        defaultIsMeasured = isMeasured
        runs = RunList()
        runTotals = Fenwick()
        runCounts = Fenwick()
        total = Int64(count) * Int64(extent)
    }

    /// Measured items with the given extents, estimate `estimate` for later insertions.
    ///
    /// - Complexity: O(k) for k extents.
    init(measured extents: [Int32], estimate: Int32) {
        self.init(count: extents.count, extent: estimate, isMeasured: false)
        var chunks: [ExtentRun] = []
        var start = 0
        repeat {
            let end = min(start + ItemExtents.initialRunLength, extents.count)
            chunks.append(ExtentRun(extents: Array(extents[start..<end]), measured: { _ in true }))
            start = end
        } while start < extents.count
        runs = RunList(chunks)
        total = chunks.reduce(0) { $0 + $1.total }
        rebuildRunIndex()
    }

    var isUniform: Bool { runs.isEmpty }

    /// The heap bytes of the runs (run 0 is stored inline; the others in an array).
    var runListBytes: Int { runs.storageBytes }

    /// The heap bytes of the two run-level Fenwick trees.
    var runIndexBytes: Int { heapBytes(runTotals.tree) + heapBytes(runCounts.tree) }

    /// Whether storing `extent` (measured or not) for one item turns a uniform section
    /// per-item.
    ///
    /// - Complexity: O(1).
    func turnsPerItem(storing extent: Int32, measured: Bool) -> Bool {
        runs.isEmpty && !(extent == defaultExtent && measured == defaultIsMeasured)
    }

    /// The number of items that carry the estimate (not measured).
    ///
    /// - Complexity: O(1) uniform; O(count) per-item.
    var estimatedCount: Int {
        if runs.isEmpty { return defaultIsMeasured ? 0 : count }
        var estimated = 0
        for run in runs {
            for local in 0..<run.count where !run.isMeasured(local) { estimated += 1 }
        }
        return estimated
    }

    // MARK: Locating

    /// The run holding item `index` (`0 <= index < count`) and the index inside it.
    @inline(__always)
    private func locate(_ index: Int) -> (run: Int, local: Int) {
        if runs.count == 1 { return (0, index) }
        let found = runCounts.search(Int64(index))
        return (found.index, Int(found.remainder))
    }

    // MARK: Queries

    /// The extent of item `index`.
    ///
    /// - Complexity: O(1) for uniform and single-run sections, O(log runs) otherwise.
    @inline(__always)
    func extent(at index: Int) -> Int32 {
        if runs.isEmpty { return defaultExtent }
        let (run, local) = locate(index)
        return runs.extent(inRun: run, at: local)
    }

    /// Whether item `index` has been measured (uniform items always are).
    ///
    /// - Complexity: as `extent(at:)`.
    func isMeasured(_ index: Int) -> Bool {
        if runs.isEmpty { return defaultIsMeasured }
        let (run, local) = locate(index)
        return runs.isMeasured(inRun: run, local)
    }

    /// The sum of the extents of items `0..<index` (`index <= count`).
    ///
    /// - Complexity: O(1) uniform; O(log runs + run scan) variable.
    @inline(__always)
    func prefix(_ index: Int) -> Int64 {
        if runs.isEmpty { return Int64(index) * Int64(defaultExtent) }
        if index == count { return total }
        if runs.count == 1 { return runs.prefix(inRun: 0, index) }
        let (run, local) = locate(index)
        return runTotals.prefix(run) + runs.prefix(inRun: run, local)
    }

    /// The item whose span holds `offset` (`0 <= offset < total`), the remainder inside it,
    /// and its extent. Zero-extent items are never returned, however many share the offset.
    ///
    /// - Complexity: O(1) uniform; O(log runs + run scan) variable.
    @inline(__always)
    func search(_ offset: Int64) -> (index: Int, remainder: Int64, extent: Int32) {
        if runs.isEmpty {
            let extent = Int64(defaultExtent)
            return (Int(offset / extent), offset % extent, defaultExtent)
        }
        if runs.count == 1 { return runs.search(inRun: 0, offset) }
        let found = runTotals.search(offset)
        let inRun = runs.search(inRun: found.index, found.remainder)
        return (Int(runCounts.prefix(found.index)) + inRun.index, inRun.remainder, inRun.extent)
    }

    /// The `ExtentRun.lookupLink` of a section stored in exactly one run, which a lookup can
    /// search without reading this value; 0 for a uniform section or one of several runs.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    var lookupLink: Int64 { runs.onlyRunLink }

    // MARK: Mutations

    /// Sets item `index`'s extent; returns the change of `total`.
    ///
    /// - Complexity: O(1) or O(log runs); O(count) once when a uniform section turns variable.
    mutating func set(_ extent: Int32, measured: Bool, at index: Int) -> Int64 {
        if runs.isEmpty {
            if extent == defaultExtent, measured == defaultIsMeasured { return 0 }
            makeVariable()
        }
        let (run, local) = locate(index)
        let delta = runs[run].set(extent, measured: measured, at: local)
        if runs.count > 1 { runTotals.add(delta, at: run) }
        total &+= delta
        return delta
    }

    /// Inserts an item at `index` (`0 <= index <= count`); `extent` nil means the estimate.
    ///
    /// - Complexity: O(1) uniform at the uniform value; O(run capacity + log runs) variable,
    ///   plus O(runs) when a run splits (at most once per `capacity / 2` inserts into it).
    mutating func insert(_ extent: Int32?, at index: Int) {
        let value = extent ?? defaultExtent
        let isMeasured = extent != nil || defaultIsMeasured
        if runs.isEmpty {
            if value == defaultExtent, isMeasured == defaultIsMeasured {
                count += 1
                total &+= Int64(value)
                return
            }
            makeVariable()
        }
        var (run, local) = index == count ? (runs.count - 1, runs[runs.count - 1].count) : locate(index)
        if runs[run].count == ExtentRun.capacity {
            let upper = runs[run].splitUpperHalf()
            runs.insert(upper, at: run + 1)
            if local > runs[run].count {
                local -= runs[run].count
                run += 1
            }
            runs[run].insert(value, measured: isMeasured, at: local)
            rebuildRunIndex()
        } else {
            runs[run].insert(value, measured: isMeasured, at: local)
            if runs.count > 1 {
                runTotals.add(Int64(value), at: run)
                runCounts.add(1, at: run)
            }
        }
        count += 1
        total &+= Int64(value)
    }

    /// Inserts `count` items at `index`, all of `extent` (nil: the estimate).
    ///
    /// - Complexity: O(1) for a uniform section at its own extent, whatever `count` is;
    ///   otherwise `count` single inserts for a few items, and for more one splice of the
    ///   runs they land in, O(count + run capacity + runs).
    mutating func insert(_ extent: Int32?, count added: Int, at index: Int) {
        let value = extent ?? defaultExtent
        if runs.isEmpty, value == defaultExtent, extent == nil || defaultIsMeasured {
            count += added
            total &+= Int64(added) * Int64(value)
            return
        }
        if added >= ItemExtents.spliceThreshold {
            if runs.isEmpty { makeVariable() }
            splice(index..<index, inserting: added, of: value, measured: extent != nil || defaultIsMeasured)
            return
        }
        for offset in 0..<added { insert(extent, at: index + offset) }
    }

    /// Removes the items in `range`.
    ///
    /// - Complexity: O(1) uniform; `range.count` single removals for a few items, and for
    ///   more one splice of the runs that hold them, O(range.count + run capacity + runs).
    mutating func remove(_ range: Range<Int>) {
        if runs.isEmpty {
            count -= range.count
            total &-= Int64(range.count) * Int64(defaultExtent)
            return
        }
        if range.count >= ItemExtents.spliceThreshold {
            splice(range, inserting: 0, of: defaultExtent, measured: defaultIsMeasured)
            return
        }
        for index in range.reversed() { remove(at: index) }
    }

    /// From this many items on, a contiguous insert or removal rebuilds the runs it touches
    /// at once instead of shifting a run once per item (each shift is O(run capacity)).
    static let spliceThreshold = 64

    /// Replaces items `range` of a variable section with `added` items of extent `value`
    /// (measured or not): the runs holding the range (or, for an empty range, the run it
    /// falls in) are read out, spliced and cut again into runs of `initialRunLength`.
    ///
    /// - Complexity: O(range.count + added + run capacity + runs).
    private mutating func splice(_ range: Range<Int>, inserting added: Int, of value: Int32, measured isMeasured: Bool) {
        precondition(!runs.isEmpty, "kernel invariant: splicing a uniform section")
        // The runs first…last hold the range; `base` is the index of run `first`'s item 0.
        let first = range.lowerBound == count ? runs.count - 1 : locate(range.lowerBound).run
        let last = range.isEmpty ? first : locate(range.upperBound - 1).run
        let base = runs.count > 1 ? Int(runCounts.prefix(first)) : 0
        var extents: [Int32] = []
        var measured: [Bool] = []
        let kept = (first...last).reduce(0) { $0 + runs[$1].count } - range.count
        extents.reserveCapacity(kept + added)
        measured.reserveCapacity(kept + added)
        var index = base
        for run in first...last {
            let current = runs[run]
            for local in 0..<current.count {
                if index == range.lowerBound {
                    extents.append(contentsOf: repeatElement(value, count: added))
                    measured.append(contentsOf: repeatElement(isMeasured, count: added))
                }
                if !range.contains(index) {
                    extents.append(current.extent(at: local))
                    measured.append(current.isMeasured(local))
                }
                index += 1
            }
        }
        if index == range.lowerBound {   // at the end of the section (or of an empty one)
            extents.append(contentsOf: repeatElement(value, count: added))
            measured.append(contentsOf: repeatElement(isMeasured, count: added))
        }
        var chunks: [ExtentRun] = []
        var start = 0
        while start < extents.count {
            let end = min(start + ItemExtents.initialRunLength, extents.count)
            chunks.append(ExtentRun(extents: Array(extents[start..<end]), measured: { measured[start + $0] }))
            start = end
        }
        var all = Array(runs[..<first])
        all.append(contentsOf: chunks)
        all.append(contentsOf: runs[(last + 1)...])
        if all.isEmpty { all = [ExtentRun(extents: [], measured: { _ in false })] }
        runs = RunList(all)
        count += added - range.count
        total = runs.reduce(0) { $0 + $1.total }
        rebuildRunIndex()
    }

    /// Removes item `index`, returning its extent and whether it was measured.
    ///
    /// - Complexity: O(1) uniform; O(run capacity + log runs) variable, plus O(runs) when
    ///   a run empties or merges with a neighbour.
    @discardableResult
    mutating func remove(at index: Int) -> (extent: Int32, measured: Bool) {
        if runs.isEmpty {
            count -= 1
            total &-= Int64(defaultExtent)
            return (defaultExtent, defaultIsMeasured)
        }
        let (run, local) = locate(index)
        let removed = runs[run].remove(at: local)
        count -= 1
        total &-= Int64(removed.extent)
        if runs.count > 1 {
            if runs[run].count == 0 {
                runs.remove(at: run)
                rebuildRunIndex()
            } else if runs[run].count < ExtentRun.capacity / 8, let neighbour = mergeableNeighbour(of: run) {
                let (low, high) = (min(run, neighbour), max(run, neighbour))
                let upper = runs.remove(at: high)
                runs[low].append(contentsOf: upper)
                rebuildRunIndex()
            } else {
                runTotals.add(-Int64(removed.extent), at: run)
                runCounts.add(-1, at: run)
            }
        }
        return removed
    }

    private func mergeableNeighbour(of run: Int) -> Int? {
        let limit = ExtentRun.capacity / 2
        if run > 0, runs[run - 1].count + runs[run].count <= limit { return run - 1 }
        if run + 1 < runs.count, runs[run + 1].count + runs[run].count <= limit { return run + 1 }
        return nil
    }

    /// Changes the estimate; unmeasured items take the new value. Returns the change of total.
    ///
    /// - Complexity: O(1) uniform; O(count) variable.
    mutating func setEstimate(_ estimate: Int32) -> Int64 {
        let before = total
        if defaultIsMeasured { return 0 }  // uniform: there is no estimate
        if runs.isEmpty {
            defaultExtent = estimate
            total = Int64(count) * Int64(estimate)
            return total - before
        }
        defaultExtent = estimate
        for run in runs.indices {
            for local in 0..<runs[run].count where !runs[run].isMeasured(local) {
                runs[run].set(estimate, measured: false, at: local)
            }
        }
        rebuildRunIndex()
        total = runs.reduce(0) { $0 + $1.total }
        return total - before
    }

    /// Turns a uniform section into runs holding every item's extent.
    ///
    /// - Complexity: O(count).
    private mutating func makeVariable() {
        var chunks: [ExtentRun] = []
        var start = 0
        repeat {
            let end = min(start + ItemExtents.initialRunLength, count)
            let length = end - start
            chunks.append(ExtentRun(
                extents: [Int32](repeating: defaultExtent, count: length),
                measured: { [defaultIsMeasured] _ in defaultIsMeasured }
            ))
            start = end
        } while start < count
        runs = RunList(chunks)
        rebuildRunIndex()
    }

    /// Rebuilds the run-level Fenwick trees (kept only when there is more than one run).
    ///
    /// - Complexity: O(runs).
    private mutating func rebuildRunIndex() {
        if runs.count > 1 {
            runTotals = Fenwick(runs.lazy.map(\.total))
            runCounts = Fenwick(runs.lazy.map { Int64($0.count) })
        } else {
            runTotals = Fenwick()
            runCounts = Fenwick()
        }
    }

    /// Recomputes every cached sum from scratch and compares (`InvariantChecked`).
    ///
    /// - Complexity: O(k) for k items stored one by one.
    func _checkInvariantsNow() {
        if runs.isEmpty {
            precondition(total == Int64(count) * Int64(defaultExtent), "uniform total \(total) for \(count) × \(defaultExtent)")
            return
        }
        var total: Int64 = 0
        var count = 0
        for run in runs {
            run._checkInvariantsNow()
            precondition(run.count > 0 || runs.count == 1, "an empty run among \(runs.count) runs")
            total += run.total
            count += run.count
        }
        precondition(total == self.total, "items total \(self.total) differs from recomputed \(total)")
        precondition(count == self.count, "item count \(self.count) differs from recomputed \(count)")
        if runs.count > 1 {
            precondition(runTotals == Fenwick(runs.lazy.map(\.total)), "run totals tree is stale")
            precondition(runCounts == Fenwick(runs.lazy.map { Int64($0.count) }), "run counts tree is stale")
        } else {
            precondition(runTotals.count == 0 && runCounts.count == 0, "run index kept for a single run")
        }
    }
}

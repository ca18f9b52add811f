@_spi(ListKernelTesting) public import ListKernelCore

// The difference from a base snapshot to one derived from it by item edits, in time
// proportional to the edits, equal to `difference(from:)`'s changes to the last element.
//
// The derived snapshot's log names every item inserted, deleted or moved (the touched
// items). The others (untouched) keep their section and their relative order, so in each
// section they form runs contiguous in both the old and the new order, cut where a touched
// item was or now is:
//
//     old    a  b  X  c  d  e  Y  f        X, Y touched (old indexes 2 and 6)
//     new    a  b  c  Z  d  e  f  Y        Z, Y touched (new indexes 3 and 7)
//     untouched ordinals  a0 b1 c2 d3 e4 f5
//     cuts in ordinal space: old {2 − 0, 6 − 1} = {2, 5}, new {3 − 0, 7 − 1} = {3, 6}
//     runs  [0, 2) ab · [2, 3) c · [3, 5) de · [5, 6) f
//
// The full diff keeps, in each section, one longest increasing subsequence of the old
// indexes of the items that stayed in it, found by patience sorting; the moves are the
// rest. A run of consecutive old indexes lands on consecutive piles (each value lands right
// after the previous one's pile), so patience sorting is simulated run by run over pile
// segments, reproducing the full diff's choice of members exactly.

extension ListSnapshot {
    /// The changes `difference(from: base)` would report, computed from this snapshot's edit
    /// log, or `nil` when this snapshot is not derived from `base` by item edits
    /// (`_isDerived(from:)`).
    ///
    /// ```swift
    /// var next = current
    /// try next.moveItem(9, beforeItem: 1)
    /// next._incrementalChanges(from: current) == next.difference(from: current).changes   // true
    /// ```
    ///
    /// - Complexity: O(k log k) for k touched items and marks (every lookup is O(1); the
    ///   runs in one section are simulated in O(r log r + r·s) for r runs and s pile
    ///   segments, both O(k)); never proportional to the items or sections.
    @inlinable
    package func _incrementalChanges(from base: ListSnapshot) -> SectionedDiff.Changes? {
        var scratch = _SectionScratch()
        return _incrementalChanges(from: base, scratch: &scratch)
    }

    /// `_incrementalChanges(from:)` with the caller's buffers, kept across calls: a live list
    /// applies many small changes, and a fresh set of buffers was allocated and freed by
    /// every one of them.
    ///
    /// - Complexity: as `_incrementalChanges(from:)`.
    @inlinable
    package func _incrementalChanges(from base: ListSnapshot, scratch: inout _SectionScratch) -> SectionedDiff.Changes? {
        guard _isDerived(from: base) else { return nil }
        var changes = SectionedDiff.Changes()
        if !_touched.isEmpty {
            _touchedItemChanges(from: base, touched: _touched, scratch: &scratch, into: &changes)
        }
        changes.changedItems = _markedItemChanges(from: base)
        changes.changedSections = _markedSectionChanges(from: base)
        changes.applyReloadedSectionRule()
        return changes
    }

    /// The path of `item` (the lookup `itemPath(of:)` makes, inlined for specialization).
    @inlinable
    internal func _path(of item: ItemID) -> ItemPath? {
        _locate(item).map { ItemPath(section: $0.position, item: $0.index) }
    }

    /// The paths of `item` in `base` and in this snapshot, derived from `base` by item
    /// edits (`_isDerived(from:)`), so both hold the same sections at the same positions:
    /// `base._path(of: item)` and `_path(of: item)` without a hash of the item (each costs
    /// about as much as a cache miss): the positions of its sections in both come from the
    /// edit log (`touch`), and only its index in each section is looked up.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    internal func _paths(of item: ItemID, touch: _Touch, inBase base: ListSnapshot) -> (old: ItemPath?, new: ItemPath?) {
        let oldPosition: Int? = touch.originPosition >= 0 ? touch.originPosition : nil
        let newPosition: Int? = touch.currentPosition >= 0 ? touch.currentPosition : nil
        var paths: (old: ItemPath?, new: ItemPath?) = (nil, nil)
        if let oldPosition, let index = base._sections[oldPosition].index(of: item) {
            paths.old = ItemPath(section: oldPosition, item: index)
        }
        if let newPosition, let index = _sections[newPosition].index(of: item) {
            paths.new = ItemPath(section: newPosition, item: index)
        }
        assert(paths.old == base._path(of: item) && paths.new == _path(of: item), "kernel invariant: the paired lookup of a touched item differs")
        return paths
    }

    /// Deletes, inserts and moves of the touched items' sections.
    ///
    /// The touched items' old and new places are gathered in two arrays sorted by section and
    /// index, then walked section by section, with the per-section buffers reused: no
    /// dictionary or set per section (these applies run on every keystroke of a live list).
    @inlinable
    internal func _touchedItemChanges(
        from base: ListSnapshot,
        touched: [ItemID: _Touch],
        scratch: inout _SectionScratch,
        into changes: inout SectionedDiff.Changes
    ) {
        // Where each touched item was and is comes from the edit log; only its index in each
        // section is looked up (lookups meet cold caches after a derivation):
        // its old path, its new path with the old one kept beside it, and, when it has no
        // new path, a delete.
        // The old and new places go in the caller's buffers (taken out of `scratch` while
        // the sections use it, and put back empty): two allocations and frees fewer an apply.
        // The deletes are handed to `changes`, so they get storage of their own.
        var old: [ItemPath] = []
        var new: [(path: ItemPath, from: ItemPath?)] = []
        swap(&old, &scratch.touchedOld)
        swap(&new, &scratch.touchedNew)
        defer {
            old.removeAll(keepingCapacity: true)
            new.removeAll(keepingCapacity: true)
            swap(&old, &scratch.touchedOld)
            swap(&new, &scratch.touchedNew)
        }
        var deleted: [ItemPath] = []
        old.reserveCapacity(touched.count)
        new.reserveCapacity(touched.count)
        deleted.reserveCapacity(touched.count)
        for (item, touch) in touched {
            let (from, to) = _paths(of: item, touch: touch, inBase: base)
            if let from { old.append(from) }
            if let path = to {
                new.append((path, from))
            } else if let from {
                deleted.append(from)
            }
        }
        // (Not for fewer than two: sorting even an empty array makes its storage unique.)
        if old.count > 1 { old.sort() }
        if new.count > 1 { new.sort { $0.path < $1.path } }

        // Deletes, in old order: touched items gone from every section.
        if deleted.count > 1 { deleted.sort() }
        // (Adopted when there are none yet: appending would copy them into new storage.)
        if changes.deletedItems.isEmpty { changes.deletedItems = deleted } else { changes.deletedItems.append(contentsOf: deleted) }

        // Inserts and moves, section by section in order. Every insert is a touched item
        // with a new place: room for them at once, not a reallocation per doubling.
        if !new.isEmpty { changes.insertedItems.reserveCapacity(changes.insertedItems.count + new.count) }
        var o = 0, n = 0
        while o < old.count || n < new.count {
            let section = Swift.min(o < old.count ? old[o].section : .max, n < new.count ? new[n].path.section : .max)
            // Emptied keeping their storage, an element at a time: a section holds few touched
            // items, and `removeAll(keepingCapacity:)` replaces a subrange (about 50
            // instructions a call, two calls a section).
            while scratch.oldTouched.popLast() != nil {}
            while scratch.newTouched.popLast() != nil {}
            while o < old.count, old[o].section == section {
                scratch.oldTouched.append(old[o].item)
                o += 1
            }
            while n < new.count, new[n].path.section == section {
                scratch.newTouched.append((new[n].path.item, new[n].from))
                n += 1
            }
            _sectionChanges(section: section, base: base, scratch: &scratch, into: &changes)
        }
    }

    /// Buffers `_sectionChanges` fills for each section, kept across sections (and, by a
    /// data source, across applies).
    @usableFromInline
    package struct _SectionScratch {
        /// Every touched item's old place, sorted (`_touchedItemChanges`; empty between calls).
        @usableFromInline var touchedOld: [ItemPath] = []
        /// Every touched item's new place with its old one, sorted by the new (as `touchedOld`).
        @usableFromInline var touchedNew: [(path: ItemPath, from: ItemPath?)] = []
        /// Old indexes of the section's touched items, ascending.
        @usableFromInline var oldTouched: [Int] = []
        /// New indexes of the section's touched items, ascending, with where each was.
        @usableFromInline var newTouched: [(index: Int, from: ItemPath?)] = []
        @usableFromInline var newIndexes: [Int] = []
        @usableFromInline var starts: [Int] = []
        @usableFromInline var elements: [_Element] = []
        @usableFromInline var values: [(value: Int, length: Int)] = []
        @usableFromInline var valueOf: [Int] = []
        /// `_RunPatience.memberPrefixes`'s answer for the section.
        @usableFromInline var members: [Int] = []

        /// Empty buffers.
        ///
        /// - Complexity: O(1).
        @inlinable package init() {}

        /// Lets go of buffers a large change left large (past 1,024 entries), so that what
        /// a data source keeps between applies stays small.
        ///
        /// - Complexity: O(1).
        @inlinable
        package mutating func shrinkIfLarge() {
            let largest = Swift.max(
                touchedOld.capacity, touchedNew.capacity,
                oldTouched.capacity, newTouched.capacity, newIndexes.capacity, starts.capacity,
                elements.capacity, values.capacity, valueOf.capacity, members.capacity
            )
            if largest > 1_024 { self = _SectionScratch() }
        }
    }

    /// One element of a section's new order: a run of untouched items, or one touched item.
    @usableFromInline
    internal enum _Element {
        /// `length` untouched items at old indexes `oldStart…`, new indexes `newStart…`.
        case run(oldStart: Int, newStart: Int, length: Int)
        /// A touched item now at `newIndex`, and where it was (`nil`: inserted).
        case touched(newIndex: Int, from: ItemPath?)
    }

    /// The inserts and moves into `section` (the same index before and after: no section
    /// changes on this path), from `scratch.oldTouched` and `scratch.newTouched`.
    @inlinable
    internal func _sectionChanges(section: Int, base: ListSnapshot, scratch: inout _SectionScratch, into changes: inout SectionedDiff.Changes) {
        let oldTouched = scratch.oldTouched
        let untouched = _sections[section].items.count - scratch.newTouched.count
        precondition(
            untouched == base._sections[section].items.count - oldTouched.count,
            "kernel invariant: the edit log of section \(section) misses an item"
        )
        // No touched item stays in this section (the usual case: items inserted, deleted, or
        // moved in from or out to other sections). The untouched items keep their order, so
        // the longest increasing subsequence is all of them, and every touched item now here
        // is an insert or a move from another section: what the runs below report then, in
        // the same order, without building them.
        if !scratch.newTouched.contains(where: { $0.from?.section == section }) {
            for touched in scratch.newTouched {
                let to = ItemPath(section: section, item: touched.index)
                if let from = touched.from {
                    changes.movedItems.append(Move(from: from, to: to))
                } else {
                    changes.insertedItems.append(to)
                }
            }
            return
        }
        scratch.newIndexes.removeAll(keepingCapacity: true)
        for touched in scratch.newTouched { scratch.newIndexes.append(touched.index) }
        let newIndexes = scratch.newIndexes
        // Cuts in the ordinal space of the untouched items, from both sides: index − rank
        // never decreases along either side's ascending indexes, so the two are merged.
        scratch.starts.removeAll(keepingCapacity: true)
        scratch.starts.append(0)
        var a = 0, b = 0
        while a < oldTouched.count || b < newIndexes.count {
            let cutA = a < oldTouched.count ? oldTouched[a] - a : .max
            let cutB = b < newIndexes.count ? newIndexes[b] - b : .max
            let cut = Swift.min(cutA, cutB)
            if cut == cutA { a += 1 } else { b += 1 }
            if cut < untouched, cut != scratch.starts[scratch.starts.count - 1] { scratch.starts.append(cut) }
        }
        if untouched == 0 { scratch.starts.removeAll(keepingCapacity: true) }
        let starts = scratch.starts

        // The new order: runs by their new start, touched items by their index.
        scratch.elements.removeAll(keepingCapacity: true)
        var nextTouched = 0
        for (offset, start) in starts.enumerated() {
            let end = offset + 1 < starts.count ? starts[offset + 1] : untouched
            let newStart = Self._free(start, skipping: newIndexes)
            while nextTouched < scratch.newTouched.count, scratch.newTouched[nextTouched].index < newStart {
                scratch.elements.append(.touched(newIndex: scratch.newTouched[nextTouched].index, from: scratch.newTouched[nextTouched].from))
                nextTouched += 1
            }
            scratch.elements.append(.run(oldStart: Self._free(start, skipping: oldTouched), newStart: newStart, length: end - start))
        }
        while nextTouched < scratch.newTouched.count {
            scratch.elements.append(.touched(newIndex: scratch.newTouched[nextTouched].index, from: scratch.newTouched[nextTouched].from))
            nextTouched += 1
        }

        // Patience sorting over the items that stayed in this section, run by run.
        scratch.values.removeAll(keepingCapacity: true)
        scratch.valueOf.removeAll(keepingCapacity: true)
        for element in scratch.elements {
            switch element {
            case .run(let oldStart, _, let length):
                scratch.valueOf.append(scratch.values.count)
                scratch.values.append((oldStart, length))
            case .touched(_, let from?) where from.section == section:
                scratch.valueOf.append(scratch.values.count)
                scratch.values.append((from.item, 1))
            case .touched:
                scratch.valueOf.append(-1)
            }
        }
        _RunPatience.memberPrefixes(scratch.values, into: &scratch.members)
        let members = scratch.members

        for (offset, element) in scratch.elements.enumerated() {
            switch element {
            case .run(let oldStart, let newStart, let length):
                for item in members[scratch.valueOf[offset]]..<length {
                    changes.movedItems.append(Move(
                        from: ItemPath(section: section, item: oldStart + item),
                        to: ItemPath(section: section, item: newStart + item)
                    ))
                }
            case .touched(let newIndex, let from):
                let to = ItemPath(section: section, item: newIndex)
                guard let from else {
                    changes.insertedItems.append(to)
                    continue
                }
                if from.section == section, members[scratch.valueOf[offset]] == 1 { continue }
                changes.movedItems.append(Move(from: from, to: to))
            }
        }
    }

    /// The `ordinal`-th index that the sorted `taken` does not hold.
    ///
    /// - Complexity: O(log k).
    @inlinable
    internal static func _free(_ ordinal: Int, skipping taken: [Int]) -> Int {
        var low = 0, high = taken.count
        while low < high {
            let mid = (low + high) >> 1
            if taken[mid] - mid <= ordinal { low = mid + 1 } else { high = mid }
        }
        return ordinal + low
    }
}

/// Patience sorting (`_markLongestIncreasingSubsequence`) over runs of consecutive values,
/// without expanding them.
///
/// A run `v, v+1, …, v+L−1` lands on consecutive piles `p…p+L−1` (after `v` lands on `p`,
/// the tail of `p` is `v < v+1` and the tail of `p+1` was above the old tail of `p`, so at
/// least `v+1`), so the piles are kept as segments, each the piles of one run's consecutive
/// elements. A value lands on the leftmost pile whose tail is not smaller, as in the full
/// diff; its predecessor is the element on the pile before, at that moment. Backtracking
/// from the last pile visits, in each run, a prefix of its elements.
@usableFromInline
enum _RunPatience {
    /// Piles `startPile ..< startPile + length` hold elements `firstOffset…` of run `run`,
    /// whose tails are `firstValue…`.
    private struct Segment {
        var startPile: Int
        var length: Int
        var firstValue: Int
        var run: Int
        var firstOffset: Int

        var endPile: Int { startPile + length }
        var lastValue: Int { firstValue + length - 1 }
    }

    /// For each run, how many of its elements (a prefix) are members of the longest
    /// increasing subsequence the full diff picks, in `prefixes` (replaced; its buffer is
    /// reused).
    ///
    /// - Complexity: O(r log r + r·s) for r runs and s segments (s ≤ 2r).
    @usableFromInline
    static func memberPrefixes(_ runs: [(value: Int, length: Int)], into prefixes: inout [Int]) {
        prefixes.removeAll(keepingCapacity: true)
        // Already increasing (no item moved inside the section, the usual case): the whole
        // sequence is the one longest increasing subsequence.
        var increasing = true
        var last = Int.min
        for (value, length) in runs where length > 0 {
            if value <= last { increasing = false; break }
            last = value + length - 1
        }
        if increasing {
            for run in runs { prefixes.append(run.length) }
            return
        }
        var segments: [Segment] = []
        var predecessor: [(run: Int, offset: Int)?] = Array(repeating: nil, count: runs.count)
        var pileCount = 0
        var replaced: [Segment] = []
        for (run, (value, length)) in runs.enumerated() where length > 0 {
            // The first segment whose last tail is not smaller than `value`.
            var low = 0, high = segments.count
            while low < high {
                let mid = (low + high) >> 1
                if segments[mid].lastValue < value { low = mid + 1 } else { high = mid }
            }
            let pile = low < segments.count ? segments[low].startPile + max(0, value - segments[low].firstValue) : pileCount
            if pile > 0 {
                // The segment holding pile − 1: the one at `low` if it starts before `pile`,
                // else the one before it.
                let holder = low < segments.count && segments[low].startPile < pile ? low : low - 1
                let segment = segments[holder]
                predecessor[run] = (segment.run, segment.firstOffset + (pile - 1 - segment.startPile))
            }
            // Overwrite piles pile ..< pile + length.
            let end = pile + length
            replaced.removeAll(keepingCapacity: true)
            var first = low
            if first > 0, segments[first - 1].endPile > pile { first -= 1 }
            var last = first
            while last < segments.count, segments[last].startPile < end {
                let segment = segments[last]
                if segment.startPile < pile {
                    var left = segment
                    left.length = pile - segment.startPile
                    replaced.append(left)
                }
                if segment.endPile > end {
                    let cut = end - segment.startPile
                    replaced.append(Segment(
                        startPile: end, length: segment.endPile - end, firstValue: segment.firstValue + cut,
                        run: segment.run, firstOffset: segment.firstOffset + cut
                    ))
                }
                last += 1
            }
            let new = Segment(startPile: pile, length: length, firstValue: value, run: run, firstOffset: 0)
            let insertAt = replaced.firstIndex { $0.startPile > pile } ?? replaced.count
            replaced.insert(new, at: insertAt)
            segments.replaceSubrange(first..<last, with: replaced)
            pileCount = max(pileCount, end)
        }

        prefixes.append(contentsOf: repeatElement(0, count: runs.count))
        guard let top = segments.last else { return }
        var member: (run: Int, offset: Int)? = (top.run, top.firstOffset + top.length - 1)
        while let (run, offset) = member {
            prefixes[run] = offset + 1
            member = predecessor[run]
        }
    }
}

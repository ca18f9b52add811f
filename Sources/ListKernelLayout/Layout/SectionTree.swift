@_spi(ListKernelTesting) import ListKernelCore

/// The sections of a layout, in a B+ tree ordered by section index, where every node keeps
/// the running totals of its children: extents, flat position counts and section counts.
///
/// One descent answers "which section holds offset y", "which holds flat position p" and
/// "where does section s start", and one descent changes a section (a collapse, a measured
/// item) or inserts or removes one. Each is O(log S), with nodes of 16 entries, so 10,000
/// sections are 4 levels deep.
///
///     node:  extent ends   [ 120 | 120 | 300 | max … ]   a zero-extent child (1) is never
///            position ends [   5 |   7 |  12 | max … ]   found by an offset search, because
///            section ends  [  16 |  25 |  41 | max … ]   a search counts the ends ≤ target
///            children      [  c0 |  c1 |  c2 ]
///
///     leaves hold the section records themselves, at `node * 16 + i`.
///
/// Nodes are rows of flat arrays (no object per node): a copied layout shares them until it
/// changes. Every node but the root holds 8 to 16 entries; all leaves are at one depth.
struct SectionTree: InvariantChecked {
    typealias Record = ListLayout.SectionRecord

    /// Entries per node.
    static let width = 16
    /// The least entries of a node other than the root.
    static let minimumFill = 8

    /// The three running totals a node keeps.
    enum Measure {
        case extent, position, section

        /// Where entry 0's total sits in a node's row, and how far apart the entries are:
        /// extent ends alternate with the links, the other two are contiguous.
        @inline(__always)
        var column: (offset: Int, stride: Int) {
            switch self {
            case .extent: (0, 2)
            case .position: (32, 1)
            case .section: (48, 1)
            }
        }
    }

    /// One row of 66 per node:
    ///
    ///     0 ..< 32   extent end 0, link 0, extent end 1, link 1, … extent end 15, link 15
    ///     32 ..< 48  position ends
    ///     48 ..< 64  section ends
    ///     64         the number of entries
    ///     65         the next free node (free nodes)
    ///
    /// Ends are running totals; unused entries hold `Int64.max`, so a search never counts
    /// them. A link is an internal node's child node number, or a leaf's
    /// `ItemExtents.lookupLink` of the record in that entry (0 for unused entries). One
    /// array, so copying the tree retains one buffer besides the records.
    ///
    /// An offset search reads every extent end of a node, so the links between them arrive
    /// with them: the child it descends to, or in a leaf the run it searches next, is known
    /// without another trip to memory. A leaf's link lets an offset lookup read a section's
    /// extents at the same time as the section's record instead of after it: at 10 million
    /// rows, one read of memory fewer per lookup. Each link is the address of a run owned by
    /// the record beside it: it moves with its record (`place`, `swapRecords`), is written
    /// again when a change may have replaced the run (`update`), and the invariant check
    /// compares every one with its record.
    private var sums: [Int64] = []
    /// Per node, 16 record slots (leaves); a record lives at `node * 16 + entry`.
    private(set) var records: [Record] = []
    /// The first node not in the tree, to be reused, or -1.
    private var freeNode = -1
    private var root = 0
    /// The number of internal levels above the leaves (0: the root is a leaf).
    private var height = 0

    private static let rowStride = 66
    private static let fillOffset = 64
    private static let nextFreeOffset = 65

    /// The place of entry `i`'s total of `measure` in a node's row.
    @inline(__always)
    static func column(_ measure: Measure, _ i: Int) -> Int { measure.column.offset + i * measure.column.stride }

    /// The place of entry `i`'s link in a node's row.
    @inline(__always)
    static func linkColumn(_ i: Int) -> Int { 2 * i + 1 }

    /// The child node in entry `slot % 16` of node `slot / 16` (internal nodes).
    private subscript(child slot: Int) -> Int {
        @inline(__always) get { Int(sums[(slot >> 4) * SectionTree.rowStride + SectionTree.linkColumn(slot & 15)]) }
        @inline(__always) set { sums[(slot >> 4) * SectionTree.rowStride + SectionTree.linkColumn(slot & 15)] = Int64(newValue) }
    }

    /// The lookup link of the record in `slot` (leaves).
    private subscript(link slot: Int) -> Int64 {
        @inline(__always) get { sums[(slot >> 4) * SectionTree.rowStride + SectionTree.linkColumn(slot & 15)] }
        @inline(__always) set { sums[(slot >> 4) * SectionTree.rowStride + SectionTree.linkColumn(slot & 15)] = newValue }
    }

    /// Puts `record` in `slot`, with its lookup link.
    private mutating func place(_ record: Record, at slot: Int) {
        records[slot] = record
        self[link: slot] = record.items.lookupLink
    }

    /// Swaps the records in slots `a` and `b`, with their links: a record that moves keeps
    /// its run, so its link moves with it, and nothing reads the run to work it out again.
    private mutating func swapRecords(_ a: Int, _ b: Int) {
        records.swapAt(a, b)
        let link = self[link: a]
        self[link: a] = self[link: b]
        self[link: b] = link
    }

    /// The number of entries of `node`.
    private subscript(fill node: Int) -> Int {
        @inline(__always) get { Int(sums[node * SectionTree.rowStride + SectionTree.fillOffset]) }
        @inline(__always) set { sums[node * SectionTree.rowStride + SectionTree.fillOffset] = Int64(newValue) }
    }

    /// The heap bytes of the rows of every node, in the tree or free.
    var rowBytes: Int { heapBytes(sums) }

    /// The number of nodes, in the tree or free.
    private var nodeCount: Int { sums.count / SectionTree.rowStride }
    private static let empty = Record(header: -1, footer: -1, isCollapsed: false, items: ItemExtents(count: 0, extent: 0, isMeasured: true))

    /// A tree of `records`, in order, with full-as-possible leaves.
    ///
    /// - Complexity: O(S).
    init<C: Collection>(_ initial: C) where C.Element == Record {
        var nodes = 1
        var width = SectionTree.groupSizes(initial.count).count
        while width > 1 {
            nodes += width
            width = SectionTree.groupSizes(width).count
        }
        sums.reserveCapacity(nodes * SectionTree.rowStride)
        records.reserveCapacity(nodes * SectionTree.width)
        root = allocateNode()
        guard !initial.isEmpty else { return }
        var leaves: [Int] = []
        var source = initial.startIndex
        for (group, size) in SectionTree.groupSizes(initial.count).enumerated() {
            let node = group == 0 ? root : allocateNode()
            for entry in 0..<size {
                place(initial[source], at: node * 16 + entry)
                source = initial.index(after: source)
            }
            self[fill: node] = size
            recompute(node, isLeaf: true)
            leaves.append(node)
        }
        var level = leaves
        while level.count > 1 {
            var parents: [Int] = []
            var next = 0
            for size in SectionTree.groupSizes(level.count) {
                let node = allocateNode()
                for entry in 0..<size { self[child: node * 16 + entry] = level[next + entry] }
                next += size
                self[fill: node] = size
                recompute(node, isLeaf: false)
                parents.append(node)
            }
            level = parents
            height += 1
        }
        root = level[0]
    }

    /// `count` entries split into as few nodes as possible, evenly (each at least 8 when
    /// there is more than one node).
    private static func groupSizes(_ count: Int) -> [Int] {
        let groups = (count + width - 1) / width
        return (0..<groups).map { group in (count * (group + 1)) / groups - (count * group) / groups }
    }

    // MARK: Totals

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    var count: Int { Int(total(.section, of: root)) }

    /// The sum of every section's extent, in units.
    ///
    /// - Complexity: O(1).
    var totalExtent: Int64 { total(.extent, of: root) }

    /// The number of flat positions.
    ///
    /// - Complexity: O(1).
    var totalPositions: Int64 { total(.position, of: root) }

    @inline(__always)
    private func total(_ measure: Measure, of node: Int) -> Int64 {
        let fill = self[fill: node]
        return fill == 0 ? 0 : sums[node * SectionTree.rowStride + SectionTree.column(measure, fill - 1)]
    }

    // MARK: Searches

    /// How many of the 16 running totals at `ends`, `stride` apart, are at most `target`
    /// (unused entries hold `Int64.max` and never count). The totals never decrease, so the
    /// count is where the first total above `target` sits: a branch-free binary search, five
    /// comparisons where a scan makes sixteen.
    @inline(__always)
    static func count(_ ends: UnsafePointer<Int64>, stride: Int = 1, atMost target: Int64) -> Int {
        var low = 0
        low &+= ends[7 &* stride] <= target ? 8 : 0
        low &+= ends[(low &+ 3) &* stride] <= target ? 4 : 0
        low &+= ends[(low &+ 1) &* stride] <= target ? 2 : 0
        low &+= ends[low &* stride] <= target ? 1 : 0
        return low &+ (ends[low &* stride] <= target ? 1 : 0)
    }

    /// The section whose span of `measure` holds `target` (extent units or a flat position),
    /// the remainder inside it, and the slot of its record. Sections whose span is empty are
    /// never returned. Returns `(count, target - total, -1)` when `target >= total`.
    /// `target` must be non-negative.
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func search(_ measure: Measure, _ target: Int64) -> (index: Int, remainder: Int64, slot: Int) {
        let found = searchLinked(measure, target)
        return (found.index, found.remainder, found.slot)
    }

    /// `search(_:_:)`, with the record's `ItemExtents.lookupLink` (0 past the end).
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func searchLinked(_ measure: Measure, _ target: Int64) -> (index: Int, remainder: Int64, slot: Int, link: Int64) {
        let total = total(measure, of: root)
        guard target < total else { return (count, target - total, -1, 0) }
        let found = descend(measure, target)
        return (Int(found.before.sections), found.remainder, found.slot, found.link)
    }

    /// Where a section's record is: its slot, and the path to it, the entry taken at each
    /// level from the root down, four bits a level (`update(_:atSlot:path:touchingItems:_:)`
    /// follows it instead of searching each level again). A path holds at most 16 levels, far
    /// more than `ListLimits.maximumSectionCount` needs; a deeper tree records no path (0).
    struct Place: Equatable, Sendable {
        var slot: Int
        var path: UInt64
    }

    /// The places of the records of the sections at `indexes` (each in `0..<count`), found
    /// by descending for all of them together, one level at a time. The descents are
    /// independent, so the reads of one level (each a likely cache miss in a large list:
    /// sections a batch touches are scattered) are in flight together, where one descent
    /// after another waits for each of its levels in turn.
    ///
    /// - Complexity: O(k log S) for k indexes.
    func places(ofSections indexes: [Int]) -> [Place] {
        let k = indexes.count
        guard k > 0 else { return [] }
        // Each section's node, remaining section count and path so far side by side in one
        // scratch buffer (on the stack for a batch's few sections), and the places appended
        // to reserved storage: one allocation, the answer's. (`Array(unsafeUninitializedCapacity:)`
        // would look the storage type up at run time.)
        var places: [Place] = []
        places.reserveCapacity(k)
        let recordsPath = height < 16
        withUnsafeTemporaryAllocation(of: (node: Int, remainder: Int64, path: UInt64).self, capacity: k) { descents in
            for j in 0..<k { descents[j] = (root, Int64(indexes[j]), 0) }
            sums.withUnsafeBufferPointer { sums in
                for level in 0...height {
                    // First one read in each line of the section ends and the fill of each
                    // section's row, all independent, so that the lines are on their way
                    // together. (Not at the root: every descent starts in its row.)
                    // A leaf's section ends are 1, 2, … its fill (one section per entry), so
                    // there the entry is the remainder itself: its section ends are not read
                    // (at 100,000 sections, two cold lines fewer per section).
                    let isLeaf = level == height
                    var touched: Int64 = 0
                    for j in 0..<k where level > 0 {
                        let row = sums.baseAddress! + descents[j].node &* SectionTree.rowStride
                        touched &+= isLeaf ? row[64] : row[48] &+ row[56] &+ row[64]
                    }
                    SectionTree.keep(touched)
                    let shift = UInt64(truncatingIfNeeded: 4 &* level)
                    for j in 0..<k {
                        let (node, remainder, path) = descents[j]
                        let row = node * SectionTree.rowStride
                        let entry = isLeaf
                            ? Int(truncatingIfNeeded: remainder)
                            : SectionTree.count(sums.baseAddress! + row + Measure.section.column.offset, atMost: remainder)
                        // Then one read in each line a change of the section's record moves
                        // the totals in (`update(_:atSlot:path:touchingItems:_:)`): the extent
                        // ends and links from `entry` on (the link to the child among them)
                        // and the position ends from `entry` on. The lines before `entry`
                        // are not read: they hold nothing the change needs.
                        let fill = Int(sums[row + SectionTree.fillOffset])
                        let ends = sums.baseAddress! + row
                        var column = 2 &* entry
                        while column < 2 &* fill {
                            touched &+= ends[column]
                            column &+= 8
                        }
                        column = Measure.position.column.offset &+ entry
                        while column < Measure.position.column.offset &+ fill {
                            touched &+= ends[column]
                            column &+= 8
                        }
                        touched &+= ends[2 &* fill &- 1] &+ ends[Measure.position.column.offset &+ fill &- 1]
                        let extended = recordsPath ? path | UInt64(truncatingIfNeeded: entry) &<< shift : 0
                        if isLeaf {
                            places.append(Place(slot: node * SectionTree.width + entry, path: extended))
                        } else {
                            let before = entry > 0 ? sums[row + SectionTree.column(.section, entry - 1)] : 0
                            descents[j] = (Int(sums[row + SectionTree.linkColumn(entry)]), remainder &- before, extended)
                        }
                    }
                    SectionTree.keep(touched)
                }
            }
        }
        return places
    }

    /// The slot a path from `places(ofSections:)` leads to (what debug builds and the tests
    /// check a path by).
    ///
    /// - Complexity: O(log S).
    func slot(along path: UInt64) -> Int {
        var node = root
        for level in 0...height {
            let entry = Int(truncatingIfNeeded: (path &>> UInt64(4 * level)) & 15)
            if level == height { return node * SectionTree.width + entry }
            node = self[child: node * SectionTree.width + entry]
        }
        preconditionFailure("kernel invariant: a tree without levels")
    }

    /// Uses `value`, so that reads made only to bring lines into the cache are not removed.
    @inline(never) @_optimize(none)
    private static func keep(_ value: Int64) {}

    /// The slot of section `index`'s record, and the extent and positions before it.
    /// `index` must be in `0..<count`.
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func locate(section index: Int) -> (slot: Int, extentBefore: Int64, positionsBefore: Int64) {
        let found = descend(.section, Int64(index))
        return (found.slot, found.before.extent, found.before.positions)
    }

    /// One descent from the root to the leaf entry whose span of `measure` holds `target`
    /// (`0 <= target <` the total): its slot, the remainder, the three totals before it, and
    /// its record's lookup link.
    @inline(__always)
    private func descend(_ measure: Measure, _ target: Int64)
        -> (slot: Int, remainder: Int64, before: (extent: Int64, positions: Int64, sections: Int64), link: Int64) {
        var node = root
        var remainder = target
        var before: (extent: Int64, positions: Int64, sections: Int64) = (0, 0, 0)
        var slot = 0
        var link: Int64 = 0
        sums.withUnsafeBufferPointer { sums in
            var level = 0
            while true {
                let row = node * SectionTree.rowStride
                // A leaf's section ends are 1, 2, … its fill: by section, the entry there is
                // the remainder itself, and those ends are not read (a line fewer).
                let bySectionInLeaf = measure == .section && level == height
                let entry = bySectionInLeaf
                    ? Int(truncatingIfNeeded: remainder)
                    : SectionTree.count(sums.baseAddress! + row + measure.column.offset, stride: measure.column.stride, atMost: remainder)
                // In the lines the count read, for an offset search (see `sums`).
                let linked = sums[row + SectionTree.linkColumn(entry)]
                // Branch-free: the totals before `entry`, or 0 for the first entry.
                let previous = max(entry - 1, 0)
                let mask: Int64 = entry > 0 ? -1 : 0
                remainder &-= bySectionInLeaf ? Int64(entry) : sums[row + SectionTree.column(measure, previous)] & mask
                before.extent &+= sums[row + SectionTree.column(.extent, previous)] & mask
                before.positions &+= sums[row + SectionTree.column(.position, previous)] & mask
                // In a leaf the section total before `entry` is `entry` itself: no read (for a
                // large list, a line of memory fewer).
                before.sections &+= level == height ? Int64(entry) : sums[row + SectionTree.column(.section, previous)] & mask
                if level == height {
                    slot = node * SectionTree.width + entry
                    link = linked
                    break
                }
                node = Int(linked)
                level += 1
            }
        }
        return (slot, remainder, before, link)
    }

    /// The slot of the section after the one in `slot` (section `index`), or -1 after the
    /// last. Amortized O(1): a step within a leaf is O(1), a step to the next leaf O(log S).
    @inline(__always)
    func slot(after slot: Int, index: Int) -> Int {
        let entry = slot % SectionTree.width
        if entry + 1 < self[fill: slot / SectionTree.width] { return slot + 1 }
        return index + 1 < count ? locate(section: index + 1).slot : -1
    }

    /// The header, footer and whole extent of the record in `slot`, in units, read in place.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func spans(atSlot slot: Int) -> (header: Int64, footer: Int64, section: Int64) {
        records.withUnsafeBufferPointer { records in
            let record = records.baseAddress! + slot
            return (record.pointee.headerUnits, record.pointee.footerUnits, record.pointee.extent)
        }
    }

    /// The record in `slot` (from `locate(section:)`), read in place.
    ///
    /// - Complexity: O(1).
    subscript(slot slot: Int) -> Record {
        _read { yield records[slot] }
    }

    /// Section `index`'s record. `index` must be in `0..<count`.
    ///
    /// - Complexity: O(log S).
    subscript(index: Int) -> Record {
        // Borrowed in place: a copy would retain the record's arrays.
        _read { yield records[locate(section: index).slot] }
    }

    /// The extent before section `index` (`index` may equal `count`), in units.
    ///
    /// - Complexity: O(log S).
    func extentPrefix(_ index: Int) -> Int64 { index == count ? totalExtent : locate(section: index).extentBefore }

    /// Calls `body` with every record, in order, borrowed in place.
    ///
    /// - Complexity: O(S).
    func forEach(_ body: (UnsafePointer<Record>) -> Void) {
        records.withUnsafeBufferPointer { records in
            forEachLeaf { slots in
                for slot in slots { body(records.baseAddress! + slot) }
            }
        }
    }

    /// Every section's item count, in order.
    ///
    /// - Complexity: O(S).
    func itemCounts() -> [Int] {
        // An empty array is the shared empty storage, which must not be written to (its
        // count would be, from every thread at once).
        guard count > 0 else { return [] }
        return [Int](unsafeUninitializedCapacity: count) { counts, initialized in
            records.withUnsafeBufferPointer { records in
                forEachLeaf { slots in
                    for slot in slots {
                        (counts.baseAddress! + initialized).initialize(to: records[slot].items.count)
                        initialized += 1
                    }
                }
            }
        }
    }

    /// Calls `body` with the record slots of each leaf, in order.
    private func forEachLeaf(_ body: (Range<Int>) -> Void) {
        func visit(_ node: Int, _ level: Int) {
            let first = node * SectionTree.width
            if level == height {
                body(first..<(first + self[fill: node]))
                return
            }
            for entry in 0..<self[fill: node] { visit(self[child: first + entry], level + 1) }
        }
        visit(root, 0)
    }

    // MARK: Changes

    /// Applies `change` to section `index`'s record and moves the running totals above it by
    /// the difference. `index` must be in `0..<count`. `touchingItems: false` promises that
    /// `change` leaves the record's items alone (a collapse, a header or footer), so their
    /// lookup link is not worked out again.
    ///
    /// - Complexity: O(log S) plus the cost of `change`.
    mutating func update(_ index: Int, touchingItems: Bool = true, _ change: (inout Record) -> Void) {
        update(index, atSlot: locate(section: index).slot, path: 0, touchingItems: touchingItems, change)
    }

    /// `update(_:touchingItems:_:)` of section `index`, whose record is in `slot` (from
    /// `locate(section:)` or `places(ofSections:)`, with no change since): one descent fewer.
    /// With the record's `path` from `places(ofSections:)` (no section inserted, removed or
    /// moved since; 0 when not known), the totals above it are moved along the path, with no
    /// search at each level.
    ///
    /// - Complexity: O(log S) plus the cost of `change`.
    mutating func update(_ index: Int, atSlot slot: Int, path: UInt64, touchingItems: Bool = true, _ change: (inout Record) -> Void) {
        let oldExtent = records[slot].extent
        let oldPositions = records[slot].positionCount
        change(&records[slot])
        // A change of the items may have moved or replaced the record's run. (Working the
        // link out reads the run, which a collapse or a new header has no other reason to.)
        if touchingItems {
            // Read in place: `records[slot]` would copy the record and retain its arrays.
            let link = records.withUnsafeBufferPointer { ($0.baseAddress! + slot).pointee.items.lookupLink }
            if self[link: slot] != link { self[link: slot] = link }
        }
        let extentDelta = records[slot].extent - oldExtent
        let positionDelta = Int64(records[slot].positionCount - oldPositions)
        guard extentDelta != 0 || positionDelta != 0 else { return }
        // Section counts did not change, so a second descent meets the same entries; each
        // level moves the ends of the entry on the path and of the entries after it.
        let height = height
        var node = root
        var remainder = Int64(index)
        // A path of 0 is either none or the first section's (entry 0 at every level): both
        // are searched for, which finds the same entries.
        let follows = path != 0
        assert(!follows || self.slot(along: path) == slot, "kernel invariant: a path to another slot than \(slot)")
        sums.withUnsafeMutableBufferPointer { sums in
            var level = 0
            while true {
                let row = node * SectionTree.rowStride
                let entry: Int
                if follows {
                    entry = Int(truncatingIfNeeded: (path &>> UInt64(truncatingIfNeeded: 4 &* level)) & 15)
                } else if level == height {
                    // In a leaf, one section per entry (as in `places(ofSections:)`).
                    entry = Int(truncatingIfNeeded: remainder)
                } else {
                    let base = row + Measure.section.column.offset
                    entry = SectionTree.count(UnsafePointer(sums.baseAddress! + base), atMost: remainder)
                    if entry > 0 { remainder &-= sums[base + entry - 1] }
                }
                // One column at a time, each a loop of one stride (the contiguous positions
                // vectorize), where one loop over both could not be proved free of overlap.
                let fill = Int(sums[row + SectionTree.fillOffset])
                let extents = sums.baseAddress! + row + Measure.extent.column.offset
                let positions = sums.baseAddress! + row + Measure.position.column.offset
                for i in entry..<fill { extents[Measure.extent.column.stride &* i] &+= extentDelta }
                for i in entry..<fill { positions[i] &+= positionDelta }
                if level == height { break }
                node = Int(sums[row + SectionTree.linkColumn(entry)])
                level += 1
            }
        }
    }

    /// The entry of `node` holding section `index` (relative to the node) and the sections
    /// before that entry.
    @inline(__always)
    private func entry(of index: Int, in node: Int) -> (entry: Int, before: Int) {
        let base = node * SectionTree.rowStride + Measure.section.column.offset
        let entry = sums.withUnsafeBufferPointer { SectionTree.count($0.baseAddress! + base, atMost: Int64(index)) }
        return (entry, entry == 0 ? 0 : Int(sums[base + entry - 1]))
    }

    /// Inserts `record` as section `index` (`0...count`).
    ///
    /// - Complexity: O(log S).
    mutating func insert(_ record: Record, at index: Int) {
        guard let sibling = insert(record, at: index, node: root, level: 0) else { return }
        let newRoot = allocateNode()
        self[child: newRoot * SectionTree.width] = root
        self[child: newRoot * SectionTree.width + 1] = sibling
        self[fill: newRoot] = 2
        recompute(newRoot, isLeaf: false)
        root = newRoot
        height += 1
    }

    /// Inserts into the subtree of `node`; returns the new right sibling when `node` split.
    private mutating func insert(_ record: Record, at index: Int, node: Int, level: Int) -> Int? {
        let isLeaf = level == height
        var target = node
        var position: Int
        var newEntry = 0
        if isLeaf {
            position = index
        } else {
            // The child that ends at or after `index`: an append goes to the last child.
            let base = node * SectionTree.rowStride + Measure.section.column.offset
            let before = sums.withUnsafeBufferPointer { SectionTree.count($0.baseAddress! + base, atMost: Int64(index) - 1) }
            let entry = min(before, self[fill: node] - 1)
            let sectionsBefore = entry == 0 ? 0 : Int(sums[base + entry - 1])
            let child = self[child: node * SectionTree.width + entry]
            guard let split = insert(record, at: index - sectionsBefore, node: child, level: level + 1) else {
                recompute(node, isLeaf: false)
                return nil
            }
            position = entry + 1
            newEntry = split
        }
        var sibling: Int?
        if self[fill: node] == SectionTree.width {
            let right = split(node, isLeaf: isLeaf)
            sibling = right
            if position > SectionTree.minimumFill {
                target = right
                position -= SectionTree.minimumFill
            }
        }
        openGap(in: target, at: position, isLeaf: isLeaf)
        if isLeaf { place(record, at: target * SectionTree.width + position) }
        else { self[child: target * SectionTree.width + position] = newEntry }
        recompute(node, isLeaf: isLeaf)
        if let sibling { recompute(sibling, isLeaf: isLeaf) }
        return sibling
    }

    /// Moves the upper half of a full node to a new node and returns it.
    private mutating func split(_ node: Int, isLeaf: Bool) -> Int {
        let right = allocateNode()
        let keep = SectionTree.minimumFill
        moveEntries(from: node, keep..<self[fill: node], to: right, at: 0, isLeaf: isLeaf)
        return right
    }

    /// Shifts the entries of `node` from `position` one place right.
    private mutating func openGap(in node: Int, at position: Int, isLeaf: Bool) {
        let base = node * SectionTree.width
        var i = self[fill: node]
        while i > position {
            if isLeaf { swapRecords(base + i, base + i - 1) } else { self[child: base + i] = self[child: base + i - 1] }
            i -= 1
        }
        self[fill: node] += 1
    }

    /// Moves the entries `range` of `source` to `destination` starting at `position` (which
    /// must be its end or leave room), closing the gap in `source`.
    private mutating func moveEntries(from source: Int, _ range: Range<Int>, to destination: Int, at position: Int, isLeaf: Bool) {
        let width = SectionTree.width
        let moved = range.count
        let destinationFill = self[fill: destination]
        // Make room in the destination.
        var i = destinationFill - 1
        while i >= position {
            if isLeaf { swapRecords(destination * width + i + moved, destination * width + i) }
            else { self[child: destination * width + i + moved] = self[child: destination * width + i] }
            i -= 1
        }
        for (offset, entry) in range.enumerated() {
            if isLeaf { swapRecords(destination * width + position + offset, source * width + entry) }
            else { self[child: destination * width + position + offset] = self[child: source * width + entry] }
        }
        // Close the gap in the source.
        let sourceFill = self[fill: source]
        for entry in range.upperBound..<sourceFill {
            if isLeaf { swapRecords(source * width + entry - moved, source * width + entry) }
            else { self[child: source * width + entry - moved] = self[child: source * width + entry] }
        }
        self[fill: source] = sourceFill - moved
        self[fill: destination] = destinationFill + moved
        recompute(source, isLeaf: isLeaf)
        recompute(destination, isLeaf: isLeaf)
    }

    /// Removes section `index` and returns its record. `index` must be in `0..<count`.
    ///
    /// - Complexity: O(log S).
    @discardableResult
    mutating func remove(at index: Int) -> Record {
        let record = remove(at: index, node: root, level: 0)
        if height > 0, self[fill: root] == 1 {
            let old = root
            root = self[child: root * SectionTree.width]
            height -= 1
            free(old)
        }
        return record
    }

    private mutating func remove(at index: Int, node: Int, level: Int) -> Record {
        let (entry, before) = entry(of: index, in: node)
        let record: Record
        if level == height {
            let base = node * SectionTree.width
            record = records[base + entry]
            place(SectionTree.empty, at: base + entry)
            for i in (entry + 1)..<self[fill: node] { swapRecords(base + i - 1, base + i) }
            self[fill: node] -= 1
        } else {
            let child = self[child: node * SectionTree.width + entry]
            record = remove(at: index - before, node: child, level: level + 1)
            if self[fill: child] < SectionTree.minimumFill { rebalance(node, around: entry, childrenAreLeaves: level + 1 == height) }
        }
        recompute(node, isLeaf: level == height)
        return record
    }

    /// Refills the underfull child `entry` of `parent` from a neighbour: merges the two
    /// when they fit in one node, or splits their entries evenly.
    private mutating func rebalance(_ parent: Int, around entry: Int, childrenAreLeaves isLeaf: Bool) {
        let leftEntry = entry > 0 ? entry - 1 : entry
        let left = self[child: parent * SectionTree.width + leftEntry]
        let right = self[child: parent * SectionTree.width + leftEntry + 1]
        let leftFill = self[fill: left]
        let rightFill = self[fill: right]
        if leftFill + rightFill <= SectionTree.width {
            moveEntries(from: right, 0..<rightFill, to: left, at: leftFill, isLeaf: isLeaf)
            free(right)
            let base = parent * SectionTree.width
            for i in (leftEntry + 2)..<self[fill: parent] { self[child: base + i - 1] = self[child: base + i] }
            self[fill: parent] -= 1
        } else {
            let leftTarget = (leftFill + rightFill) / 2
            if leftFill > leftTarget {
                moveEntries(from: left, leftTarget..<leftFill, to: right, at: 0, isLeaf: isLeaf)
            } else {
                moveEntries(from: right, 0..<(leftTarget - leftFill), to: left, at: leftFill, isLeaf: isLeaf)
            }
        }
    }

    // MARK: Nodes

    /// Recomputes `node`'s running totals from its records or its children's totals. (A
    /// leaf's links move with its records: `place`, `swapRecords`.)
    private mutating func recompute(_ node: Int, isLeaf: Bool) {
        let row = node * SectionTree.rowStride
        let fill = self[fill: node]
        var extent: Int64 = 0
        var positions: Int64 = 0
        var sections: Int64 = 0
        for i in 0..<SectionTree.width {
            guard i < fill else {
                sums[row + SectionTree.column(.extent, i)] = .max
                sums[row + SectionTree.column(.position, i)] = .max
                sums[row + SectionTree.column(.section, i)] = .max
                continue
            }
            if isLeaf {
                let slot = node * SectionTree.width + i
                extent &+= records[slot].extent
                positions &+= Int64(records[slot].positionCount)
                sections &+= 1
            } else {
                let child = self[child: node * SectionTree.width + i]
                extent &+= total(.extent, of: child)
                positions &+= total(.position, of: child)
                sections &+= total(.section, of: child)
            }
            sums[row + SectionTree.column(.extent, i)] = extent
            sums[row + SectionTree.column(.position, i)] = positions
            sums[row + SectionTree.column(.section, i)] = sections
        }
    }

    private mutating func allocateNode() -> Int {
        if freeNode >= 0 {
            let node = freeNode
            freeNode = Int(sums[node * SectionTree.rowStride + SectionTree.nextFreeOffset])
            return node
        }
        let node = nodeCount
        // Every end unused (`Int64.max`), links 0, no entries, not free.
        for _ in 0..<SectionTree.width { sums.append(contentsOf: [.max, 0]) }
        sums.append(contentsOf: repeatElement(.max, count: 2 * SectionTree.width))
        sums.append(contentsOf: [0, -1])
        records.append(contentsOf: repeatElement(SectionTree.empty, count: SectionTree.width))
        return node
    }

    /// Returns an emptied node (its records already moved out) to the free list.
    private mutating func free(_ node: Int) {
        self[fill: node] = 0
        for i in 0..<SectionTree.width { place(SectionTree.empty, at: node * SectionTree.width + i) }
        recompute(node, isLeaf: true)
        sums[node * SectionTree.rowStride + SectionTree.nextFreeOffset] = Int64(freeNode)
        freeNode = node
    }

    // MARK: Invariants

    /// Recomputes every running total and lookup link from the records and traps on any
    /// difference; checks fills, depth and the free list (`InvariantChecked`).
    ///
    /// - Complexity: O(S).
    func _checkInvariantsNow() {
        var seen = [Bool](repeating: false, count: nodeCount)
        func check(_ node: Int, _ level: Int) -> (Int64, Int64, Int64) {
            precondition(!seen[node], "node \(node) is reachable twice")
            seen[node] = true
            let fill = self[fill: node]
            precondition(fill <= SectionTree.width, "node \(node) holds \(fill) entries")
            if node != root { precondition(fill >= SectionTree.minimumFill, "node \(node) holds \(fill) entries, fewer than \(SectionTree.minimumFill)") }
            else if height > 0 { precondition(fill >= 2, "the internal root holds \(fill) entries") }
            let row = node * SectionTree.rowStride
            var totals: (Int64, Int64, Int64) = (0, 0, 0)
            for i in 0..<SectionTree.width {
                guard i < fill else {
                    precondition(sums[row + SectionTree.column(.extent, i)] == .max && sums[row + SectionTree.column(.position, i)] == .max
                                 && sums[row + SectionTree.column(.section, i)] == .max,
                                 "node \(node) entry \(i) is unused but not marked")
                    precondition(level < height || sums[row + SectionTree.linkColumn(i)] == 0, "leaf \(node) entry \(i) is unused but linked")
                    continue
                }
                if level == height {
                    let record = records[node * SectionTree.width + i]
                    precondition(sums[row + SectionTree.linkColumn(i)] == record.items.lookupLink,
                                 "node \(node) entry \(i): lookup link \(sums[row + SectionTree.linkColumn(i)]), record's \(record.items.lookupLink)")
                    totals.0 += record.extent
                    totals.1 += Int64(record.positionCount)
                    totals.2 += 1
                } else {
                    let child = check(self[child: node * SectionTree.width + i], level + 1)
                    totals.0 += child.0
                    totals.1 += child.1
                    totals.2 += child.2
                }
                let ends = (sums[row + SectionTree.column(.extent, i)], sums[row + SectionTree.column(.position, i)], sums[row + SectionTree.column(.section, i)])
                precondition(ends.0 == totals.0, "node \(node) entry \(i): extent end \(ends.0), recomputed \(totals.0)")
                precondition(ends.1 == totals.1, "node \(node) entry \(i): position end \(ends.1), recomputed \(totals.1)")
                precondition(ends.2 == totals.2, "node \(node) entry \(i): section end \(ends.2), recomputed \(totals.2)")
            }
            return totals
        }
        _ = check(root, 0)
        var free = freeNode
        while free >= 0 {
            precondition(!seen[free], "free node \(free) is in the tree or free twice")
            seen[free] = true
            free = Int(sums[free * SectionTree.rowStride + SectionTree.nextFreeOffset])
        }
        precondition(!seen.contains(false), "a node is neither in the tree nor free")
    }
}

extension SectionTree: Equatable {
    /// Two trees are equal when they hold equal records in the same order, whatever their
    /// shape.
    ///
    /// - Complexity: O(S).
    static func == (lhs: SectionTree, rhs: SectionTree) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var left: [UnsafePointer<Record>] = []
        left.reserveCapacity(lhs.count)
        var equal = true
        // Both trees stay alive for the whole comparison, so the borrowed pointers are valid.
        lhs.forEach { left.append($0) }
        var index = 0
        rhs.forEach { record in
            if equal, left[index].pointee != record.pointee { equal = false }
            index += 1
        }
        return equal
    }
}

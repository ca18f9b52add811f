@_spi(ListKernelTesting) import ListKernelCore

/// Groups nested to any depth: every node has a stable identifier, expansion is a set of
/// identifiers, and the rows are the nodes no collapsed ancestor hides, plus a "loading…"
/// placeholder under a lazy node whose children were asked for.
///
/// ```swift
/// var outline = try Outline<String>(sectionCount: 1, estimatedExtent: 24)
/// _ = outline.insert([
///     OutlineItem("Documents", children: .container),
///     OutlineItem("Notes", depth: 1),
///     OutlineItem("Readme"),
/// ], under: nil, inSection: 0, at: 0)
/// outline.rowCount(inSection: 0)          // 2: Documents (collapsed), Readme
/// let update = outline.expand("Documents")
/// update.insertedRows                      // [section 0 rows 1..<2]: Notes
/// outline.parent(of: "Notes")              // "Documents"
/// ```
///
/// Each section keeps its nodes in preorder in a balanced tree of leaves whose summaries
/// count rows and sum their extents (`Docs/Outline.md`); a node's entry holds its extent,
/// its depth and how many of its ancestors are collapsed. Collapsing a node adds 1 to that
/// count over its descendants' range, so expanding or collapsing costs O(log n) however many
/// rows it shows or hides, and never touches the rest of the outline. Depth and path are
/// derived from the preorder depths, never stored per node, so a moved subtree's
/// descendants are not visited one by one to be renumbered (R7); each node stores only its
/// parent's handle, which a move changes for the subtree's root alone.
///
/// Operations return an `OutlineUpdate` whose `status` names what happened; a rejected one
/// (unknown identifier, duplicate, cycle, index out of range, …) leaves the outline
/// unchanged bit for bit.
///
/// - Complexity: mappings O(log n) for n nodes (a path O(depth · log n)); expand and collapse
///   O(log n + w log n) for w expanded lazy nodes waiting to be shown; inserting, deleting
///   or moving k nodes O(k + log n · (k / 32 + 1)); expand-all and collapse-all O(n).
public struct Outline<ID: Hashable & Sendable>: Sendable {
    /// Each section's nodes in preorder.
    @usableFromInline var sections: [OutlineSequence]
    /// Per handle: the identifier (`nil` for a free handle), section, leaf, flags.
    @usableFromInline var ids: [ID?] = []
    @usableFromInline var sectionOf: [Int32] = []
    @usableFromInline var leafOf: [Int32] = []
    /// Per handle: the parent's handle, -1 at the top level or for a free handle. Only a
    /// moved subtree's root changes parent, so a move sets one; `parent(of:)` reads it in
    /// one step instead of searching the preorder depths.
    @usableFromInline var parentOf: [Int32] = []
    @usableFromInline var flags: [UInt8] = []
    var freeHandles: [Int32] = []
    @usableFromInline var handleOf: [ID: Int32] = [:]
    /// The extent of a node with no measurement, and of a placeholder, in units.
    @usableFromInline var estimateUnits: Int32
    @usableFromInline var placeholderUnits: Int32
    /// Requests by serial; the outstanding one of each loading node.
    var nextSerial: UInt64 = 1
    var requests: [UInt64: Request] = [:]
    var pendingSerial: [Int32: UInt64] = [:]
    /// Expanded lazy nodes not yet asked for, because an ancestor hides them (R11).
    var waiting: Set<Int32> = []

    struct Request: Sendable {
        enum State: Sendable { case pending, answered, removed, superseded }
        var handle: Int32
        var state: State
    }

    /// The most nodes one outline holds: 134,217,728 (2^27).
    ///
    /// - Complexity: O(1).
    public static var maximumNodeCount: Int { 1 << 27 }

    /// An outline of `sectionCount` empty sections whose nodes are `estimatedExtent` points
    /// until measured, with placeholder rows `placeholderExtent` points. Bad numbers throw
    /// `OutlineError`, naming them.
    ///
    /// - Complexity: O(sectionCount).
    public init(sectionCount: Int = 1, estimatedExtent: Double = 44, placeholderExtent: Double = 44) throws(OutlineError<ID>) {
        guard sectionCount >= 0, sectionCount <= ListLimits.maximumSectionCount else {
            throw OutlineError(.sectionOutOfRange(section: sectionCount, sectionCount: ListLimits.maximumSectionCount))
        }
        guard let estimate = FixedPoint.elementUnits(estimatedExtent) else { throw OutlineError(.invalidExtent(estimatedExtent)) }
        guard let placeholder = FixedPoint.elementUnits(placeholderExtent) else { throw OutlineError(.invalidExtent(placeholderExtent)) }
        sections = (0..<sectionCount).map { _ in OutlineSequence() }
        estimateUnits = estimate
        placeholderUnits = placeholder
    }

    // MARK: - Flags

    @usableFromInline static var expandedBit: UInt8 { 1 }
    @usableFromInline static var containerBit: UInt8 { 2 }
    @usableFromInline static var measuredBit: UInt8 { 4 }
    @usableFromInline static var loadShift: UInt8 { 3 }

    @inlinable func isExpandedHandle(_ h: Int32) -> Bool { flags[Int(h)] & Self.expandedBit != 0 }
    @inlinable func isContainerHandle(_ h: Int32) -> Bool { flags[Int(h)] & Self.containerBit != 0 }

    @inlinable
    func loadStateOf(_ h: Int32) -> OutlineLoadState {
        switch (flags[Int(h)] >> Self.loadShift) & 3 {
        case 1: .unloaded
        case 2: .loading
        case 3: .loaded
        default: .none
        }
    }

    mutating func setLoadState(_ state: OutlineLoadState, of h: Int32) {
        let code: UInt8 = switch state {
        case .none: 0
        case .unloaded: 1
        case .loading: 2
        case .loaded: 3
        }
        flags[Int(h)] = (flags[Int(h)] & ~(3 << Self.loadShift)) | (code << Self.loadShift)
    }

    mutating func setFlag(_ bit: UInt8, _ on: Bool, of h: Int32) {
        if on { flags[Int(h)] |= bit } else { flags[Int(h)] &= ~bit }
    }

    /// Whether a node's children are known (it can take inserts and moves in).
    func childrenAreKnown(_ h: Int32) -> Bool {
        let state = loadStateOf(h)
        return state == .none || state == .loaded
    }

    mutating func allocateHandle(_ id: ID, section: Int, parent: Int32, flags value: UInt8) -> Int32 {
        let h: Int32
        if let free = freeHandles.popLast() {
            h = free
            ids[Int(h)] = id
            sectionOf[Int(h)] = Int32(section)
            parentOf[Int(h)] = parent
            flags[Int(h)] = value
        } else {
            h = Int32(ids.count)
            ids.append(id)
            sectionOf.append(Int32(section))
            leafOf.append(-1)
            parentOf.append(parent)
            flags.append(value)
        }
        handleOf[id] = h
        return h
    }

    /// Frees a deleted node's handle, purging its flag, measurement and pending request (R8).
    mutating func freeHandle(_ h: Int32) {
        if let id = ids[Int(h)] { handleOf[id] = nil }
        ids[Int(h)] = nil
        flags[Int(h)] = 0
        leafOf[Int(h)] = -1
        parentOf[Int(h)] = -1
        waiting.remove(h)
        if let serial = pendingSerial.removeValue(forKey: h) { requests[serial]?.state = .removed }
        freeHandles.append(h)
    }

    // MARK: - Locating

    /// Where handle `h`'s entry is: section, index, true values.
    @inlinable
    func place(of h: Int32) -> (section: Int, index: Int, entry: OutlineEntry) {
        let section = Int(sectionOf[Int(h)])
        let found = sections[section].locate(handle: h, inLeaf: leafOf[Int(h)])
        return (section, found.index, found.entry)
    }

    /// One past the last descendant of the entry at `index` with depth `depth`.
    @inlinable
    func subtreeEnd(_ section: Int, _ index: Int, depth: Int32) -> Int {
        sections[section].firstIndex(atOrAfter: index + 1, depthAtMost: depth) ?? sections[section].count
    }

    /// The configuration of a row's entry.
    @inlinable
    func configuration(of entry: OutlineEntry) -> OutlineRowConfiguration<ID> {
        let h = entry.node
        let id = ids[Int(h)]!
        if entry.isPlaceholder {
            return OutlineRowConfiguration(kind: .placeholder(owner: id), depth: Int(entry.depth), isExpandable: false, isExpanded: false, loadState: .none)
        }
        return OutlineRowConfiguration(
            kind: .item(id), depth: Int(entry.depth), isExpandable: isContainerHandle(h),
            isExpanded: isExpandedHandle(h), loadState: loadStateOf(h)
        )
    }
}

/// An outline that could not be made: its status names the numbers.
///
/// - Complexity: every member is O(1).
public struct OutlineError<ID: Hashable & Sendable>: Error, Sendable, CustomStringConvertible {
    /// Why.
    public var status: OutlineStatus<ID>

    /// An error for `status`.
    ///
    /// - Complexity: O(1).
    public init(_ status: OutlineStatus<ID>) { self.status = status }

    /// The status's sentence.
    ///
    /// - Complexity: O(1).
    public var description: String { status.description }
}

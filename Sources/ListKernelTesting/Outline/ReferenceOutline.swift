@_spi(ListKernelTesting) public import ListKernel

/// A naive model of `Outline` for differential tests: a dictionary of child arrays, an
/// expansion set and a load state per node; the rows are recomputed by flattening the
/// visible tree after every step, and every status is decided by the contract's rules
/// (`Docs/Outline.md`) read directly, without the kernel's summaries. Slow on purpose.
///
/// ```swift
/// var reference = ReferenceOutline<Int>(sectionCount: 1, estimatedUnits: 11264, placeholderUnits: 11264)
/// _ = reference.insert([OutlineItem(1, children: .container)], under: nil, inSection: 0, at: 0)
/// reference.rows(inSection: 0)   // one row: item 1, depth 0, expandable, collapsed
/// ```
///
/// - Complexity: every query and operation is O(n) or worse.
public struct ReferenceOutline<ID: Hashable & Sendable>: Sendable {
    /// One row as the model flattens it: its configuration and extent in units.
    public struct Row: Hashable, Sendable {
        /// What the row shows.
        public var configuration: OutlineRowConfiguration<ID>
        /// Its extent in fixed-point units.
        public var units: Int32

        /// A row.
        ///
        /// - Complexity: O(1).
        public init(configuration: OutlineRowConfiguration<ID>, units: Int32) {
            self.configuration = configuration
            self.units = units
        }
    }

    /// What an operation did, as the model decides it.
    public struct Step: Sendable {
        /// The status.
        public var status: OutlineStatus<ID>
        /// The identifiers whose children the operation asked for, with the model's serials.
        public var requested: [ID: UInt64]
    }

    enum RequestState: Sendable { case pending, answered, removed, superseded }

    /// Top-level identifiers per section.
    public private(set) var top: [[ID]]
    /// The children of each node (absent: none).
    public private(set) var kids: [ID: [ID]] = [:]
    /// Each node's parent (`nil` value: top level).
    public private(set) var parentOf: [ID: ID?] = [:]
    /// Each node's section.
    public private(set) var sectionOf: [ID: Int] = [:]
    /// Containers.
    public private(set) var containers: Set<ID> = []
    /// The expansion set.
    public private(set) var expanded: Set<ID> = []
    /// Load states of lazy nodes (absent: not lazy).
    public private(set) var load: [ID: OutlineLoadState] = [:]
    /// Extents in units.
    public private(set) var units: [ID: Int32] = [:]
    var measured: Set<ID> = []
    let estimatedUnits: Int32
    let placeholderUnits: Int32
    var nextSerial: UInt64 = 1
    var requests: [UInt64: (id: ID, state: RequestState)] = [:]
    var pending: [ID: UInt64] = [:]

    /// An empty model.
    ///
    /// - Complexity: O(sectionCount).
    public init(sectionCount: Int, estimatedUnits: Int32, placeholderUnits: Int32) {
        top = Array(repeating: [], count: sectionCount)
        self.estimatedUnits = estimatedUnits
        self.placeholderUnits = placeholderUnits
    }

    /// Every node.
    ///
    /// - Complexity: O(1).
    public var nodes: Dictionary<ID, Int>.Keys { sectionOf.keys }

    /// The serials of requests still pending.
    ///
    /// - Complexity: O(requests).
    public var pendingSerials: [UInt64] { requests.filter { $0.value.state == .pending }.map(\.key).sorted() }

    /// The serials of every request issued, answered or not.
    ///
    /// - Complexity: O(requests).
    public var allSerials: [UInt64] { requests.keys.sorted() }

    func children(_ parent: ID?, _ section: Int) -> [ID] {
        guard let parent else { return top[section] }
        return kids[parent] ?? []
    }

    mutating func setChildren(_ parent: ID?, _ section: Int, _ value: [ID]) {
        if let parent { kids[parent] = value } else { top[section] = value }
    }

    /// The node's depth, by walking up.
    ///
    /// - Complexity: O(depth).
    public func depth(of id: ID) -> Int {
        var depth = 0
        var node = id
        while let parent = parentOf[node] ?? nil {
            depth += 1
            node = parent
        }
        return depth
    }

    /// Whether every ancestor is expanded.
    ///
    /// - Complexity: O(depth).
    public func isVisible(_ id: ID) -> Bool {
        var node = id
        while let parent = parentOf[node] ?? nil {
            if !expanded.contains(parent) { return false }
            node = parent
        }
        return true
    }

    /// The subtree of `id` in preorder, `id` first (iterative).
    ///
    /// - Complexity: O(subtree).
    public func subtree(_ id: ID) -> [ID] {
        var result: [ID] = []
        var stack = [id]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: (kids[node] ?? []).reversed())
        }
        return result
    }

    /// `section`'s rows, by flattening the visible tree.
    ///
    /// - Complexity: O(n).
    public func rows(inSection section: Int) -> [Row] {
        var result: [Row] = []
        var stack: [(ID, Int)] = top[section].reversed().map { ($0, 0) }
        while let (node, depth) = stack.popLast() {
            let state = load[node] ?? OutlineLoadState.none
            result.append(Row(configuration: OutlineRowConfiguration(
                kind: .item(node), depth: depth, isExpandable: containers.contains(node),
                isExpanded: expanded.contains(node), loadState: state
            ), units: units[node]!))
            guard expanded.contains(node) else { continue }
            if state == .loading {
                result.append(Row(configuration: OutlineRowConfiguration(
                    kind: .placeholder(owner: node), depth: depth + 1, isExpandable: false, isExpanded: false, loadState: .none
                ), units: placeholderUnits))
            }
            for child in (kids[node] ?? []).reversed() { stack.append((child, depth + 1)) }
        }
        return result
    }

    /// Asks every visible, expanded, unloaded lazy node for its children (R11).
    mutating func issueRequests() -> [ID: UInt64] {
        var issued: [ID: UInt64] = [:]
        for (node, state) in load where state == .unloaded && expanded.contains(node) && isVisible(node) {
            let serial = nextSerial
            nextSerial += 1
            requests[serial] = (node, .pending)
            pending[node] = serial
            load[node] = .loading
            issued[node] = serial
        }
        return issued
    }

    func step(_ status: OutlineStatus<ID>, _ requested: [ID: UInt64] = [:]) -> Step { Step(status: status, requested: requested) }

    /// `Outline.expand(_:recursive:)` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func expand(_ id: ID, recursive: Bool = false) -> Step {
        guard sectionOf[id] != nil else { return step(.unknownIdentifier(id)) }
        guard containers.contains(id) else { return step(.notExpandable(id)) }
        if recursive {
            let targets = subtree(id).filter { node in
                containers.contains(node) && (node == id || [.none, .loaded, .loading].contains(load[node] ?? OutlineLoadState.none))
            }
            guard targets.contains(where: { !expanded.contains($0) }) else { return step(.noChange) }
            expanded.formUnion(targets)
            return step(.expanded, issueRequests())
        }
        guard !expanded.contains(id) else { return step(.noChange) }
        expanded.insert(id)
        return step(.expanded, issueRequests())
    }

    /// `Outline.collapse(_:recursive:)` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func collapse(_ id: ID, recursive: Bool = false) -> Step {
        guard sectionOf[id] != nil else { return step(.unknownIdentifier(id)) }
        guard containers.contains(id) else { return step(.notExpandable(id)) }
        if recursive {
            let targets = subtree(id).filter { expanded.contains($0) }
            guard !targets.isEmpty else { return step(.noChange) }
            expanded.subtract(targets)
            return step(.collapsed)
        }
        guard expanded.contains(id) else { return step(.noChange) }
        expanded.remove(id)
        return step(.collapsed)
    }

    /// `Outline.expandAll()` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func expandAll() -> Step {
        for node in containers {
            switch load[node] ?? OutlineLoadState.none {
            case .none, .loaded: expanded.insert(node)
            case .unloaded: expanded.remove(node)
            case .loading: break
            }
        }
        return step(.applied)
    }

    /// `Outline.collapseAll()` by the rules.
    ///
    /// - Complexity: O(1).
    public mutating func collapseAll() -> Step {
        expanded.removeAll()
        return step(.applied)
    }

    /// Checks a batch the way the contract says, returning the failure status.
    func check(_ items: [OutlineItem<ID>]) -> OutlineStatus<ID>? {
        var seen = Set<ID>()
        for (k, item) in items.enumerated() {
            let maximum = k == 0 ? 0 : (items[k - 1].children == .lazy ? items[k - 1].depth : items[k - 1].depth + 1)
            if item.depth < 0 || item.depth > maximum { return .invalidDepth(index: k, depth: item.depth, maximum: maximum) }
            if sectionOf[item.id] != nil || !seen.insert(item.id).inserted { return .duplicateIdentifier(item.id) }
            if let extent = item.extent, FixedPoint.elementUnits(extent) == nil { return .invalidExtent(extent) }
        }
        return nil
    }

    /// Adds a checked batch as children `index…` of `parent`.
    mutating func add(_ items: [OutlineItem<ID>], under parent: ID?, section: Int, at index: Int) {
        var chain: [ID?] = [parent]  // chain[d]: the parent of items at depth d
        var tops: [ID] = []
        for (k, item) in items.enumerated() {
            chain.removeSubrange((item.depth + 1)...)
            let itemParent = chain[item.depth]
            if item.depth == 0 {
                tops.append(item.id)
            } else {
                kids[itemParent!, default: []].append(item.id)
            }
            parentOf[item.id] = .some(itemParent)
            sectionOf[item.id] = section
            units[item.id] = item.extent.flatMap(FixedPoint.elementUnits) ?? estimatedUnits
            if item.extent != nil { measured.insert(item.id) }
            let hasChildren = k + 1 < items.count && items[k + 1].depth > item.depth
            if item.children != .none || hasChildren { containers.insert(item.id) }
            if item.children == .lazy { load[item.id] = .unloaded }
            if containers.contains(item.id) && item.isExpanded { expanded.insert(item.id) }
            chain.append(item.id)
        }
        var siblings = children(parent, section)
        siblings.insert(contentsOf: tops, at: index)
        setChildren(parent, section, siblings)
        if let parent { containers.insert(parent) }
    }

    /// `Outline.insert(_:under:inSection:at:)` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func insert(_ items: [OutlineItem<ID>], under parent: ID?, inSection section: Int, at index: Int) -> Step {
        var section = section
        if let parent {
            guard let parentSection = sectionOf[parent] else { return step(.unknownParent(parent)) }
            if let state = load[parent], state == .unloaded || state == .loading { return step(.parentNotLoaded(parent)) }
            section = parentSection
        } else if section < 0 || section >= top.count {
            return step(.sectionOutOfRange(section: section, sectionCount: top.count))
        }
        let count = children(parent, section).count
        guard index >= 0, index <= count else { return step(.indexOutOfRange(index: index, count: count)) }
        if let failure = check(items) { return step(failure) }
        guard !items.isEmpty else { return step(.noChange) }
        add(items, under: parent, section: section, at: index)
        return step(.applied, issueRequests())
    }

    /// Removes a node's subtree, purging its state.
    mutating func remove(_ id: ID) {
        let parent = parentOf[id]!
        let section = sectionOf[id]!
        var siblings = children(parent, section)
        siblings.removeAll { $0 == id }
        setChildren(parent, section, siblings)
        for node in subtree(id) {
            if let serial = pending.removeValue(forKey: node) { requests[serial]!.state = .removed }
            kids[node] = nil
            parentOf[node] = nil
            sectionOf[node] = nil
            containers.remove(node)
            expanded.remove(node)
            load[node] = nil
            units[node] = nil
            measured.remove(node)
        }
    }

    /// `Outline.delete(_:)` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func delete(_ id: ID) -> Step {
        guard sectionOf[id] != nil else { return step(.unknownIdentifier(id)) }
        remove(id)
        return step(.applied)
    }

    /// `Outline.move(_:under:inSection:to:)` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func move(_ id: ID, under parent: ID?, inSection section: Int, to index: Int) -> Step {
        guard let oldSection = sectionOf[id] else { return step(.unknownIdentifier(id)) }
        var section = section
        if let parent {
            guard let parentSection = sectionOf[parent] else { return step(.unknownParent(parent)) }
            var node: ID? = parent
            while let current = node {
                if current == id { return step(.cycle(id, into: parent)) }
                node = parentOf[current] ?? nil
            }
            if let state = load[parent], state == .unloaded || state == .loading { return step(.parentNotLoaded(parent)) }
            section = parentSection
        } else if section < 0 || section >= top.count {
            return step(.sectionOutOfRange(section: section, sectionCount: top.count))
        }
        let oldParent = parentOf[id]!
        var destination = children(parent, section)
        let same = oldParent == parent && oldSection == section
        if same { destination.removeAll { $0 == id } }
        guard index >= 0, index <= destination.count else { return step(.indexOutOfRange(index: index, count: destination.count)) }
        if same, children(parent, section).firstIndex(of: id) == index { return step(.noChange) }
        var oldSiblings = children(oldParent, oldSection)
        oldSiblings.removeAll { $0 == id }
        setChildren(oldParent, oldSection, oldSiblings)
        destination = children(parent, section)
        destination.insert(id, at: index)
        setChildren(parent, section, destination)
        parentOf[id] = .some(parent)
        if let parent { containers.insert(parent) }
        for node in subtree(id) { sectionOf[node] = section }
        return step(.moved, issueRequests())
    }

    /// `Outline.setMeasuredExtent(_:for:)` by the rules.
    ///
    /// - Complexity: O(1).
    public mutating func setMeasuredExtent(_ extent: Double, for id: ID) -> Step {
        guard sectionOf[id] != nil else { return step(.unknownIdentifier(id)) }
        guard let value = FixedPoint.elementUnits(extent) else { return step(.invalidExtent(extent)) }
        measured.insert(id)
        guard units[id] != value else { return step(.noChange) }
        units[id] = value
        return step(.applied)
    }

    func judge(_ serial: UInt64) -> OutlineStatus<ID>? {
        guard let request = requests[serial] else { return .rejectedUnknownToken(OutlineLoadToken(serial: serial)) }
        switch request.state {
        case .pending: return nil
        case .answered: return .droppedDuplicateAnswer
        case .removed: return .droppedNodeRemoved
        case .superseded: return .droppedSuperseded
        }
    }

    /// `Outline.answer(_:with:)` by the rules, for the model's serial.
    ///
    /// - Complexity: O(n).
    public mutating func answer(_ serial: UInt64, with children: [OutlineItem<ID>]) -> Step {
        if let dropped = judge(serial) { return step(dropped) }
        let id = requests[serial]!.id
        requests[serial]!.state = .answered
        pending[id] = nil
        if let failure = check(children) {
            load[id] = .unloaded
            expanded.remove(id)
            if case .duplicateIdentifier(let duplicate) = failure { return step(.rejectedDuplicateIdentifier(duplicate)) }
            return step(.failed)
        }
        load[id] = .loaded
        containers.insert(id)
        add(children, under: id, section: sectionOf[id]!, at: 0)
        return step(.applied, issueRequests())
    }

    /// `Outline.failLoad(_:)` by the rules, for the model's serial.
    ///
    /// - Complexity: O(1).
    public mutating func failLoad(_ serial: UInt64) -> Step {
        if let dropped = judge(serial) { return step(dropped) }
        let id = requests[serial]!.id
        requests[serial]!.state = .answered
        pending[id] = nil
        load[id] = .unloaded
        expanded.remove(id)
        return step(.failed)
    }

    /// `Outline.reloadChildren(of:)` by the rules.
    ///
    /// - Complexity: O(n).
    public mutating func reloadChildren(of id: ID) -> Step {
        guard sectionOf[id] != nil else { return step(.unknownIdentifier(id)) }
        guard containers.contains(id) else { return step(.notExpandable(id)) }
        guard load[id] != nil else { return step(.noChange) }
        if let serial = pending.removeValue(forKey: id) { requests[serial]!.state = .superseded }
        for child in kids[id] ?? [] { remove(child) }
        load[id] = .unloaded
        return step(.applied, issueRequests())
    }
}

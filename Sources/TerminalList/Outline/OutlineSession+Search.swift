public import ListKernel

/// A search through an outline's loaded nodes, in preorder from the selection, wrapping:
/// collapsed groups are searched too (children not loaded yet are not: nothing is known
/// about them).
struct OutlineSearchState {
    /// The text as typed.
    var text: String
    /// The text lowercased, as titles are compared.
    var needle: String
    /// The node the search started from (the selection), checked last.
    var start: Int
    /// The next node to examine.
    var next: Int
    /// Titles examined so far.
    var examined: Int
    /// The nodes when the search started: the titles a search that finds nothing examines.
    var total: Int
}

extension OutlineSession {
    /// Whether a search is in progress: ``continueSearch()`` goes on with it.
    ///
    /// - Complexity: O(1).
    public var isSearching: Bool { search != nil }

    /// The search in progress, or `nil`.
    ///
    /// - Complexity: O(1).
    public var searchProgress: SearchProgress? {
        search.map { SearchProgress(text: $0.text, examined: $0.examined, total: $0.total) }
    }

    /// The node after `id` in preorder, hidden ones included, wrapping from the last to the
    /// first: the content's answer if it knows its order (a data file), else its first
    /// child, else the next sibling of it or of its nearest ancestor that has one. The
    /// outline must not be empty.
    ///
    /// - Complexity: O(1) from the content; else O(log n), O(d log n) when it climbs d levels.
    func node(after id: Int) -> Int {
        if let next = model.content.node(after: id) { return next }
        if let child = outline.child(0, of: id) { return child }
        var node = id
        while true {
            let parent = outline.parent(of: node)
            if let index = outline.indexInParent(of: node), let next = outline.child(index + 1, of: parent, inSection: 0) { return next }
            guard let parent else { return outline.child(0, of: nil, inSection: 0) ?? id }
            node = parent
        }
    }

    /// `/TEXT`: starts a search for the next node after the selection whose title contains
    /// TEXT ignoring case, and takes its first step.
    func startSearch(_ text: String) throws(ListError) {
        search = nil
        guard let start = model.selection, outline.contains(start) else {
            note("no title contains \(DisplayWidth.quoted(text))")
            return
        }
        search = OutlineSearchState(text: text, needle: text.lowercased(), start: start, next: node(after: start),
                                    examined: 0, total: outline.nodeCount)
        try continueSearch()
    }

    /// One step of the search in progress: examines at most ``searchTitlesPerStep``
    /// titles; on a match, expands every collapsed group above it, selects it and ends the
    /// search; back at its start without one, ends it with a note. Does nothing when no
    /// search is in progress.
    ///
    /// - Throws: `ListError` from the kernel.
    /// - Complexity: O(searchTitlesPerStep log n), plus the kernel work of revealing a match.
    public func continueSearch() throws(ListError) {
        guard var state = search else { return }
        var budget = searchTitlesPerStep
        while budget > 0 {
            let id = state.next
            let isLast = id == state.start
            let found = model.content.text(of: id).title.lowercased().contains(state.needle)
            state.examined += 1
            budget -= 1
            if found || isLast {
                search = nil
                if found {
                    try reveal(id)
                } else {
                    note("no title contains \(DisplayWidth.quoted(state.text))")
                }
                return
            }
            state.next = node(after: id)
        }
        search = state
    }

    /// Esc: stops the search in progress, leaving the selection where it was, with a note.
    func cancelSearch() {
        guard let state = search else { return }
        search = nil
        note("search for \(DisplayWidth.quoted(state.text)) stopped after \(state.examined) of \(state.total) titles")
    }

    /// Expands the collapsed groups above `id`, outermost first, then selects it.
    private func reveal(_ id: Int) throws(ListError) {
        var ancestors: [Int] = []
        var node = id
        while let parent = outline.parent(of: node) {
            ancestors.append(parent)
            node = parent
        }
        for ancestor in ancestors.reversed() where !outline.isExpanded(ancestor) {
            try perform { $0.expand(ancestor) }
        }
        try select(id)
        try keepSelectionVisible()
    }
}

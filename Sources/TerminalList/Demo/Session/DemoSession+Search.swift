public import ListKernel

/// A search in progress: what `/TEXT` looks for, where it started and where it goes on.
///
///     start ─▶ next ─▶ … every header and item, folded ones too, wrapping … ─▶ start
///              └── at most `searchTitlesPerStep` titles per step ──┘   (checked last)
struct SearchState {
    /// The text as typed.
    var text: String
    /// The text lowercased, as titles are compared.
    var needle: String
    /// The element the search started from (the selection), checked last.
    var start: ListElement
    /// The next element to examine.
    var next: ListElement
    /// Titles examined so far.
    var examined: Int
    /// Headers and items in the model: the titles a search that finds nothing examines.
    var total: Int
}

/// Where a search stands, for the status line and for tests that count its work.
///
/// - Complexity: every member is O(1).
public struct SearchProgress: Hashable, Sendable {
    /// The text searched for.
    public var text: String
    /// Titles examined so far.
    public var examined: Int
    /// Titles a search that finds nothing examines: every header and item.
    public var total: Int

    /// Creates a progress report.
    ///
    /// - Complexity: O(1).
    public init(text: String, examined: Int, total: Int) {
        self.text = text
        self.examined = examined
        self.total = total
    }

    /// `searching "zz"… 12% · esc cancels`, for the status line.
    ///
    /// - Complexity: O(1) apart from the text, which is cut (``DisplayWidth/quoted(_:maximumScalars:)``).
    public var statusText: String {
        let percent = total > 0 ? Int((Double(examined) / Double(total) * 100).rounded(.down)) : 0
        return "searching \(DisplayWidth.quoted(text, maximumScalars: 40))… \(percent)% · esc cancels"
    }
}

extension DemoSession {
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

    /// `/TEXT`: starts a search for the next header or item after the selection, wrapping
    /// around, whose title contains TEXT ignoring case (folded sections included; the
    /// selection itself is checked last), replacing one in progress, and takes its first
    /// step. A search through a large list goes on over many steps (``continueSearch()``):
    /// the interactive program reads keys and draws "searching…" between them, Esc stops it
    /// (``DemoCommand/cancel``), and any other command stops it too.
    func startSearch(_ text: String) throws(ListError) {
        search = nil
        guard source.data.sectionCount > 0 else {
            note("no title contains \(DisplayWidth.quoted(text))")
            return
        }
        let start = source.selection ?? .header(section: 0)
        search = SearchState(text: text, needle: text.lowercased(), start: start, next: elementInModel(after: start),
                             examined: 0, total: source.data.sectionCount + source.data.totalItemCount)
        try continueSearch()
    }

    /// One step of the search in progress: examines at most ``searchTitlesPerStep``
    /// titles; on a match, unfolds its section if it is folded, selects it and ends the
    /// search; when the search comes back to where it started without one, ends it with a
    /// note in the help line. Does nothing when no search is in progress.
    ///
    /// - Throws: `ListError` from the kernel.
    /// - Complexity: O(searchTitlesPerStep) titles, plus the kernel work of a selection.
    public func continueSearch() throws(ListError) {
        guard var state = search else { return }
        var budget = searchTitlesPerStep
        while budget > 0 {
            let element = state.next
            let isLast = element == state.start
            let found = title(of: element, contains: state.needle)
            state.examined += 1
            budget -= 1
            if found || isLast {
                search = nil
                if found {
                    try reveal(element)
                } else {
                    note("no title contains \(DisplayWidth.quoted(state.text))")
                }
                return
            }
            state.next = elementInModel(after: element)
        }
        search = state
    }

    /// Esc: stops the search in progress, leaving the selection where it was, with a note.
    func cancelSearch() {
        guard let state = search else { return }
        search = nil
        note("search for \(DisplayWidth.quoted(state.text)) stopped after \(state.examined) of \(state.total) titles")
    }

    /// Selects a match, unfolding its section first if it is folded.
    private func reveal(_ found: ListElement) throws(ListError) {
        if case .item(let path) = found, list.isCollapsed(section: path.section) == true {
            try timed { () throws(ListError) in try setCollapsed(false, section: path.section) }
        }
        try select(found)
    }
}

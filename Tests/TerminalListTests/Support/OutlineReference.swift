import Testing
import ListKernel
import TerminalList

/// A tree as a person writes it down, for the outline tests' own oracle: nested values,
/// walked recursively (the tests' trees are small), independent of `Outline`, `TreeGuides`
/// and `OutlineRowView`.
struct RefNode {
    var id: Int
    var title: String
    /// `nil` for a leaf; a group's children otherwise (possibly none).
    var children: [RefNode]?
    var isExpanded = false
    /// A lazy group whose children are being loaded: it shows "loading…" under it.
    var isLoading = false
    /// A lazy group whose children were never asked for.
    var isLazy = false
    var detail: String?

    static func leaf(_ id: Int, _ title: String, detail: String? = nil) -> RefNode {
        RefNode(id: id, title: title, children: nil, detail: detail)
    }

    static func group(_ id: Int, _ title: String, expanded: Bool = true, _ children: [RefNode]) -> RefNode {
        RefNode(id: id, title: title, children: children, isExpanded: expanded)
    }

    static func lazy(_ id: Int, _ title: String) -> RefNode {
        RefNode(id: id, title: title, children: [], isLazy: true)
    }
}

/// The forest's nodes as outline items, in preorder.
func outlineItems(_ forest: [RefNode]) -> [OutlineItem<Int>] {
    var items: [OutlineItem<Int>] = []
    func walk(_ nodes: [RefNode], depth: Int) {
        for node in nodes {
            let kind: OutlineItem<Int>.Children = node.isLazy ? .lazy : (node.children == nil ? .none : .container)
            items.append(OutlineItem(node.id, depth: depth, children: kind, isExpanded: node.isExpanded))
            if !node.isLazy, let children = node.children { walk(children, depth: depth + 1) }
        }
    }
    walk(forest, depth: 0)
    return items
}

/// Every node's title, by identifier.
func titles(_ forest: [RefNode]) -> [Int: String] {
    var result: [Int: String] = [:]
    func walk(_ nodes: [RefNode]) {
        for node in nodes {
            result[node.id] = node.title
            walk(node.children ?? [])
        }
    }
    walk(forest)
    return result
}

/// One visible row as the reference sees it.
struct RefRow: Equatable, CustomStringConvertible {
    /// The node, or the owner of a placeholder.
    var id: Int
    var isPlaceholder: Bool
    /// The guides: for each ancestor below the top level "│ " while it has a later sibling
    /// and "  " once it is the last, then "├ " or "└ " for the row itself.
    var guides: String
    /// "▸ ", "▾ " or "  ".
    var arrow: String
    var title: String

    var description: String { guides + arrow + (isPlaceholder ? "loading…" : title) }
}

/// The rows a forest shows, written from the nested values: `lasts` are whether each
/// ancestor, from the top level down, is the last of its siblings.
func referenceRows(_ forest: [RefNode]) -> [RefRow] {
    var rows: [RefRow] = []
    func walk(_ nodes: [RefNode], lasts: [Bool]) {
        for (index, node) in nodes.enumerated() {
            let isLast = index == nodes.count - 1
            let above = lasts.dropFirst().map { $0 ? "  " : "│ " }.joined()
            let guides = lasts.isEmpty ? "" : above + (isLast ? "└ " : "├ ")
            let arrow = node.children == nil ? "  " : (node.isExpanded ? "▾ " : "▸ ")
            rows.append(RefRow(id: node.id, isPlaceholder: false, guides: guides, arrow: arrow, title: node.title))
            guard node.isExpanded else { continue }
            let below = lasts + [isLast]
            if node.isLoading {
                let continued = below.dropFirst().map { $0 ? "  " : "│ " }.joined()
                rows.append(RefRow(id: node.id, isPlaceholder: true, guides: continued + "└ ", arrow: "  ", title: ""))
            } else {
                walk(node.children ?? [], lasts: below)
            }
        }
    }
    walk(forest, lasts: [])
    return rows
}

/// Content for tests: titles from a table, and loads that finish only when the test says.
final class ManualContent: OutlineContent {
    var titles: [Int: String]
    var notes: [Int: String] = [:]
    var details: [Int: String] = [:]
    /// Requests started and not answered, in order.
    private(set) var requests: [OutlineLoadRequest<Int>] = []
    private var finished: [OutlineLoadAnswer] = []

    init(titles: [Int: String]) { self.titles = titles }

    func text(of node: Int) -> OutlineNodeText {
        OutlineNodeText(title: titles[node] ?? "?\(node)", detail: details[node], note: notes[node])
    }

    func startLoading(_ request: OutlineLoadRequest<Int>) { requests.append(request) }

    var pendingLoadCount: Int { requests.count }

    func takeFinishedLoads() -> [OutlineLoadAnswer] {
        let taken = finished
        finished = []
        requests.removeAll { request in taken.contains { $0.token == request.token } }
        return taken
    }

    func waitForFinishedLoad() {}

    /// Finishes the load of `node` with leaves and lazy groups (`(id, title, isGroup)`).
    func finish(_ node: Int, with children: [(id: Int, title: String, isGroup: Bool)]) {
        guard let request = requests.first(where: { $0.id == node }) else {
            Issue.record("no load of \(node) is pending")
            return
        }
        for child in children { titles[child.id] = child.title }
        finished.append(OutlineLoadAnswer(token: request.token, children: children.map {
            OutlineItem($0.id, children: $0.isGroup ? .lazy : .none)
        }))
    }

    /// Fails the load of `node`, with a note.
    func fail(_ node: Int, note: String) {
        guard let request = requests.first(where: { $0.id == node }) else {
            Issue.record("no load of \(node) is pending")
            return
        }
        notes[node] = note
        finished.append(OutlineLoadAnswer(token: request.token, children: nil))
    }
}

extension OutlineSession {
    /// Applies the commands of a `--script` text.
    func run(_ script: String) throws {
        for command in try KeyScript.parse(script) { try apply(command) }
    }

    /// The screen's lines as plain text.
    var lines: [String] { screenLines(screen().plainText) }

    /// The text of every displayed row's first line, top to bottom, without the gutter
    /// and trailing spaces.
    var rowTexts: [String] {
        list.displayed.sorted { $0.frame.start < $1.frame.start }.map { shown in
            var text = shown.view.lines(width: size.columns).first?.text ?? ""
            text.removeFirst(min(2, text.count))
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}

/// A session on `forest` with a clock that never moves.
func makeOutlineSession(_ forest: [RefNode], content: ManualContent? = nil, columns: Int = 60, rows: Int = 20) throws -> (OutlineSession, ManualContent) {
    let content = content ?? ManualContent(titles: titles(forest))
    let session = try OutlineSession(content: content, items: outlineItems(forest),
                                     size: TerminalSize(columns: columns, rows: rows), clock: { 0 })
    return (session, content)
}

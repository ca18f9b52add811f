public import ListKernel

/// The tree guides left of an outline row, two columns a level, read from the outline's
/// structure (parent, index in parent, child count), never from a view:
///
///     ▾ Documents            ""          depth 0: no guide
///     ├   Notes.txt          "├ "        a child with siblings after it
///     ├ ▾ Photos             "├ "
///     │ ├   a.jpg            "│ ├ "      "│ ": Photos has siblings after it
///     │ └   b.jpg            "│ └ "      "└ ": the last child
///     └ ▾ Music              "└ "
///       └   loading…         "  └ "      "  ": Music is the last child; a placeholder is
///                                                its owner's only child
///
/// A row at depth d has d units: one per ancestor below the top level ("│ " while that
/// ancestor has siblings after it, "  " once it is the last), then its own connector.
/// Guides depend only on the tree's shape, so a row's guides change only when a sibling
/// is inserted or deleted next to it or an ancestor; the demo's trees never do that to a
/// row that stays (a load only replaces a placeholder with new rows).
///
/// - Complexity: every member is O(d log n) for a row at depth d of an outline of n nodes.
public enum TreeGuides {
    /// Whether `id` is the last child of its parent (or the last top-level node).
    ///
    /// - Complexity: O(log n).
    public static func isLastChild(_ id: Int, in outline: Outline<Int>) -> Bool {
        guard let index = outline.indexInParent(of: id) else { return true }
        let count: Int
        if let parent = outline.parent(of: id) {
            count = outline.childCount(of: parent) ?? 0
        } else {
            count = outline.topLevelCount(inSection: outline.section(of: id) ?? 0)
        }
        return index + 1 >= count
    }

    /// The guides of node `id`'s row: its ancestors' units, then its own connector
    /// ("├ " or "└ "); "" at the top level.
    ///
    /// - Complexity: O(d log n).
    public static func guides(of id: Int, in outline: Outline<Int>) -> String {
        units(of: id, in: outline, ownConnector: true)
    }

    /// The guides of what hangs under node `id` without being a sibling-level row: its
    /// detail lines, and its placeholder's units before the placeholder's own connector.
    /// Its own connector continues: "│ " if it has siblings after it, "  " otherwise.
    ///
    /// - Complexity: O(d log n).
    public static func continuation(of id: Int, in outline: Outline<Int>) -> String {
        units(of: id, in: outline, ownConnector: false)
    }

    /// The guides of the placeholder row under `owner`: the owner's continuation, then
    /// "└ " (the placeholder is the owner's only child while it loads).
    ///
    /// - Complexity: O(d log n).
    public static func placeholderGuides(owner: Int, in outline: Outline<Int>) -> String {
        continuation(of: owner, in: outline) + "└ "
    }

    /// The units of `id` and its ancestors below the top level, walking up (never
    /// recursing), then reversed.
    private static func units(of id: Int, in outline: Outline<Int>, ownConnector: Bool) -> String {
        var units: [String] = []
        var node = id
        var isOwn = ownConnector
        while let parent = outline.parent(of: node) {
            let last = isLastChild(node, in: outline)
            units.append(isOwn ? (last ? "└ " : "├ ") : (last ? "  " : "│ "))
            isOwn = false
            node = parent
        }
        return units.reversed().joined()
    }
}

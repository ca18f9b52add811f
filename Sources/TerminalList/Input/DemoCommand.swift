/// What the demo is asked to do, by a key or by a `--script` word.
///
/// | command          | keys            | script words    |
/// |------------------|-----------------|-----------------|
/// | `moveUp`         | ↑, k            | `up`, `k`       |
/// | `moveDown`       | ↓, j            | `down`, `j`     |
/// | `pageUp`         | PgUp            | `pgup`          |
/// | `pageDown`       | PgDn            | `pgdn`          |
/// | `moveToFirst`    | Home, g         | `home`, `g`     |
/// | `moveToLast`     | End, G          | `end`, `G`      |
/// | `activate`       | Enter           | `enter`         |
/// | `expandOrEnter`  | →, l            | `right`, `l`    |
/// | `collapseOrLeave`| ←, h            | `left`, `h`     |
/// | `collapseAll`    | c               | `c`             |
/// | `expandAll`      | e               | `e`             |
/// | `search(text)`   | / text Enter    | `/text`         |
/// | `cancel`         | Esc             | `esc`           |
/// | `quit`           | q               | `q`             |
/// | `interrupt`      | Ctrl-C          | —               |
///
/// `activate` folds or unfolds the section under the cursor when the cursor is on a header
/// (seeds 000, 001, 003, 004), and shows or hides an item's detail when it is on an item
/// that has one (seed 002's expandable cells). `expandOrEnter` and `collapseOrLeave` are
/// Finder's → and ←: → opens a closed group and steps into an open one, ← closes an open
/// group and otherwise steps out to the enclosing one (a section header is a group, its
/// items are its children). ``DemoSession/apply(_:)`` and ``OutlineSession/apply(_:)``
/// carry them out.
///
/// - Complexity: every member is O(1).
public enum DemoCommand: Hashable, Sendable, CustomStringConvertible {
    /// Move the cursor one line up.
    case moveUp
    /// Move the cursor one line down.
    case moveDown
    /// Move the cursor one screen up.
    case pageUp
    /// Move the cursor one screen down.
    case pageDown
    /// Move the cursor to the first line.
    case moveToFirst
    /// Move the cursor to the last line.
    case moveToLast
    /// Fold/unfold the section at the cursor, or expand/contract the item's detail.
    case activate
    /// →: open the group at the cursor if it is closed, else move to its first child.
    case expandOrEnter
    /// ←: close the group at the cursor if it is open, else move to its parent.
    case collapseOrLeave
    /// Fold every section.
    case collapseAll
    /// Unfold every section.
    case expandAll
    /// Move the cursor to the next header or item (after it, wrapping) whose title contains
    /// the string, ignoring case; folded sections are searched too, and unfolded on a match.
    /// A long search goes on in steps (``DemoSession/continueSearch()``).
    case search(String)
    /// Stop the search in progress (Esc); nothing otherwise.
    case cancel
    /// Leave the demo.
    case quit
    /// Ctrl-C: leave the demo at once.
    case interrupt

    /// The script word that gives this command, e.g. `down` or `/Swift`; `ctrl-c` for
    /// ``interrupt``, which has none.
    ///
    /// - Complexity: O(1) apart from the search text.
    public var description: String {
        switch self {
        case .moveUp: "up"
        case .moveDown: "down"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .moveToFirst: "home"
        case .moveToLast: "end"
        case .activate: "enter"
        case .expandOrEnter: "right"
        case .collapseOrLeave: "left"
        case .collapseAll: "c"
        case .expandAll: "e"
        case .search(let text): "/" + text
        case .cancel: "esc"
        case .quit: "q"
        case .interrupt: "ctrl-c"
        }
    }
}

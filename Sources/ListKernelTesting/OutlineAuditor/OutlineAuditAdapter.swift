public import ListKernel

/// Your outline row view and its configure code, as the outline auditor runs them: it makes
/// views with ``makeItemView()`` and ``makePlaceholderView()``, hands every bind to
/// ``configure(_:with:title:)`` (which calls your app's real configure code), reads back
/// what a view shows with ``rendered(_:)``, and compares it with ``expected(for:title:)``.
///
/// ```swift
/// final class TreeAudit: OutlineAuditAdapter {
///     func makeItemView() -> TreeRow { TreeRow() }
///     func makePlaceholderView() -> TreeRow { TreeRow() }
///     func configure(_ view: TreeRow, with row: OutlineRowConfiguration<Int>, title: String) {
///         view.apply(row, title: title)                     // the app's own code
///     }
///     func rendered(_ view: TreeRow) -> TreeShown { TreeShown(title: view.label, indent: view.indent, arrow: view.arrow, loading: view.spinner) }
///     func expected(for row: OutlineRowConfiguration<Int>, title: String) -> TreeShown { … }
/// }
/// ```
///
/// Node identifiers are `Int`s the auditor hands out; `title` is the node's title
/// (``OutlineStaleStateAuditor/title(of:)``), or `""` for a placeholder row.
///
/// - Complexity: the auditor calls each member O(1) times per bind or check; their own cost
///   is yours.
public protocol OutlineAuditAdapter {
    /// The list's view class (one class for node rows and placeholder rows, or a common
    /// base class of both).
    associatedtype View: AnyObject
    /// Everything a row view shows, as one value, compared part by part (through `Mirror`).
    associatedtype Rendered: Equatable

    /// A new view for node rows.
    ///
    /// - Complexity: yours.
    func makeItemView() -> View

    /// A new view for placeholder ("loading…") rows. The list keeps placeholder views apart
    /// from node views (their own reuse identifier).
    ///
    /// - Complexity: yours.
    func makePlaceholderView() -> View

    /// Binds `row` to `view`: call your app's real configure code here.
    ///
    /// - Parameters:
    ///   - view: the dequeued view, a node view or a placeholder view, maybe one that showed
    ///     another row before.
    ///   - row: the row's complete configuration (node or placeholder, depth, disclosure,
    ///     load state).
    ///   - title: the node's title; `""` for a placeholder.
    /// - Complexity: yours.
    func configure(_ view: View, with row: OutlineRowConfiguration<Int>, title: String)

    /// What `view` shows now, read back from the view itself (never from a copy of the row).
    ///
    /// - Complexity: yours.
    func rendered(_ view: View) -> Rendered

    /// What a view displaying `row` must show, written from `row` and `title` directly: the
    /// audit's oracle, so not through your configure code.
    ///
    /// - Complexity: yours.
    func expected(for row: OutlineRowConfiguration<Int>, title: String) -> Rendered
}

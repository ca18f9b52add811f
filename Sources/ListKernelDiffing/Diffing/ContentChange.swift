@_spi(ListKernelTesting) import ListKernelCore

/// One element whose identity stayed and whose content changed, with its index on both
/// sides of the update and how to refresh it.
///
/// The one content-change type of the diffs: a linear diff's are `ContentChange<Int>`
/// (element indexes), a sectioned diff's are `ContentChange<Int>` for sections and
/// `ContentChange<ItemPath>` for items. A batch update records the same facts as UIKit
/// does, by before-update index only (`reloadItems`, `reconfigureItems`, `reloadSections`).
///
/// ```swift
/// let change = ContentChange(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 1), kind: .reconfigure)
/// print(change)   // reconfigure [0, 2] → [0, 1]
/// ```
///
/// `from` addresses the state before the update (where UIKit's reload wants it), `to` the
/// state after it (where the element is configured). An element can change position and
/// content at once; then it is also in the diff's moves, or its section moved.
///
/// - Complexity: every member is O(1).
public struct ContentChange<Index: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The element's index before the update.
    public var from: Index
    /// The element's index after the update.
    public var to: Index
    /// Reload (a fresh view) or reconfigure (the same view). Always `.reload` for a section.
    public var kind: ContentChangeKind

    /// Creates a change of the element at before-update `from` / after-update `to`.
    ///
    /// - Parameters:
    ///   - from: the element's index before the update.
    ///   - to: the element's index after the update.
    ///   - kind: how to refresh it: `.reload` (the default) or `.reconfigure`.
    /// - Complexity: O(1).
    @inlinable
    public init(from: Index, to: Index, kind: ContentChangeKind = .reload) {
        self.from = from
        self.to = to
        self.kind = kind
    }

    /// `kind from → to`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(kind) \(from) → \(to)" }
}

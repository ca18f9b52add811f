@_spi(ListKernelTesting) import ListKernelCore

/// How a host should refresh an element whose identity stayed and whose content changed.
///
/// - `reload`: the view is recycled and a fresh one is configured (UIKit's `reloadItems`
///   and `reloadSections`).
/// - `reconfigure`: the same view is configured again in place (UIKit's
///   `reconfigureItems`), which keeps its state and is cheaper. Items only: a section is
///   always reloaded.
///
/// ```swift
/// let diff = try LinearDiff(from: old, to: new, contentChangesAs: .reconfigure)
/// ```
///
/// - Complexity: every member is O(1).
public struct ContentChangeKind: Hashable, Sendable, CustomStringConvertible {
    private enum Base: Hashable, Sendable { case reload, reconfigure }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// Recycle the view and configure a fresh one.
    public static let reload = ContentChangeKind(.reload)
    /// Configure the existing view again.
    public static let reconfigure = ContentChangeKind(.reconfigure)

    /// `reload` or `reconfigure`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch base {
        case .reload: "reload"
        case .reconfigure: "reconfigure"
        }
    }
}

@_spi(ListKernelTesting) import ListKernelCore

/// A view that resets itself before the reuse pool hands it out again, like UIKit's
/// `UITableViewCell.prepareForReuse()` and `UICollectionReusableView.prepareForReuse()`.
///
/// Conform your view class and create the pool with `ReusePool()`; the pool then calls
/// `prepareForReuse()` exactly once on every recycled view before returning it from
/// `dequeue`, and never on a view its factory has just made. UIKit's reusable views already
/// have a method of this name, so the conformance is one line; UIKit views are
/// main-actor isolated, so declare the conformance isolated (Swift 6.2, SE-0470):
///
/// ```swift
/// extension UICollectionReusableView: @MainActor ReusableView {}
///
/// @MainActor let pool = ReusePool<UICollectionReusableView>()
/// ```
///
/// A view type that can't conform (or a front end that resets views elsewhere) passes a
/// closure instead: `ReusePool(prepareForReuse: { view in view.reset() })`.
///
/// - Complexity: the pool calls `prepareForReuse()` once per recycled dequeue.
public protocol ReusableView: AnyObject {
    /// Resets the view's per-element state (content, selection, animations left in place)
    /// so nothing from its previous element survives.
    ///
    /// - Complexity: whatever the view needs; the pool adds O(1).
    func prepareForReuse()
}

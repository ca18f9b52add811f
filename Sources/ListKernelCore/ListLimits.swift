/// The largest list ListKernel accepts. Every entry point that can grow a list (a layout
/// built or changed, a data source's counts, a batch update, a hand-built diff) checks these
/// with overflow-reporting arithmetic before it allocates or changes anything, and throws a
/// typed error naming the numbers when a request exceeds one; the list is then unchanged.
///
///     sections                     16,777,216            (2^24)
///     items (rows), folded or not  1,099,511,627,776     (2^40)
///     content extent, all folds    549,755,813,888 pt    (2^39 points, 2^47 units)
///       open
///     items stored one by one      134,217,728           (2^27) in one section
///       (measured or estimated)
///     one element's extent         8,388,607.99 pt       (`FixedPoint.maximumElementExtent`)
///     elements one pass displays   16,384                (2^14)
///
/// The content limit counts every section as if it were expanded, so unfolding a section
/// can never exceed it. It keeps every offset exact as a `Double` and every sum far from
/// `Int64`'s range; a viewport offset may lie anywhere within ±10^12 points.
///
/// A uniform section (`.uniform(44)`) costs the same memory whatever its item count; a
/// section whose items are stored one by one costs about 4.4 bytes per item, so the third
/// limit keeps one section below about 600 MB. An estimated section turns per-item at its
/// first measurement: measuring an item of an estimated section of more than 2^27 items
/// throws instead (give such a section a uniform extent).
///
/// - Complexity: every member is O(1).
public enum ListLimits {
    /// The most sections a list may have: 16,777,216 (2^24).
    @inlinable public static var maximumSectionCount: Int { 1 << 24 }

    /// The most items a list may have, in all its sections, collapsed ones included:
    /// 1,099,511,627,776 (2^40).
    @inlinable public static var maximumItemCount: Int { 1 << 40 }

    /// The longest a list's content may be with every section expanded, in points:
    /// 549,755,813,888 (2^39).
    @inlinable public static var maximumContentExtent: Double { Double(maximumContentUnits) / Double(FixedPoint.unitsPerPoint) }

    /// The most items one section may store one by one (measured items, or an estimated
    /// section after its first measurement): 134,217,728 (2^27).
    @inlinable public static var maximumPerItemCount: Int { 1 << 27 }

    /// The largest absolute viewport offset, size, inset or overscan, in points: 10^12.
    @inlinable public static var maximumViewportValue: Double { 1e12 }

    /// The most elements of nonzero extent one pass may display (its viewport and overscan):
    /// 16,384 (2^14). A pass whose window holds more throws
    /// `ListError.tooManyElementsInWindow` before any view changes; prefetching announces at
    /// most this many items ahead.
    @inlinable public static var maximumDisplayedElements: Int { 1 << 14 }

    /// `maximumContentExtent` in fixed-point units (2^47).
    @inlinable package static var maximumContentUnits: Int64 { 1 << 47 }
}

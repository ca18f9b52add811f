@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// The part of the content a front end shows, along the scroll axis.
///
///     content offset 0 ─┬──────────────┐
///                       │   …          │
///     offset ───────────┼─ viewport ───┤ ← insets.top: pinned headers stick below it
///                       │              │
///     offset + size ────┼──────────────┤ ← insets.bottom: pinned footers stick above it
///                       │   …          │
///     contentExtent ────┴──────────────┘
///
/// As with UIKit's `contentOffset` and `contentInset`, the offset may run from
/// `-insets.top` (scrolled to the very top) to `contentExtent + insets.bottom - size`.
public struct Viewport: Equatable, Sendable {
    /// The content offset of the viewport's leading edge, in points.
    public var offset: Double
    /// The viewport's extent along the scroll axis, in points.
    public var size: Double
    /// Content insets at the leading (top) and trailing (bottom) edges.
    public var insets: Insets
    /// How far beyond the visible range views are kept, by scroll direction.
    public var overscan: Overscan

    /// Creates a viewport.
    ///
    /// - Complexity: O(1).
    public init(offset: Double = 0, size: Double, insets: Insets = .zero, overscan: Overscan = .none) {
        self.offset = offset
        self.size = size
        self.insets = insets
        self.overscan = overscan
    }

    /// Content insets along the scroll axis.
    public struct Insets: Equatable, Sendable {
        /// Space before the content (the top, for a vertical list).
        public var top: Double
        /// Space after the content.
        public var bottom: Double

        /// Creates insets.
        ///
        /// - Complexity: O(1).
        public init(top: Double = 0, bottom: Double = 0) {
            self.top = top
            self.bottom = bottom
        }

        /// No insets.
        public static let zero = Insets()
    }

    /// Extra extent kept materialized beyond the visible range: `ahead` in the direction of
    /// scrolling, `behind` opposite to it.
    public struct Overscan: Equatable, Sendable {
        /// Points kept beyond the edge the list is scrolling towards.
        public var ahead: Double
        /// Points kept beyond the edge the list is scrolling away from.
        public var behind: Double

        /// Creates an overscan.
        ///
        /// - Complexity: O(1).
        public init(ahead: Double, behind: Double) {
            self.ahead = ahead
            self.behind = behind
        }

        /// No overscan: exactly the visible elements are materialized.
        public static let none = Overscan(ahead: 0, behind: 0)
    }
}

/// Whether section headers and footers pin to the viewport's edges.
public struct ListStyle: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable { case plain, grouped }
    let kind: Kind

    /// Headers pin to the top edge while their section spans it, pushed off by the next
    /// section; footers pin to the bottom edge likewise (UITableView's `.plain`).
    public static let plain = ListStyle(kind: .plain)
    /// Headers and footers scroll with their section (UITableView's `.grouped`).
    public static let grouped = ListStyle(kind: .grouped)

    /// `plain` or `grouped`.
    ///
    /// - Complexity: O(1).
    public var description: String { kind == .plain ? "plain" : "grouped" }
}

/// The direction of the last scroll, which decides where overscan and prefetching look.
public enum ScrollDirection: Hashable, Sendable {
    /// Towards larger offsets (content moves up).
    case forward
    /// Towards smaller offsets.
    case backward
}

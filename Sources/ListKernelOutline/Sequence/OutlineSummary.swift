/// What an outline sequence's inner node knows about the entries under one of its slots: how
/// many there are, how many of them are placeholders, the fewest collapsed ancestors any of
/// them has (with how many have that few and their extent), and the smallest depth (with how
/// many are that shallow).
///
/// The rows of a range are the entries no collapsed ancestor hides: `hiddenBy == 0`. Every
/// entry has `hiddenBy >= 0`, so a range's rows are the entries at its minimum when that
/// minimum is 0, and none otherwise; the same sums answer "the rows below x" for a hidden x
/// (its minimum is x's own `hiddenBy`).
///
///     entries:     a   b   c   d   e          hiddenBy 0 1 1 0 2, extents 10 20 30 40 50
///     summary:     count 5, minHidden 0, countAtMinHidden 2 (a, d), unitsAtMinHidden 50
///
/// - Complexity: every member is O(1).
@usableFromInline
package struct OutlineSummary: Equatable, Sendable {
    /// Entries (nodes and placeholders).
    @usableFromInline package var count: Int32
    /// Placeholder entries among them.
    @usableFromInline package var placeholders: Int32
    /// The fewest collapsed ancestors of any entry (`Int32.max` when empty).
    @usableFromInline package var minHidden: Int32
    /// Entries with `minHidden` collapsed ancestors.
    @usableFromInline package var countAtMinHidden: Int32
    /// The sum of their extents, in fixed-point units.
    @usableFromInline package var unitsAtMinHidden: Int64
    /// The smallest depth of any entry (`Int32.max` when empty).
    @usableFromInline package var minDepth: Int32
    /// Entries at `minDepth`.
    @usableFromInline package var countAtMinDepth: Int32

    /// The summary of no entries.
    @usableFromInline package static let empty = OutlineSummary(
        count: 0, placeholders: 0, minHidden: .max, countAtMinHidden: 0, unitsAtMinHidden: 0,
        minDepth: .max, countAtMinDepth: 0
    )

    /// The summary of one entry.
    @inlinable
    package init(units: Int32, hidden: Int32, depth: Int32, isPlaceholder: Bool) {
        self.init(
            count: 1, placeholders: isPlaceholder ? 1 : 0, minHidden: hidden, countAtMinHidden: 1,
            unitsAtMinHidden: Int64(units), minDepth: depth, countAtMinDepth: 1
        )
    }

    @inlinable
    package init(
        count: Int32, placeholders: Int32, minHidden: Int32, countAtMinHidden: Int32,
        unitsAtMinHidden: Int64, minDepth: Int32, countAtMinDepth: Int32
    ) {
        self.count = count
        self.placeholders = placeholders
        self.minHidden = minHidden
        self.countAtMinHidden = countAtMinHidden
        self.unitsAtMinHidden = unitsAtMinHidden
        self.minDepth = minDepth
        self.countAtMinDepth = countAtMinDepth
    }

    /// Rows among these entries when the tags above add `hiddenTag` collapsed ancestors to
    /// each: the entries at the minimum if it is 0.
    @inlinable
    package func rows(hiddenTag: Int32) -> Int32 { count > 0 && minHidden &+ hiddenTag == 0 ? countAtMinHidden : 0 }

    /// The extent of those rows, in units.
    @inlinable
    package func rowUnits(hiddenTag: Int32) -> Int64 { count > 0 && minHidden &+ hiddenTag == 0 ? unitsAtMinHidden : 0 }

    /// Adds `hidden` collapsed ancestors and `depth` levels to every entry.
    @inlinable
    package mutating func add(hidden: Int32, depth: Int32) {
        guard count > 0 else { return }
        minHidden &+= hidden
        minDepth &+= depth
    }

    /// These entries followed by `other`'s.
    @inlinable
    package mutating func append(_ other: OutlineSummary) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        count += other.count
        placeholders += other.placeholders
        if other.minHidden < minHidden {
            minHidden = other.minHidden
            countAtMinHidden = other.countAtMinHidden
            unitsAtMinHidden = other.unitsAtMinHidden
        } else if other.minHidden == minHidden {
            countAtMinHidden += other.countAtMinHidden
            unitsAtMinHidden += other.unitsAtMinHidden
        }
        if other.minDepth < minDepth {
            minDepth = other.minDepth
            countAtMinDepth = other.countAtMinDepth
        } else if other.minDepth == minDepth {
            countAtMinDepth += other.countAtMinDepth
        }
    }
}

/// One entry of an outline sequence, with its true values (every tag above it applied).
@usableFromInline
package struct OutlineEntry: Equatable, Sendable {
    /// The extent, in fixed-point units.
    @usableFromInline package var units: Int32
    /// How many of the entry's ancestors are collapsed; a row iff 0.
    @usableFromInline package var hidden: Int32
    /// The depth, 0 for a top-level node.
    @usableFromInline package var depth: Int32
    /// The node's handle, or `OutlineEntry.placeholderHandle(of:)` for a placeholder.
    @usableFromInline package var handle: Int32

    @inlinable
    package init(units: Int32, hidden: Int32, depth: Int32, handle: Int32) {
        self.units = units
        self.hidden = hidden
        self.depth = depth
        self.handle = handle
    }

    /// Whether the entry is a placeholder row rather than a node.
    @inlinable package var isPlaceholder: Bool { handle < 0 }

    /// The handle a placeholder under `owner` carries.
    @inlinable package static func placeholderHandle(of owner: Int32) -> Int32 { -1 - owner }

    /// The owner of a placeholder entry, or the node itself.
    @inlinable package var node: Int32 { handle < 0 ? -1 - handle : handle }
}

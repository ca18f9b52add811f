public import ListKernel

/// The starting point of an audit: the sections, the style, the viewport and how the front
/// end measures. ``random(seed:)`` makes a small world from a seed, so a seed alone
/// reproduces a run.
///
/// ```swift
/// let world = AuditWorld(sections: [
///     AuditWorld.Section(itemCount: 3, header: 44, footer: 1),
///     AuditWorld.Section(itemCount: 0, header: 44),            // an empty section (seed 003)
/// ])
/// ```
///
/// - Complexity: every member is O(1) unless it says otherwise.
public struct AuditWorld: Equatable, Sendable {
    /// One section at the start.
    public struct Section: Equatable, Sendable {
        /// How many items it has.
        public var itemCount: Int
        /// The header's extent, or `nil` for none.
        public var header: Double?
        /// The footer's extent, or `nil` for none.
        public var footer: Double?
        /// The extent policy the data source reports (estimated: rows self-size).
        public var itemExtent: ListLayout.ItemExtent
        /// The extent every item has when measured (before expansion), or `nil` for
        /// extents that vary by item (0 to 80 points, a seventh of them 0).
        public var measuredExtent: Double?
        /// Whether the section starts folded.
        public var isFolded: Bool
        /// Whether the data source reports every item's extent up front
        /// (`SectionMetrics.measuredItemExtents`, UITableView's `heightForRowAt`) instead
        /// of an estimate the items correct by measuring.
        public var reportsExtentsUpFront: Bool

        /// Creates a section description.
        ///
        /// - Complexity: O(1).
        public init(
            itemCount: Int, header: Double? = 44, footer: Double? = nil,
            itemExtent: ListLayout.ItemExtent = .estimated(44), measuredExtent: Double? = nil,
            isFolded: Bool = false, reportsExtentsUpFront: Bool = false
        ) {
            self.itemCount = itemCount
            self.header = header
            self.footer = footer
            self.itemExtent = itemExtent
            self.measuredExtent = measuredExtent
            self.isFolded = isFolded
            self.reportsExtentsUpFront = reportsExtentsUpFront
        }
    }

    /// The sections, in order.
    public var sections: [Section]
    /// Plain (pinned headers and footers) or grouped.
    public var style: ListStyle
    /// The viewport of the first pass.
    public var viewport: Viewport
    /// Whether items report their measured extent from inside `configure` (self-sizing), as
    /// well as when a `measure` operation says so.
    public var measuresInConfigure: Bool
    /// The list's prefetch distance (0: off).
    public var prefetchDistance: Double
    /// A pool capacity set for every reuse identifier the front end names, or `nil` for
    /// the kernel's default. Small capacities make the pool discard views.
    public var poolCapacity: Int?
    /// How item identifiers are given out: never reused (`[]`, the default), or reused in
    /// the ways that trip caches keyed by identifier.
    public var identity: Identity

    /// Creates a world.
    ///
    /// - Complexity: O(1).
    public init(
        sections: [Section], style: ListStyle = .plain, viewport: Viewport = Viewport(size: 480),
        measuresInConfigure: Bool = false, prefetchDistance: Double = 0, poolCapacity: Int? = nil,
        identity: Identity = []
    ) {
        self.sections = sections
        self.style = style
        self.viewport = viewport
        self.measuresInConfigure = measuresInConfigure
        self.prefetchDistance = prefetchDistance
        self.poolCapacity = poolCapacity
        self.identity = identity
    }

    /// How a world gives out item identifiers, so caches keyed by identifier (view models,
    /// images, heights, "already showing this") are exercised. Without any option every
    /// item gets an identifier no other item ever had. Each option models something real
    /// lists see:
    ///
    /// ```swift
    /// var world = AuditWorld.random(seed: 7)
    /// world.identity = [.returningIdentifiers, .returningItems]
    /// ```
    ///
    /// - Complexity: every member is O(1).
    public struct Identity: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The bits.
        public let rawValue: Int

        /// Creates options from bits.
        ///
        /// - Complexity: O(1).
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Identifiers of deleted items come back on other items: an inserted item often
        /// takes the identifier a deleted one had, and an item reload replaces the item by
        /// another that keeps its identifier (a placeholder replaced by the real message; a
        /// row per slot), each with other values and at version 0 again. The same
        /// identifier *and* version then show different content.
        public static let returningIdentifiers = Identity(rawValue: 1 << 0)
        /// Deleted items come back: an inserted item is often one deleted earlier, with its
        /// identifier and title and the next version of its content (a message deleted and
        /// restored, edited meanwhile): a version bump without an identity change.
        public static let returningItems = Identity(rawValue: 1 << 1)
        /// Item identifiers are unique only within their section (each section numbers its
        /// items from 0, and reuses the numbers of items it lost); an item moved to a
        /// section that already uses its identifier gets a free one there.
        public static let uniquePerSection = Identity(rawValue: 1 << 2)

        /// `[returningIdentifiers, uniquePerSection]`, or `unique` for none.
        ///
        /// - Complexity: O(1).
        public var description: String {
            let names = [(Identity.returningIdentifiers, "returningIdentifiers"), (.returningItems, "returningItems"), (.uniquePerSection, "uniquePerSection")]
            let set = names.filter { contains($0.0) }.map(\.1)
            return set.isEmpty ? "unique" : "[" + set.joined(separator: ", ") + "]"
        }
    }

    /// A small world drawn from `seed`: 1 to 10 sections of 0 to 40 items (some empty, some
    /// folded, some of zero-height rows, some with extents reported up front), headers and
    /// footers of varied extents (some 0), either style, a viewport of 60 to 600 points,
    /// sometimes self-sizing in `configure`, prefetching, or a pool of capacity 0 to 2; and
    /// identifiers that come back: always ``Identity/returningIdentifiers`` or
    /// ``Identity/uniquePerSection`` (which reuses a section's freed numbers), half the time
    /// with ``Identity/returningItems`` as well.
    ///
    /// - Complexity: O(sections).
    public static func random(seed: UInt64) -> AuditWorld {
        var random = SplitMix64(seed: seed ^ 0x5EED_0F_A0D17)
        let sectionCount = random.int(in: 1...10)
        var sections: [Section] = []
        for _ in 0..<sectionCount {
            let itemCount = random.chance(1, in: 6) ? 0 : random.int(in: 1...40)
            let itemExtent: ListLayout.ItemExtent
            var measured: Double?
            var upFront = false
            switch random.below(8) {
            case 0: itemExtent = .uniform(0); measured = 0                       // seed 001's hidden rows
            case 1, 2: itemExtent = .uniform(Double(random.int(in: 20...60))); measured = itemExtent.points
            case 3: itemExtent = .estimated(44); upFront = true                   // heightForRowAt
            default: itemExtent = .estimated(Double(random.int(in: 20...60)))
            }
            sections.append(Section(
                itemCount: itemCount,
                header: random.chance(1, in: 6) ? nil : Double(random.int(in: 0...50)),
                footer: random.chance(1, in: 2) ? nil : Double(random.int(in: 0...20)),
                itemExtent: itemExtent,
                measuredExtent: measured,
                isFolded: random.chance(1, in: 6),
                reportsExtentsUpFront: upFront
            ))
        }
        let size = Double(random.int(in: 60...600))
        let viewport = Viewport(
            offset: 0, size: size,
            insets: .init(top: Double(random.below(3) * 20), bottom: Double(random.below(2) * 10)),
            overscan: .init(ahead: Double(random.below(3) * 40), behind: Double(random.below(2) * 20))
        )
        let style: ListStyle = random.chance(1, in: 2) ? .plain : .grouped
        let measuresInConfigure = random.chance(1, in: 2)
        let prefetchDistance = random.chance(1, in: 3) ? Double(random.int(in: 20...200)) : 0
        let poolCapacity = random.chance(1, in: 4) ? random.below(3) : nil
        // Drawn last, so the worlds of earlier seeds (and their reproducers) keep their shape.
        var identity: Identity = random.chance(1, in: 2) ? .uniquePerSection : .returningIdentifiers
        if random.chance(1, in: 2) { identity.insert(.returningItems) }
        return AuditWorld(
            sections: sections, style: style, viewport: viewport, measuresInConfigure: measuresInConfigure,
            prefetchDistance: prefetchDistance, poolCapacity: poolCapacity, identity: identity
        )
    }
}

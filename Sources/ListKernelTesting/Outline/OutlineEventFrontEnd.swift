@_spi(ListKernelTesting) public import ListKernel

/// A front end of an outline that changes its row views only as the updates say, the way a
/// UIKit or AppKit front end must: it deletes, inserts and moves views by the row events,
/// binds a fresh configuration to inserted rows and to reconfigured ones, and leaves every
/// other view as it was bound. Comparing its views with the outline after each update finds
/// the outline analogues of the seeds' stale-state bugs: a row showing another node, its
/// disclosure state or its depth, or a "loading…" placeholder where a node now is.
///
/// ```swift
/// var frontEnd = OutlineEventFrontEnd(outline)
/// let update = outline.collapse("Documents")
/// frontEnd.apply(update, from: outline)
/// frontEnd.staleRows(comparedWith: outline)   // [] when the update said everything
/// ```
///
/// - Complexity: `apply` and `staleRows` are O(rows).
public struct OutlineEventFrontEnd<ID: Hashable & Sendable>: Sendable {
    /// What each row view shows, per section.
    public private(set) var views: [[OutlineRowConfiguration<ID>]]
    /// Binds performed (fresh rows and reconfigured ones) since the start.
    public private(set) var binds = 0
    /// A deliberately wrong front end that skips reconfigure events, to show the check bites.
    public var ignoresReconfigure = false

    /// A front end showing every row of `outline`.
    ///
    /// - Complexity: O(rows).
    public init(_ outline: Outline<ID>) {
        views = (0..<outline.sectionCount).map { Self.allRows(of: outline, section: $0) }
    }

    static func allRows(of outline: Outline<ID>, section: Int) -> [OutlineRowConfiguration<ID>] {
        var rows: [OutlineRowConfiguration<ID>] = []
        outline.forEachRow(inSection: section, from: 0) { _, _, _, configuration in
            rows.append(configuration)
            return true
        }
        return rows
    }

    /// Applies `update` in UIKit batch semantics, binding from `outline` (the state after it).
    /// Returns a description of an event that does not fit the views (an index out of
    /// range, counts that do not add up), or `nil`.
    ///
    /// - Complexity: O(rows).
    public mutating func apply(_ update: OutlineUpdate<ID>, from outline: Outline<ID>) -> String? {
        var carried: [ItemPath: OutlineRowConfiguration<ID>] = [:]
        var result: [[OutlineRowConfiguration<ID>]] = []
        for section in views.indices {
            if update.reloadedSections.contains(section) { continue }
            for move in update.movedRows where move.from.section == section {
                guard move.from.item >= 0, move.from.item < views[section].count else { return "move from \(move.from) outside \(views[section].count) rows" }
                carried[move.to] = views[section][move.from.item]
            }
        }
        for section in 0..<outline.sectionCount {
            if update.reloadedSections.contains(section) || section >= views.count {
                result.append(Self.allRows(of: outline, section: section))
                binds += result[section].count
                continue
            }
            var gone = Set<Int>()
            for range in update.deletedRows where range.section == section { gone.formUnion(range.rows) }
            for move in update.movedRows where move.from.section == section { gone.insert(move.from.item) }
            if let bad = gone.first(where: { $0 < 0 || $0 >= views[section].count }) { return "delete of row \(bad) outside \(views[section].count) rows" }
            var survivors = views[section].enumerated().filter { !gone.contains($0.offset) }.map(\.element)[...]
            let count = outline.rowCount(inSection: section)
            var inserted = Set<Int>()
            for range in update.insertedRows where range.section == section { inserted.formUnion(range.rows) }
            var rows: [OutlineRowConfiguration<ID>] = []
            for row in 0..<count {
                let path = ItemPath(section: section, item: row)
                if let view = carried[path] {
                    rows.append(view)
                } else if inserted.contains(row) {
                    guard let configuration = outline.configuration(ofRow: path) else { return "insert at \(path) outside the rows" }
                    rows.append(configuration)
                    binds += 1
                } else {
                    guard let view = survivors.popFirst() else { return "section \(section): \(count) rows after the update, too few views left" }
                    rows.append(view)
                }
            }
            if !survivors.isEmpty { return "section \(section): \(survivors.count) views left over" }
            result.append(rows)
        }
        if !ignoresReconfigure {
            for path in update.reconfiguredRows where !update.reloadedSections.contains(path.section) {
                guard path.section < result.count, path.item >= 0, path.item < result[path.section].count,
                      let configuration = outline.configuration(ofRow: path) else { return "reconfigure of \(path) outside the rows" }
                result[path.section][path.item] = configuration
                binds += 1
            }
        }
        views = result
        return nil
    }

    /// The rows whose view shows something other than what the outline says: another
    /// node, another disclosure state, another depth, a placeholder for a node or the reverse.
    ///
    /// - Complexity: O(rows log n).
    public func staleRows(comparedWith outline: Outline<ID>) -> [ItemPath] {
        var stale: [ItemPath] = []
        for section in views.indices {
            for (row, view) in views[section].enumerated() where outline.configuration(ofRow: ItemPath(section: section, item: row)) != view {
                stale.append(ItemPath(section: section, item: row))
            }
        }
        return stale
    }
}

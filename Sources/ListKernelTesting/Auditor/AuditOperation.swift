public import ListKernel

/// One step of an audit, as a user or an app would cause it. Every operation is concrete, so
/// a recorded list replays exactly; indexes that no longer fit the model (after the
/// shrinker removed earlier steps) wrap around into range, and an operation that has
/// nothing to act on (an item edit with no items) does nothing.
///
/// `description` is Swift source, so a failure's operations paste into a reproducer:
///
/// ```swift
/// let failure = try auditor.replay(seed: 7, operations: [.tapHeader(section: 0), .scroll(to: 1450.0)])
/// ```
///
/// - Complexity: every member is O(1) except `description`, O(edits).
public enum AuditOperation: Hashable, Sendable, CustomStringConvertible {
    /// Moves the viewport's offset (`setViewport`).
    case scroll(to: Double)
    /// Changes the viewport's size, insets and overscan, keeping the offset.
    case resize(size: Double, insetTop: Double, insetBottom: Double, overscanAhead: Double, overscanBehind: Double)
    /// `scroll(to: .item(path), at: position)`; skipped when the item is folded away.
    case scrollToItem(ItemPath, ScrollPosition)
    /// Reports the item's true extent (`setMeasuredExtent`), as a self-sizing cell would.
    case measure(ItemPath)
    /// The user taps the section's header: the front end hears `headerTapped` and names the
    /// section the tap folds (which must be this one), then the model and the list fold or
    /// unfold it. Without a displayed header, the section is toggled directly.
    case tapHeader(section: Int)
    /// Folds or unfolds several sections in one update (`setCollapsed(_:sections:)`).
    case fold(sections: [Int], collapsed: Bool)
    /// The user taps an item's expand button: `expandButtonTapped`, then the model's
    /// expanded flag flips, the item is reconfigured and measured at its new extent
    /// (seed 002).
    case toggleExpansion(ItemPath)
    /// The user taps a cell to select or deselect it: the adapter hears `cellTapped` and
    /// names the item the tap acts on (which must be the one the cell shows now), then the
    /// model's selection flips and the item is reconfigured. Without a displayed cell, the
    /// selection flips directly.
    case tapItem(ItemPath)
    /// Selects or deselects several items at once, as code does (restoring a selection,
    /// "select all"); displayed ones are reconfigured. The selection is kept by item in the
    /// model, so it follows items through moves and updates.
    case select(items: [ItemPath], selected: Bool)
    /// One change through `performBatchUpdates`, with a batch built by hand in UIKit's
    /// index spaces.
    case update(AuditEdit)
    /// Several changes applied to the model, then one batch computed from the snapshots
    /// before and after (`ListSnapshot.difference(from:)`), applied in its stages.
    case applySnapshot([AuditEdit])
    /// Delivers `count` pending image loads (at most 16), the one at `pick` (wrapped into
    /// the pending loads, in request order) and those that follow it.
    case completeLoads(pick: Int, count: Int)
    /// `reloadData()`.
    case reloadData
    /// Drops every pooled view, as on a memory warning.
    case purgePool

    /// Swift source for the operation.
    ///
    /// - Complexity: O(edits).
    public var description: String {
        switch self {
        case .scroll(let offset): ".scroll(to: \(offset))"
        case .resize(let size, let top, let bottom, let ahead, let behind):
            ".resize(size: \(size), insetTop: \(top), insetBottom: \(bottom), overscanAhead: \(ahead), overscanBehind: \(behind))"
        case .scrollToItem(let path, let position): ".scrollToItem(\(AuditOperation.source(path)), .\(position))"
        case .measure(let path): ".measure(\(AuditOperation.source(path)))"
        case .tapHeader(let section): ".tapHeader(section: \(section))"
        case .fold(let sections, let collapsed): ".fold(sections: \(sections), collapsed: \(collapsed))"
        case .toggleExpansion(let path): ".toggleExpansion(\(AuditOperation.source(path)))"
        case .tapItem(let path): ".tapItem(\(AuditOperation.source(path)))"
        case .select(let items, let selected): ".select(items: [\(items.map(AuditOperation.source).joined(separator: ", "))], selected: \(selected))"
        case .update(let edit): ".update(\(edit))"
        case .applySnapshot(let edits): ".applySnapshot([\(edits.map(\.description).joined(separator: ", "))])"
        case .completeLoads(let pick, let count): ".completeLoads(pick: \(pick), count: \(count))"
        case .reloadData: ".reloadData"
        case .purgePool: ".purgePool"
        }
    }

    static func source(_ path: ItemPath) -> String { "ItemPath(section: \(path.section), item: \(path.item))" }

    /// Why no list accepts the operation (an offset or size that is not finite, or beyond
    /// `ListLimits.maximumViewportValue`), or `nil` when it can be performed. Indexes never
    /// make an operation invalid: they wrap into range.
    ///
    /// - Complexity: O(1).
    public var validationError: String? {
        func check(_ value: Double, _ name: String) -> String? {
            value.isFinite && abs(value) < ListLimits.maximumViewportValue
                ? nil : "its \(name) is \(value); it must be finite and below \(ListLimits.maximumViewportValue) in magnitude"
        }
        switch self {
        case .scroll(let offset): return check(offset, "offset")
        case .resize(let size, let top, let bottom, let ahead, let behind):
            return check(size, "size") ?? check(top, "top inset") ?? check(bottom, "bottom inset")
                ?? check(ahead, "overscan ahead") ?? check(behind, "overscan behind")
        default: return nil
        }
    }

    /// The kind of operation, as reports and ``AuditOperationMix`` count them: `scroll`,
    /// `tapHeader`, `update`, …
    ///
    /// - Complexity: O(1).
    public var name: String {
        switch self {
        case .scroll: "scroll"
        case .resize: "resize"
        case .scrollToItem: "scrollToItem"
        case .measure: "measure"
        case .tapHeader: "tapHeader"
        case .fold: "fold"
        case .toggleExpansion: "toggleExpansion"
        case .tapItem: "tapItem"
        case .select: "select"
        case .update: "update"
        case .applySnapshot: "applySnapshot"
        case .completeLoads: "completeLoads"
        case .reloadData: "reloadData"
        case .purgePool: "purgePool"
        }
    }
}

/// One change of the model's structure or content, in the index space of the model as it is
/// when the change applies (for a move: the source before, the destination after removal
/// of the source, as UIKit's `moveRow(at:to:)`).
///
/// - Complexity: every member is O(1).
public enum AuditEdit: Hashable, Sendable, CustomStringConvertible {
    /// `count` new items at `index` of `section`.
    case insertItems(section: Int, at: Int, count: Int)
    /// `count` items from `index` of `section`.
    case deleteItems(section: Int, at: Int, count: Int)
    /// One item moved.
    case moveItem(from: ItemPath, to: ItemPath)
    /// The item's content changed; it gets a fresh view (`reloadItems`).
    case reloadItem(ItemPath)
    /// The item's content changed; its view is configured again in place
    /// (`reconfigureItems`).
    case reconfigureItem(ItemPath)
    /// A new section of `itemCount` items at `index`.
    case insertSection(at: Int, itemCount: Int)
    /// A section deleted with its items.
    case deleteSection(Int)
    /// A section moved with its items.
    case moveSection(from: Int, to: Int)
    /// A section's header, footer and items changed (`reloadSections`).
    case reloadSection(Int)

    /// Swift source for the edit.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .insertItems(let section, let index, let count): ".insertItems(section: \(section), at: \(index), count: \(count))"
        case .deleteItems(let section, let index, let count): ".deleteItems(section: \(section), at: \(index), count: \(count))"
        case .moveItem(let from, let to): ".moveItem(from: \(AuditOperation.source(from)), to: \(AuditOperation.source(to)))"
        case .reloadItem(let path): ".reloadItem(\(AuditOperation.source(path)))"
        case .reconfigureItem(let path): ".reconfigureItem(\(AuditOperation.source(path)))"
        case .insertSection(let index, let count): ".insertSection(at: \(index), itemCount: \(count))"
        case .deleteSection(let section): ".deleteSection(\(section))"
        case .moveSection(let from, let to): ".moveSection(from: \(from), to: \(to))"
        case .reloadSection(let section): ".reloadSection(\(section))"
        }
    }
}

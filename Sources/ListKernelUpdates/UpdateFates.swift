@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

/// What a batch update does to one item that existed before it.
///
/// Paths are after the update. "Unchanged" means no operation named the item: its path may
/// still shift because of other changes (inserts above it, a section move).
///
/// ```swift
/// switch update.fate(ofOld: path) {
/// case .unchanged(let new), .moved(let new): reposition(view, at: new)
/// case .reconfigured(let new): rebind(view, at: new)          // keeps its view
/// case .reloaded(let new): replace(view, at: new)             // a fresh view
/// case .deleted, .sectionReloaded: remove(view)
/// case nil: break                                             // not an item before
/// }
/// ```
///
/// - Complexity: every member is O(1).
public enum ItemFate: Hashable, Sendable {
    /// Not named by any operation; now at the path given.
    case unchanged(ItemPath)
    /// Moved to the path given.
    case moved(ItemPath)
    /// Reloaded: kept its place (now the path given), its view is replaced.
    case reloaded(ItemPath)
    /// Reconfigured: kept its place (now the path given) and its view, bound again.
    case reconfigured(ItemPath)
    /// Deleted, or its section was deleted.
    case deleted
    /// Its section was reloaded (now section `newSection`): it is replaced with the rest of
    /// the section's items.
    case sectionReloaded(newSection: Int)

    /// The item's path after the update, or `nil` when it is gone.
    ///
    /// - Complexity: O(1).
    public var newPath: ItemPath? {
        switch self {
        case .unchanged(let path), .moved(let path), .reloaded(let path), .reconfigured(let path): path
        case .deleted, .sectionReloaded: nil
        }
    }
}

/// Where one item that exists after a batch update came from. Paths are before the update.
///
/// - Complexity: every member is O(1).
public enum ItemOrigin: Hashable, Sendable {
    /// Not named by any operation; was at the path given.
    case unchanged(ItemPath)
    /// Moved here from the path given.
    case moved(from: ItemPath)
    /// Reloaded; was at the path given.
    case reloaded(ItemPath)
    /// Reconfigured; was at the path given.
    case reconfigured(ItemPath)
    /// Inserted (directly, or as an item of an inserted section).
    case inserted
    /// An item of a reloaded section, which was section `oldSection`.
    case sectionReloaded(oldSection: Int)

    /// The item's path before the update, or `nil` when it is new.
    ///
    /// - Complexity: O(1).
    public var oldPath: ItemPath? {
        switch self {
        case .unchanged(let path), .moved(let path), .reloaded(let path), .reconfigured(let path): path
        case .inserted, .sectionReloaded: nil
        }
    }
}

/// What a batch update does to one section that existed before it. Indexes are after the
/// update.
///
/// - Complexity: every member is O(1).
public enum SectionFate: Hashable, Sendable {
    /// Not named by any section operation; now at the index given.
    case unchanged(Int)
    /// Moved, with its items, to the index given.
    case moved(Int)
    /// Reloaded: kept its place (now the index given); header, footer and items replaced.
    case reloaded(Int)
    /// Deleted with its items.
    case deleted

    /// The section's index after the update, or `nil` when it is deleted.
    ///
    /// - Complexity: O(1).
    public var newIndex: Int? {
        switch self {
        case .unchanged(let index), .moved(let index), .reloaded(let index): index
        case .deleted: nil
        }
    }
}

/// Where one section that exists after a batch update came from. Indexes are before it.
///
/// - Complexity: every member is O(1).
public enum SectionOrigin: Hashable, Sendable {
    /// Not named by any section operation; was at the index given.
    case unchanged(Int)
    /// Moved here from the index given.
    case moved(from: Int)
    /// Reloaded; was at the index given.
    case reloaded(Int)
    /// Inserted.
    case inserted

    /// The section's index before the update, or `nil` when it is inserted.
    ///
    /// - Complexity: O(1).
    public var oldIndex: Int? {
        switch self {
        case .unchanged(let index), .moved(let index), .reloaded(let index): index
        case .inserted: nil
        }
    }
}

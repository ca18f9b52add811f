@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelLayout

/// What a batch update can get wrong. Every message names the paths, sections and counts
/// involved, in the words UIKit users know from `NSInternalInconsistencyException`.
///
/// A batch is checked as a whole before anything is applied:
/// `validated(itemCountsBefore:itemCountsAfter:)` has no state to corrupt, and
/// `ValidatedUpdate.apply(to:sectionDescription:)` checks the layout and every section
/// description before its first change, so a thrown error leaves the layout exactly as it
/// was.
///
/// ```swift
/// var update = BatchUpdate()
/// update.insertItems(at: [ItemPath(section: 0, item: 4)])
/// do { _ = try update.validated(itemCountsBefore: [4], itemCountsAfter: [4]) }
/// catch { print(error) }
/// // invalid number of items in section 0: the section had 4 before the update and reports
/// // 4 after it, but 1 was inserted and 0 deleted (0 moved in, 0 moved out)
/// ```
public enum UpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One kind of operation of a batch, as messages name it.
    public enum Operation: Int, Hashable, Comparable, Sendable, CustomStringConvertible {
        // Raw values order the operations the way the validator reports them.
        /// `deleteItems` / `deleteSections` (before the update).
        case delete
        /// `reloadItems` / `reloadSections` (before the update).
        case reload
        /// `reconfigureItems` (before the update).
        case reconfigure
        /// The source of `moveItem` / `moveSection` (before the update).
        case moveFrom
        /// `insertItems` / `insertSections` (after the update).
        case insert
        /// The destination of `moveItem` / `moveSection` (after the update).
        case moveTo

        /// Whether the operation addresses the state before the update (deletes, reloads,
        /// reconfigures and move sources) rather than the state after it (inserts and move
        /// destinations).
        ///
        /// - Complexity: O(1).
        public var usesBeforeIndexes: Bool { self != .insert && self != .moveTo }

        /// `delete`, `reload`, `reconfigure`, `move from`, `insert` or `move to`.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch self {
            case .delete: "delete"
            case .reload: "reload"
            case .reconfigure: "reconfigure"
            case .moveFrom: "move from"
            case .insert: "insert"
            case .moveTo: "move to"
            }
        }

        /// Orders as the validator reports: before-space operations first.
        ///
        /// - Complexity: O(1).
        public static func < (lhs: Operation, rhs: Operation) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The verb of a before-space operation ("delete", "move"), for "attempt to delete
        /// and move the same item".
        var verb: String {
            switch self {
            case .delete: "delete"
            case .reload: "reload"
            case .reconfigure: "reconfigure"
            case .moveFrom: "move"
            case .insert: "insert"
            case .moveTo: "move"
            }
        }

        /// "delete item 4 from section 0", "insert item 2 into section 1", …
        func phrase(_ path: ItemPath) -> String {
            switch self {
            case .delete: "delete item \(path.item) from section \(path.section)"
            case .reload: "reload item \(path.item) of section \(path.section)"
            case .reconfigure: "reconfigure item \(path.item) of section \(path.section)"
            case .moveFrom: "move item \(path.item) out of section \(path.section)"
            case .insert: "insert item \(path.item) into section \(path.section)"
            case .moveTo: "move an item to index \(path.item) of section \(path.section)"
            }
        }

        /// "delete section 3", "move a section to index 2", …
        func phrase(section: Int) -> String {
            switch self {
            case .delete: "delete section \(section)"
            case .reload: "reload section \(section)"
            case .reconfigure: "reconfigure section \(section)"
            case .moveFrom: "move section \(section)"
            case .insert: "insert section \(section)"
            case .moveTo: "move a section to index \(section)"
            }
        }

        /// "delete the same item [0, 1] twice", "move two items to the same index path [0, 1]",
        /// "insert two sections at the same index 2", …
        func twice(item path: ItemPath?, section: Int) -> String {
            let one = path.map { "item \($0)" } ?? "section \(section)"
            let place = path.map { "index path \($0)" } ?? "index \(section)"
            let many = path == nil ? "sections" : "items"
            return switch self {
            case .delete: "delete the same \(one) twice"
            case .reload: "reload the same \(one) twice"
            case .reconfigure: "reconfigure the same \(one) twice"
            case .moveFrom: "move the same \(one) twice"
            case .insert: "insert two \(many) at the same \(place)"
            case .moveTo: "move two \(many) to the same \(place)"
            }
        }

        /// Why an item operation may not address a section that this section operation
        /// changes.
        var sectionReason: String {
            switch self {
            case .delete: "is deleted in the same batch, and its items go with it"
            case .insert: "is inserted in the same batch, and takes all its items from the data source"
            case .reload: "is reloaded in the same batch, and all its items are replaced"
            default: "is changed in the same batch"
            }
        }
    }

    /// A count in `before` or `after` that is negative.
    case negativeItemCount(section: Int, count: Int, afterUpdate: Bool)
    /// A count in `before` or `after` larger than `ListLimits.maximumItemCount`.
    case itemCountTooLarge(section: Int, count: Int, afterUpdate: Bool)
    /// A section operation whose section is outside the space it addresses: `0..<before.count`
    /// for deletes, reloads and move sources, `0..<after.count` for inserts and move
    /// destinations.
    case sectionOutOfRange(Operation, section: Int, sectionCount: Int)
    /// An item operation whose section is outside the space it addresses.
    case itemSectionOutOfRange(Operation, ItemPath, sectionCount: Int)
    /// An item operation whose item is outside its section, in the space it addresses.
    case itemOutOfRange(Operation, ItemPath, itemCount: Int)
    /// A move whose destination `to` is outside its section after the update (which holds
    /// `itemCount` items then); `from` is the moved item, before the update.
    case moveDestinationOutOfRange(from: ItemPath, to: ItemPath, itemCount: Int)
    /// The same section operation twice on one section (two moves from, or two moves to,
    /// one section included).
    case duplicateSectionOperation(Operation, section: Int)
    /// Two different operations on one section in the same space (delete and reload, delete
    /// and move from, reload and move from, insert and move to).
    case conflictingSectionOperations(Operation, Operation, section: Int)
    /// The same item operation twice on one path.
    case duplicateItemOperation(Operation, ItemPath)
    /// Two different operations on one path in the same space (any two of delete, reload,
    /// reconfigure and move from; or insert and move to).
    case conflictingItemOperations(Operation, Operation, ItemPath)
    /// An item operation inside a section that the batch deletes or reloads (before-space
    /// operations) or inserts or reloads (inserts and move destinations).
    case itemInChangedSection(Operation, ItemPath, sectionChange: Operation)
    /// The number of sections after the update is not the number before, plus inserted,
    /// minus deleted.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// The number of items a surviving section reports after the update is not its number
    /// before, plus inserted and moved in, minus deleted and moved out. `section` is the
    /// section's index after the update, `oldSection` its index before.
    case invalidItemCount(
        section: Int, oldSection: Int, before: Int, after: Int,
        inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    )
    /// `apply(to:)`: the layout does not have the sections the update was validated against.
    case layoutSectionCountMismatch(layout: Int, expected: Int)
    /// `apply(to:)`: a section of the layout does not have the items the update was
    /// validated against.
    case layoutItemCountMismatch(section: Int, layout: Int, expected: Int)
    /// `apply(to:)`: the description of an inserted or reloaded section (named by its index
    /// after the update) does not have the item count the data source reported.
    case sectionDescriptionItemCount(section: Int, described: Int, reported: Int)
    /// `apply(to:)`: the description of an inserted or reloaded section is not a valid
    /// layout section.
    case invalidSectionDescription(section: Int, LayoutError)
    /// `apply(to:)`: the update would take the layout past `ListLimits` (the error names
    /// the limit and the numbers); the layout is unchanged.
    case limitExceeded(LayoutError)

    /// A sentence naming the numbers.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .negativeItemCount(let section, let count, let after):
            return "invalid item count \(count) for section \(section) \(after ? "after" : "before") the update: a count must not be negative"
        case .itemCountTooLarge(let section, let count, let after):
            return "invalid item count \(count) for section \(section) \(after ? "after" : "before") the update: a list holds at most \(ListLimits.maximumItemCount) items (ListLimits.maximumItemCount)"
        case .sectionOutOfRange(let op, let section, let count):
            return "attempt to \(op.phrase(section: section)), but there \(Self.are(count, "section", after: !op.usesBeforeIndexes))"
        case .itemSectionOutOfRange(let op, let path, let count):
            return "attempt to \(op.phrase(path)), but there \(Self.are(count, "section", after: !op.usesBeforeIndexes))"
        case .itemOutOfRange(let op, let path, let count):
            return op.usesBeforeIndexes
                ? "attempt to \(op.phrase(path)), which contains only \(Self.count(count, "item")) before the update"
                : "attempt to \(op.phrase(path)), but section \(path.section) contains only \(Self.count(count, "item")) after the update"
        case .moveDestinationOutOfRange(let from, let to, let count):
            return "attempt to move item \(from.item) of section \(from.section) to index path \(to), which does not exist: section \(to.section) contains only \(Self.count(count, "item")) after the update"
        case .duplicateSectionOperation(let op, let section):
            return "attempt to \(op.twice(item: nil, section: section)) in one batch"
        case .conflictingSectionOperations(let a, let b, let section):
            return a.usesBeforeIndexes
                ? "attempt to \(a.verb) and \(b.verb) the same section (\(section)) in one batch"
                : "attempt to insert a section and move another to the same index (\(section)) in one batch"
        case .duplicateItemOperation(let op, let path):
            return "attempt to \(op.twice(item: path, section: path.section)) in one batch"
        case .conflictingItemOperations(let a, let b, let path):
            return a.usesBeforeIndexes
                ? "attempt to \(a.verb) and \(b.verb) the same index path \(path) in one batch"
                : "attempt to insert an item and move another to the same index path \(path) in one batch"
        case .itemInChangedSection(let op, let path, let change):
            return "attempt to \(op.phrase(path)), but section \(path.section) \(change.sectionReason)"
        case .invalidSectionCount(let before, let after, let inserted, let deleted):
            return "invalid number of sections: the list had \(before) before the update and reports \(after) after it, but \(inserted) \(inserted == 1 ? "was" : "were") inserted and \(deleted) deleted"
        case .invalidItemCount(let section, let old, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
            let which = section == old ? "section \(section)" : "section \(section) (section \(old) before the update)"
            return "invalid number of items in \(which): the section had \(before) before the update and reports \(after) after it, but \(inserted) \(inserted == 1 ? "was" : "were") inserted and \(deleted) deleted (\(movedIn) moved in, \(movedOut) moved out)"
        case .layoutSectionCountMismatch(let layout, let expected):
            return "the layout has \(Self.count(layout, "section")), but the update was validated against \(expected) before it"
        case .layoutItemCountMismatch(let section, let layout, let expected):
            return "section \(section) of the layout has \(Self.count(layout, "item")), but the update was validated against \(expected) before it"
        case .sectionDescriptionItemCount(let section, let described, let reported):
            return "the description of section \(section) after the update has \(Self.count(described, "item")), but the data source reports \(reported)"
        case .invalidSectionDescription(let section, let error):
            return "the description of section \(section) after the update is invalid: \(error)"
        case .limitExceeded(let error):
            return "the update would take the list past its limits: \(error)"
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// "are only 3 sections after the update", "was only 1 section before the update".
    static func are(_ n: Int, _ noun: String, after: Bool) -> String {
        after
            ? "\(n == 1 ? "is" : "are") only \(count(n, noun)) after the update"
            : "\(n == 1 ? "was" : "were") only \(count(n, noun)) before the update"
    }
}

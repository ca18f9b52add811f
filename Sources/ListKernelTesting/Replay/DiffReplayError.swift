/// Why a batch can't be applied: it breaks one of UIKit's batch-update rules, the way
/// `performBatchUpdates` would reject it with an `NSInternalInconsistencyException`.
///
/// ```swift
/// let diff = LinearDiff(countBefore: 2, countAfter: 2, deleted: [5])
/// do { _ = try diff.replay(on: ["a", "b"], newElement: { _ in "x" }) } catch {
///     print(error)  // index out of range: delete at element 5, but the before-state has 2 elements
/// }
/// ```
///
/// `rule` says which rule was broken (for tests and for a host that wants to branch);
/// `description` names the indexes and counts involved.
///
/// - Complexity: every member is O(1).
public struct DiffReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A UIKit batch-update rule a batch can break.
    ///
    /// - Complexity: every member is O(1).
    public struct Rule: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case shapeMismatch, indexOutOfRange, indexReused, countMismatch
            case changeInDeletedSection, changeInInsertedSection, inconsistentContentChange
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The collection given to replay does not have the shape (counts) the batch was
        /// computed for.
        public static let shapeMismatch = Rule(.shapeMismatch)
        /// An index is outside its state: a before-state index beyond the old counts, or an
        /// after-state index beyond the new counts.
        public static let indexOutOfRange = Rule(.indexOutOfRange)
        /// One index is used twice where it may be used once: deleted twice, deleted and
        /// moved, inserted and a move destination, two moves to one place, two content changes.
        public static let indexReused = Rule(.indexReused)
        /// A section's (or the collection's) count after the batch does not equal its count
        /// before plus inserts minus deletes plus moves in minus moves out.
        public static let countMismatch = Rule(.countMismatch)
        /// An item change inside a section the same batch deletes (its items go with it).
        public static let changeInDeletedSection = Rule(.changeInDeletedSection)
        /// An item change inside a section the same batch inserts (its items come with it).
        public static let changeInInsertedSection = Rule(.changeInInsertedSection)
        /// A content change whose before-state and after-state indexes do not address the
        /// same element, that addresses a deleted or inserted one, or a section change that
        /// is not a reload.
        public static let inconsistentContentChange = Rule(.inconsistentContentChange)

        /// The rule's name.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch base {
            case .shapeMismatch: "shape mismatch"
            case .indexOutOfRange: "index out of range"
            case .indexReused: "index reused"
            case .countMismatch: "count mismatch"
            case .changeInDeletedSection: "change in deleted section"
            case .changeInInsertedSection: "change in inserted section"
            case .inconsistentContentChange: "inconsistent content change"
            }
        }
    }

    /// The rule the batch breaks.
    public let rule: Rule
    /// What was wrong, naming the indexes and counts: `rule: detail`.
    public let description: String

    /// Creates an error for `rule`, described by `detail`.
    ///
    /// - Complexity: O(1).
    public init(_ rule: Rule, _ detail: String) {
        self.rule = rule
        self.description = "\(rule): \(detail)"
    }
}

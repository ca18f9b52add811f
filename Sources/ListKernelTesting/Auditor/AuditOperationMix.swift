/// How often a random audit run draws each kind of operation: a weight per kind, 0 to switch
/// a kind off. A weight counts against the sum of all weights: with the defaults (110 in
/// all), scrolls are 33 of every 110 operations.
///
/// ```swift
/// var auditor = StaleStateAuditor { MessagesAudit() }
/// auditor.mix.lateResults = 0          // a front end without async content
/// auditor.mix.reconfigures *= 4        // stress display-time state
/// ```
///
/// - Complexity: every member is O(1).
public struct AuditOperationMix: Hashable, Sendable, CustomStringConvertible {
    /// Scrolls by up to 300 points, jumps anywhere, and `scrollToItem` (`.scroll`,
    /// `.scrollToItem`).
    public var scrolls = 33
    /// Viewport size, inset and overscan changes (`.resize`).
    public var resizes = 3
    /// Self-sizing measurements (`.measure`).
    public var measurements = 8
    /// Header taps and multi-section folds (`.tapHeader`, `.fold`).
    public var folds = 10
    /// Expand-button taps (`.toggleExpansion`).
    public var expansions = 6
    /// Cell taps and selection by code (`.tapItem`, `.select`).
    public var selections = 6
    /// Structural batch updates: inserts, deletes and moves of items and sections
    /// (`.update`). With ``reconfigures`` above 0, some are reloads too.
    public var updates = 14
    /// A displayed item's content changing in place: a reconfigure, or a reload
    /// (`.update(.reconfigureItem)`, `.update(.reloadItem)`). At 0, no update or snapshot
    /// changes content either (the version bumps nothing but these).
    public var reconfigures = 4
    /// Several changes applied through a snapshot difference (`.applySnapshot`).
    public var snapshots = 7
    /// Pending image loads delivered, in any order, often after their view was rebound
    /// (`.completeLoads`).
    public var lateResults = 14
    /// `reloadData` (`.reloadData`).
    public var reloads = 2
    /// Memory warnings that drop the pooled views (`.purgePool`).
    public var purges = 3

    /// The default mix.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The default mix.
    public static let `default` = AuditOperationMix()

    /// The weights by name, in the order the properties are declared.
    var weights: [(name: String, weight: Int)] {
        [("scrolls", scrolls), ("resizes", resizes), ("measurements", measurements), ("folds", folds),
         ("expansions", expansions), ("selections", selections), ("updates", updates), ("reconfigures", reconfigures),
         ("snapshots", snapshots), ("lateResults", lateResults), ("reloads", reloads), ("purges", purges)]
    }

    /// The most a weight may be, so their sum stays far from overflowing.
    static var maximumWeight: Int { 1 << 30 }

    /// Throws ``AuditError/Kind/invalidConfiguration`` for a negative or huge weight, or
    /// when every weight is 0.
    func validate() throws(AuditError) {
        for (name, weight) in weights where weight < 0 || weight > AuditOperationMix.maximumWeight {
            throw AuditError(.invalidConfiguration, message: "mix.\(name) is \(weight); a weight must be from 0 to \(AuditOperationMix.maximumWeight)")
        }
        guard weights.contains(where: { $0.weight > 0 }) else {
            throw AuditError(.invalidConfiguration, message: "every weight of the mix is 0; at least one kind of operation must be on")
        }
    }

    /// `scrolls 33, resizes 3, …`, leaving out kinds switched off.
    ///
    /// - Complexity: O(1).
    public var description: String {
        weights.filter { $0.weight > 0 }.map { "\($0.name) \($0.weight)" }.joined(separator: ", ")
    }
}

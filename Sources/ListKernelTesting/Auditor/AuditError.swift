public import ListKernel

/// A misuse of the auditor's API: a world, a setting or an operation it can't run, named
/// with the numbers. The auditor throws it instead of trapping; nothing has run.
///
/// ```swift
/// var auditor = StaleStateAuditor { MessagesAudit() }
/// auditor.invariantCheckInterval = 0
/// try auditor.run(seed: 1, operations: 100)
/// // invalidConfiguration: invariantCheckInterval is 0; it must be at least 1
/// ```
///
/// - Complexity: every member is O(1) except `description`, O(length of the message).
public struct AuditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong. A struct over a private enum, so a new case does not break a `switch`;
    /// compare with `==` against the static members.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case invalidWorld, invalidConfiguration, invalidOperation, setupRejected
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The world has a count, an extent or a viewport value out of range.
        public static let invalidWorld = Kind(.invalidWorld)
        /// An auditor setting is out of range (operation count, mix weights, check interval,
        /// shrink budget).
        public static let invalidConfiguration = Kind(.invalidConfiguration)
        /// An operation carries a value no list accepts (an offset that is not finite or
        /// beyond `ListLimits.maximumViewportValue`).
        public static let invalidOperation = Kind(.invalidOperation)
        /// The list rejected the adapter's registrations or the world's first passes
        /// (``AuditError/listError`` says why).
        public static let setupRejected = Kind(.setupRejected)

        /// The kind's name, as `AuditError.Kind.invalidWorld` spells it.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch value {
            case .invalidWorld: "invalidWorld"
            case .invalidConfiguration: "invalidConfiguration"
            case .invalidOperation: "invalidOperation"
            case .setupRejected: "setupRejected"
            }
        }
    }

    /// What was wrong.
    public var kind: Kind
    /// A sentence naming the value, its limit and where it was.
    public var message: String
    /// The list's error, for ``Kind/setupRejected``.
    public var listError: ListError?
    /// Whether a ``Kind/setupRejected`` came from the world's first reload or passes (the
    /// kernel rejecting a valid world: a run reports it as a failure) rather than from the
    /// adapter's registrations (the adapter's mistake: a run throws it).
    var rejectsTheWorld = false

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(_ kind: Kind, message: String, listError: ListError? = nil) {
        self.kind = kind
        self.message = message
        self.listError = listError
    }

    /// `kind: message`.
    ///
    /// - Complexity: O(length of the message).
    public var description: String { "\(kind): \(message)" }
}

extension AuditWorld {
    /// The most sections a world may start with.
    static var maximumSections: Int { 10_000 }
    /// The most items a world may start with, in all.
    static var maximumItems: Int { 1_000_000 }
    /// The largest extent a world may give a header, footer or item.
    static var maximumExtent: Double { 100_000 }

    /// Throws ``AuditError/Kind/invalidWorld`` naming the first value out of range.
    ///
    /// - Complexity: O(sections).
    func validate() throws(AuditError) {
        func fail(_ message: String) -> AuditError { AuditError(.invalidWorld, message: message) }
        func checkExtent(_ value: Double?, _ what: @autoclosure () -> String) throws(AuditError) {
            guard let value else { return }
            guard value.isFinite, value >= 0, value <= AuditWorld.maximumExtent else {
                throw fail("\(what()) is \(value); it must be finite, from 0 to \(Int(AuditWorld.maximumExtent))")
            }
        }
        guard sections.count <= AuditWorld.maximumSections else {
            throw fail("the world has \(sections.count) sections; at most \(AuditWorld.maximumSections)")
        }
        var items = 0
        for (index, section) in sections.enumerated() {
            guard section.itemCount >= 0 else { throw fail("section \(index) has \(section.itemCount) items; a count can't be negative") }
            items += min(section.itemCount, AuditWorld.maximumItems + 1)
            guard items <= AuditWorld.maximumItems else {
                throw fail("the world has more than \(AuditWorld.maximumItems) items (section \(index) has \(section.itemCount))")
            }
            try checkExtent(section.header, "section \(index)'s header extent")
            try checkExtent(section.footer, "section \(index)'s footer extent")
            try checkExtent(section.itemExtent.points, "section \(index)'s item extent")
            try checkExtent(section.measuredExtent, "section \(index)'s measured item extent")
        }
        for (name, value) in [("offset", viewport.offset), ("size", viewport.size), ("top inset", viewport.insets.top),
                              ("bottom inset", viewport.insets.bottom), ("overscan ahead", viewport.overscan.ahead),
                              ("overscan behind", viewport.overscan.behind), ("prefetch distance", prefetchDistance)] {
            guard value.isFinite, abs(value) < ListLimits.maximumViewportValue else {
                throw fail("the viewport's \(name) is \(value); it must be finite and below \(ListLimits.maximumViewportValue) in magnitude")
            }
        }
        if let poolCapacity, poolCapacity < 0 {
            throw fail("the pool capacity is \(poolCapacity); it can't be negative")
        }
    }
}

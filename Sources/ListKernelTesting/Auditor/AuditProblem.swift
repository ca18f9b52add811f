public import ListKernel

/// One thing the auditor found wrong after an operation, naming the element and the values
/// involved.
///
/// ```text
/// staleContent: item [0, 4] (identifier 7 in section 0, version 1) is displayed by view #3 (item) showing subtitle "Lunch at noon?", expected nil
/// ```
///
/// - Complexity: every member is O(1) except `description`.
public struct AuditProblem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of check failed. A struct over a private enum, so a new check does not break
    /// a `switch`; compare with `==` against the static members.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case staleContent, displayedTwice, poolState, unpairedCallbacks, lateAsyncResult
            case wrongTapTarget, staleBinding, modelMismatch, layoutMismatch, anchorMoved, kernelError, invalidOperation
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A displayed view shows something other than its element's current content.
        public static let staleContent = Kind(.staleContent)
        /// One view is displayed for two elements, or one element appears twice.
        public static let displayedTwice = Kind(.displayedTwice)
        /// Displayed and pooled views overlap, or the pool's states disagree with the display.
        public static let poolState = Kind(.poolState)
        /// `willDisplay`, `didEndDisplaying`, `configure` and `prepareForReuse` arrived out of
        /// order (unpaired, for the wrong element, prepare of a displayed view).
        public static let unpairedCallbacks = Kind(.unpairedCallbacks)
        /// A late asynchronous result changed a view that had been rebound since the request.
        public static let lateAsyncResult = Kind(.lateAsyncResult)
        /// Tapping a header would fold another section than the one it is displayed for, or
        /// tapping a cell would select another item than the one it shows.
        public static let wrongTapTarget = Kind(.wrongTapTarget)
        /// A displayed element's binding is not current.
        public static let staleBinding = Kind(.staleBinding)
        /// The list's counts or fold state disagree with the model.
        public static let modelMismatch = Kind(.modelMismatch)
        /// A displayed element's frame is not its frame in the layout, or an element the
        /// viewport shows has no view.
        public static let layoutMismatch = Kind(.layoutMismatch)
        /// A measurement moved the element the user looks at.
        public static let anchorMoved = Kind(.anchorMoved)
        /// The kernel rejected a call that was valid for the model.
        public static let kernelError = Kind(.kernelError)
        /// A hand-driven operation carries a value no list accepts; it was not performed
        /// (``AuditOperation/validationError``).
        public static let invalidOperation = Kind(.invalidOperation)

        /// The check's name, as `AuditProblem.Kind.staleContent` spells it.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch value {
            case .staleContent: "staleContent"
            case .displayedTwice: "displayedTwice"
            case .poolState: "poolState"
            case .unpairedCallbacks: "unpairedCallbacks"
            case .lateAsyncResult: "lateAsyncResult"
            case .wrongTapTarget: "wrongTapTarget"
            case .staleBinding: "staleBinding"
            case .modelMismatch: "modelMismatch"
            case .layoutMismatch: "layoutMismatch"
            case .anchorMoved: "anchorMoved"
            case .kernelError: "kernelError"
            case .invalidOperation: "invalidOperation"
            }
        }
    }

    /// The check that failed.
    public var kind: Kind
    /// The element concerned, if one is.
    public var element: ListElement?
    /// The part of the rendered value that differs (`subtitle`, `badge`, `isFolded`), as
    /// the adapter's `Rendered` type names it, for content problems.
    public var part: String?
    /// The stale or wrong value found (`"Lunch at noon?"`, `true`, `section 1`), if there is
    /// one.
    public var found: String?
    /// The value the model asks for, if there is one: always a value, never "what was there
    /// before" (`nil` is printed as `nil`, meaning the part must be empty).
    public var expected: String?
    /// A sentence naming the element, the view and the values.
    public var message: String

    /// Creates a problem.
    ///
    /// - Complexity: O(1).
    public init(_ kind: Kind, element: ListElement? = nil, part: String? = nil, found: String? = nil, expected: String? = nil, message: String) {
        self.kind = kind
        self.element = element
        self.part = part
        self.found = found
        self.expected = expected
        self.message = message
    }

    /// `problems` without repeats, in order (a callback and the check after it may find the
    /// same thing).
    static func unique(_ problems: [AuditProblem]) -> [AuditProblem] {
        var seen = Set<AuditProblem>()
        return problems.filter { seen.insert($0).inserted }
    }

    /// `kind: message`.
    ///
    /// - Complexity: O(length of the message).
    public var description: String { "\(kind): \(message)" }
}

@_spi(ListKernelTesting) public import ListKernelCore

/// A call on a ``ReusePool`` that the pool rejected; the pool's state is exactly as it was
/// before the call.
///
/// Every message names the reuse identifier, the kind and, for lifecycle calls, the view's
/// state:
///
/// ```text
/// no view is registered for reuse identifier 'Cell' of kind item (registered: 'cell', 'header')
/// cannot enqueue a view of reuse identifier 'cell' of kind item: it is displayed, and a displayed view is never in the pool (call didEndDisplaying first)
/// ```
///
/// - Complexity: every member is O(1), except `description`, which is linear in the number
///   of identifiers it lists.
public enum ReuseError: Error, CustomStringConvertible, Equatable {
    /// A reuse identifier was empty.
    case emptyIdentifier(kind: ElementKind)
    /// Nothing is registered for `identifier` of `kind`. `registered` lists the identifiers
    /// registered for `kind` (sorted); `registeredForOtherKinds` lists the other kinds that
    /// have `identifier` registered (sorted by name), the usual cause of this mistake.
    case notRegistered(
        identifier: String, kind: ElementKind, registered: [String], registeredForOtherKinds: [ElementKind])
    /// A capacity was negative.
    case invalidCapacity(Int, identifier: String, kind: ElementKind)
    /// `operation` is not legal from the view's current `state` (see
    /// ``ReuseOperation/isLegal(from:)``); `identifier` and `kind` are the view's.
    case illegalTransition(ReuseOperation, identifier: String, kind: ElementKind, state: ReuseState)
    /// `operation` was called with a view this pool does not track: it never made it, or it
    /// was discarded. `viewType` is the view's dynamic type.
    case untrackedView(ReuseOperation, viewType: String)
    /// The factory for `identifier` of `kind` returned a view the pool already tracks (in
    /// `state`) instead of a new one; the pool kept nothing from the call.
    case factoryReturnedTrackedView(identifier: String, kind: ElementKind, state: ReuseState)

    /// A sentence naming the identifier, the kind and the state involved.
    ///
    /// - Complexity: O(r), where r is the number of identifiers listed.
    public var description: String {
        switch self {
        case .emptyIdentifier(let kind):
            return "a reuse identifier must not be empty (kind \(kind))"
        case .notRegistered(let identifier, let kind, let registered, let otherKinds):
            let list = registered.isEmpty ? "none" : registered.map { "'\($0)'" }.joined(separator: ", ")
            var message = "no view is registered for reuse identifier '\(identifier)' of kind \(kind) (registered: \(list))"
            if !otherKinds.isEmpty {
                let kinds = otherKinds.map(\.name).joined(separator: ", ")
                message += "; '\(identifier)' is registered for kind \(kinds)"
            }
            return message
        case .invalidCapacity(let capacity, let identifier, let kind):
            return "capacity \(capacity) for reuse identifier '\(identifier)' of kind \(kind) is negative; a capacity is 0 or more"
        case .illegalTransition(let operation, let identifier, let kind, let state):
            let subject = "cannot \(operation) a view of reuse identifier '\(identifier)' of kind \(kind)"
            switch (operation, state) {
            case (.enqueue, .displayed):
                return "\(subject): it is displayed, and a displayed view is never in the pool (call didEndDisplaying first)"
            case (.enqueue, .pooled):
                return "\(subject): it is already pooled (enqueued twice)"
            default:
                let legal = operation.legalStates.map(\.description).joined(separator: " or ")
                return "\(subject): it is \(state), and \(operation) is legal only when it is \(legal)"
            }
        case .untrackedView(let operation, let viewType):
            return "cannot \(operation) a view of type \(viewType): this pool does not track it (state untracked: never made by this pool, or discarded)"
        case .factoryReturnedTrackedView(let identifier, let kind, let state):
            return "the factory for reuse identifier '\(identifier)' of kind \(kind) returned a view the pool already tracks (state \(state)); a factory must return a new view"
        }
    }
}

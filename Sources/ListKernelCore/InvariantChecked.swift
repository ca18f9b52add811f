// One invariant-check convention for every kernel structure:
//
//   _checkInvariantsNow()   the check itself: recomputes what the structure caches or
//                           promises from scratch and traps on any disagreement; any build,
//                           for tests and the auditor;
//   _checkInvariants()      what a mutation calls when it is done: the check in debug builds
//                           unless `InvariantChecks.areSuspended`, nothing in release builds.
//
// A structure states its invariants once, in `_checkInvariantsNow()` (for the public
// structures in a file of its own, `<Type>+Invariants.swift`), and conforms to
// `InvariantChecked`; the second function comes from here, so no structure gets the
// debug-only or the suspension rule wrong. A structure that is part of another (a section's
// extents, the section tree) is checked by its owner's `_checkInvariantsNow()`.

/// A kernel structure that checks its own invariants (see the convention above).
@usableFromInline
package protocol InvariantChecked {
    /// Recomputes the structure's invariants from scratch and traps if one fails, in any
    /// build.
    func _checkInvariantsNow()
}

extension InvariantChecked {
    /// Runs `_checkInvariantsNow()` after a mutation in debug builds, unless the checks are
    /// suspended (`InvariantChecks.areSuspended`); compiled out of release builds.
    ///
    /// - Complexity: the check's in debug builds; O(1) in release builds.
    @usableFromInline
    package func _checkInvariants() {
        #if DEBUG
        if !InvariantChecks.areSuspended { _checkInvariantsNow() }
        #endif
    }
}

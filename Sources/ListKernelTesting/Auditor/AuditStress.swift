import Foundation

/// How much random work long tests do, read from the environment so a slow configuration
/// (an address-sanitized CI run) can do less of the same work.
///
/// `LISTKERNEL_STRESS_SCALE` multiplies operation counts: `0.1` runs a tenth, `1` (the
/// default, also for a missing or unreadable value) all of them.
///
/// ```swift
/// let operations = AuditStress.scaled(12_500)   // 1,250 under LISTKERNEL_STRESS_SCALE=0.1
/// ```
///
/// - Complexity: every member is O(1).
public enum AuditStress {
    /// The factor from `LISTKERNEL_STRESS_SCALE`, or 1. Read once, at first use (a process's
    /// environment is copied into a new dictionary on every read).
    ///
    /// - Complexity: O(1).
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["LISTKERNEL_STRESS_SCALE"],
              let value = Double(text), value.isFinite, value > 0 else { return 1 }
        return value
    }()

    /// `count` times the scale, at least 1.
    ///
    /// - Complexity: O(1).
    public static func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }

    /// Whether `LISTKERNEL_AUDIT_TRACE` is set: the auditor then prints every operation to
    /// standard error before performing it, so a run that traps inside the kernel (a broken
    /// invariant is a `precondition`, which no test can catch) shows the seed and step. Read
    /// once, at first use: the auditor asks before every operation, and a read of the
    /// environment copies all of it (8% of an audit run when it was read every time).
    ///
    /// - Complexity: O(1).
    public static let isTracing: Bool = ProcessInfo.processInfo.environment["LISTKERNEL_AUDIT_TRACE"] != nil

    static func trace(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

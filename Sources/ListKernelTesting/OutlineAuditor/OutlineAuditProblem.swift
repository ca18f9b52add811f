public import ListKernel

/// One thing wrong after a step of an outline audit: a part a displayed view shows that is
/// not what its row says (`depth`, `title`, `isExpanded`, `isLoading`, named by the
/// adapter's `Rendered`), or a kernel mismatch with the reference model (``isKernelMismatch``).
///
/// ```swift
/// // view #4 at section 0 row 3 (node 17): indent shows 2, should show 0
/// ```
///
/// - Complexity: every member is O(1), except `description`, O(its text).
public struct OutlineAuditProblem: Hashable, Sendable, CustomStringConvertible {
    /// The row the view is displayed for, if the problem is about a row.
    public var row: ItemPath?
    /// The view's serial (views are numbered in the order the auditor made them), if the
    /// problem is about a view.
    public var viewSerial: Int?
    /// What the row shows: `node 17`, `placeholder of node 4`.
    public var subject: String
    /// The part that differs: a path into `Rendered` (`indent`, `arrow.isExpanded`), or for
    /// a kernel mismatch `status`, `rowCount`, `configuration`, `reuseIdentifier`, `listError`.
    public var part: String
    /// What it shows (or what the kernel said).
    public var found: String
    /// What it should show (or what the reference model says).
    public var expected: String
    /// Whether the kernel disagrees with the reference model (not the adapter's fault).
    public var isKernelMismatch: Bool

    /// A problem.
    ///
    /// - Complexity: O(1).
    public init(row: ItemPath?, viewSerial: Int?, subject: String, part: String, found: String, expected: String, isKernelMismatch: Bool) {
        self.row = row
        self.viewSerial = viewSerial
        self.subject = subject
        self.part = part
        self.found = found
        self.expected = expected
        self.isKernelMismatch = isKernelMismatch
    }

    /// `view #4 at section 0 row 3 (node 17): indent shows 2, should show 0`.
    ///
    /// - Complexity: O(its text).
    public var description: String {
        var text = viewSerial.map { "view #\($0)" } ?? (isKernelMismatch ? "kernel" : "list")
        if let row { text += " at section \(row.section) row \(row.item)" }
        if !subject.isEmpty { text += " (\(subject))" }
        return text + ": \(part) shows \(found), should show \(expected)"
    }
}

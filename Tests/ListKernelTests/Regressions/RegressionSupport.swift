import Testing
import ListKernel
import ListKernelTesting

/// Shared pieces of the regression tests: every scenario runs through an `AuditSession`, so
/// each step is also checked for stale content, pairing and pool state.
enum Regression {
    /// Performs `operations`, collecting every problem; `observe` runs after each one.
    static func perform<FrontEnd>(
        _ operations: [AuditOperation], on session: AuditSession<FrontEnd>, observe: () -> Void = {}
    ) -> [AuditProblem] {
        operations.flatMap { operation in
            let problems = session.perform(operation)
            observe()
            return problems
        }
    }

    /// Scroll steps from the current offset to `end`, `step` points apart.
    static func scrolls(from start: Double, to end: Double, step: Double) -> [AuditOperation] {
        var operations: [AuditOperation] = []
        var offset = start
        while offset != end {
            offset = start < end ? min(end, offset + step) : max(end, offset - step)
            operations.append(.scroll(to: offset))
        }
        return operations
    }
}

/// Counts `prepareForReuse` per view, for the reload-versus-reconfigure rule.
final class PrepareCountingFrontEnd: AuditReferenceFrontEnd {
    var prepared: [Int: Int] = [:]

    override func prepareForReuse(_ view: AuditView) {
        prepared[view.serial, default: 0] += 1
    }
}

import Foundation
import Testing
import ListKernel
import ListKernelTesting

/// The outline auditor: a correct row view passes long random runs; the outline analogues of
/// the seeds' reuse bugs are caught and shrunk to short reproducers; bad settings throw.
@Suite struct OutlineAuditorTests {
    /// A tree row view. `Bug` switches on one deliberate reuse bug in its configure code.
    final class TreeRow {
        enum Bug { case none, indentOnlyWhenNested, arrowOnlyWhenExpandable, loadingNeverCleared, skipsWhenShowingTheSameNode }
        let bug: Bug
        var label = ""
        var indent = 0
        var arrow: String?
        var isLoading = false
        var shownNode: OutlineRowKind<Int>?

        init(bug: Bug) { self.bug = bug }

        func apply(_ row: OutlineRowConfiguration<Int>, title: String) {
            // "This view already shows this node": skips a reconfigure (an expand, a move).
            if bug == .skipsWhenShowingTheSameNode, shownNode == row.kind { return }
            shownNode = row.kind
            let isPlaceholder = if case .placeholder = row.kind { true } else { false }
            label = isPlaceholder ? "loading…" : title
            if bug != .indentOnlyWhenNested || row.depth > 0 { indent = row.depth }
            if bug != .arrowOnlyWhenExpandable || row.isExpandable { arrow = row.isExpandable ? (row.isExpanded ? "▾" : "▸") : nil }
            let loading = isPlaceholder || row.loadState == .loading
            if bug != .loadingNeverCleared || loading { isLoading = loading }
        }
    }

    struct TreeShown: Equatable {
        var label: String
        var indent: Int
        var arrow: String?
        var isLoading: Bool
    }

    struct TreeAudit: OutlineAuditAdapter {
        var bug = TreeRow.Bug.none
        func makeItemView() -> TreeRow { TreeRow(bug: bug) }
        func makePlaceholderView() -> TreeRow { TreeRow(bug: bug) }
        func configure(_ view: TreeRow, with row: OutlineRowConfiguration<Int>, title: String) { view.apply(row, title: title) }
        func rendered(_ view: TreeRow) -> TreeShown { TreeShown(label: view.label, indent: view.indent, arrow: view.arrow, isLoading: view.isLoading) }
        func expected(for row: OutlineRowConfiguration<Int>, title: String) -> TreeShown {
            switch row.kind {
            case .placeholder: TreeShown(label: "loading…", indent: row.depth, arrow: nil, isLoading: true)
            case .item:
                TreeShown(label: title, indent: row.depth, arrow: row.isExpandable ? (row.isExpanded ? "▾" : "▸") : nil,
                          isLoading: row.loadState == .loading)
            }
        }
    }

    @Test func aCorrectRowViewPassesLongRandomRuns() throws {
        var statuses: [String: Int] = [:]
        for seed in 1...5 as ClosedRange<UInt64> {
            let report = try OutlineStaleStateAuditor { TreeAudit() }.run(seed: seed, operations: 2_000)
            #expect(report.failure == nil, "\(report)")
            for name in ["expand", "collapse", "move", "insert", "delete", "answer", "failLoad", "scroll", "resize"] {
                #expect(report.operationsByName[name, default: 0] > 0, "seed \(seed) ran no \(name)")
            }
            statuses.merge(report.statuses, uniquingKeysWith: +)
        }
        // Loads answered on time and after their node was collapsed (applied), twice, after
        // the node was removed, failed; recursive and plain toggles; moves, also refused ones.
        for status in ["expanded", "collapsed", "applied", "moved", "dropped: the request was already answered",
                       "dropped: the node was removed after the request", "the load failed: the node is unloaded and collapsed", "cycle"] {
            #expect(statuses[status, default: 0] > 0, "no run ended an operation with \(status): \(statuses)")
        }
    }

    @Test(arguments: [
        (TreeRow.Bug.indentOnlyWhenNested, "indent"),
        (.arrowOnlyWhenExpandable, "arrow"),
        (.loadingNeverCleared, "isLoading"),
        (.skipsWhenShowingTheSameNode, nil),
    ] as [(TreeRow.Bug, String?)])
    func aReuseBugIsCaught_withAShortReproducer(bug: TreeRow.Bug, part: String?) throws {
        var caught = 0
        var figures: [String] = []
        for seed in 1...5 as ClosedRange<UInt64> {
            let auditor = OutlineStaleStateAuditor { TreeAudit(bug: bug) }
            let report = try auditor.run(seed: seed, operations: 3_000)
            guard let failure = report.failure else {
                figures.append("seed \(seed): not caught")
                continue
            }
            figures.append("seed \(seed): caught at operation \(failure.unreducedCount), reproducer \(failure.operations.count)")
            #expect(failure.problems.contains { (part == nil || $0.part == part) && !$0.isKernelMismatch }, "\(failure)")
            #expect(!failure.problems.contains { $0.isKernelMismatch }, "\(failure)")
            let replayed = try auditor.replay(seed: seed, operations: failure.operations)
            #expect(replayed?.problems.contains { part == nil || $0.part == part } == true, "the reproducer fails again")
            if failure.operations.count <= 10 { caught += 1 }
        }
        print("outline audit \(bug): \(figures.joined(separator: "; "))")
        #expect(caught >= 4, "\(bug): \(figures)")
    }

    @Test func aFailureNamesTheSeedTheStepTheViewThePartAndAReplayCall() throws {
        let report = try OutlineStaleStateAuditor { TreeAudit(bug: .arrowOnlyWhenExpandable) }.run(seed: 1, operations: 3_000)
        let failure = try #require(report.failure)
        let text = "\(failure)"
        #expect(text.contains("seed 1"))
        #expect(text.contains("step \(failure.step)"))
        #expect(text.contains("view #"))
        #expect(text.contains("arrow shows"))
        #expect(text.contains("let failure = try auditor.replay(seed: 1, operations: ["))
        #expect(text.contains("OutlineStaleStateAuditor<TreeAudit>"))
    }

    @Test func badSettingsAndOperationsThrowTypedErrors_andNothingRuns() {
        var auditor = OutlineStaleStateAuditor { TreeAudit() }
        #expect(throws: AuditError.self) { try auditor.run(seed: 1, operations: -1) }
        auditor.viewportSize = .nan
        #expect { try auditor.run(seed: 1, operations: 10) } throws: { ($0 as? AuditError)?.kind == .invalidConfiguration }
        auditor.viewportSize = 300
        auditor.initialNodeCount = -3
        #expect { try auditor.run(seed: 1, operations: 10) } throws: { ($0 as? AuditError)?.kind == .invalidConfiguration }
        auditor.initialNodeCount = 30
        auditor.invariantCheckInterval = 0
        #expect { try auditor.run(seed: 1, operations: 10) } throws: { ($0 as? AuditError)?.kind == .invalidConfiguration }
        auditor.invariantCheckInterval = 64
        auditor.shrinkBudget = -1
        #expect { try auditor.run(seed: 1, operations: 10) } throws: { ($0 as? AuditError)?.kind == .invalidConfiguration }
        auditor.shrinkBudget = 0
        #expect { try auditor.replay(seed: 1, operations: [.scroll(to: .infinity)]) } throws: { ($0 as? AuditError)?.kind == .invalidOperation }
        #expect { try auditor.replay(seed: 1, operations: [.insert(under: nil, section: 0, at: 0, count: 0)]) } throws: { ($0 as? AuditError)?.kind == .invalidOperation }
        #expect { try auditor.replay(seed: 1, operations: [.expand(row: -1, recursive: false)]) } throws: { ($0 as? AuditError)?.kind == .invalidOperation }
    }

    @Test func anEmptyWorldAndPicksBeyondTheRowsDoNotTrap() throws {
        var auditor = OutlineStaleStateAuditor { TreeAudit() }
        auditor.initialNodeCount = 0
        let failure = try auditor.replay(seed: 7, operations: [
            .expand(row: 99, recursive: true), .delete(row: 5), .answer(request: 3, children: 2), .failLoad(request: 1),
            .move(row: 4, under: 8, at: 9), .insert(under: 40, section: 7, at: 100, count: 3), .scroll(to: 1e6), .resize(size: 1),
        ])
        #expect(failure == nil, "\(String(describing: failure))")
        #expect(try auditor.run(seed: 7, operations: 300).failure == nil)
    }
}

extension OutlineAuditorTests {
    /// The reproducer the auditor printed for the indentation bug on seed 1, pasted as a
    /// named test: the buggy row fails it, the correct one passes it.
    @Test func outlineAuditDiscovered01_aRowCollapsedAboveKeepsTheDeeperIndentation() throws {
        let operations: [OutlineAuditOperation] = [
            .collapse(row: 6, recursive: false), .delete(row: 0), .scroll(to: 9.0), .collapse(row: 6, recursive: false),
        ]
        let auditor = OutlineStaleStateAuditor { TreeAudit(bug: .indentOnlyWhenNested) }
        let failure = try #require(try auditor.replay(seed: 1, operations: operations))
        #expect(failure.step == 3 && failure.problems.map(\.part) == ["indent"])
        #expect(try OutlineStaleStateAuditor { TreeAudit() }.replay(seed: 1, operations: operations) == nil)
    }
}

extension OutlineAuditorTests {
    /// A seed is the same run every time: the same operations, the same failure and the
    /// same reproducer (the model's dictionaries iterate in an order that changes per
    /// instance; nothing the run picks may depend on it).
    @Test func aSeedIsTheSameRunEveryTime() throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let correct = OutlineStaleStateAuditor { TreeAudit() }
            #expect(try correct.run(seed: seed, operations: 400).operations == correct.run(seed: seed, operations: 400).operations)
            let buggy = OutlineStaleStateAuditor { TreeAudit(bug: .loadingNeverCleared) }
            let first = try #require(try buggy.run(seed: seed, operations: 3_000).failure)
            let second = try #require(try buggy.run(seed: seed, operations: 3_000).failure)
            #expect(first.operations == second.operations && first.unreducedCount == second.unreducedCount)
        }
    }
}

extension OutlineAuditorTests {
    /// Docs/Testing.md's failure example ("Outlines") is what the auditor prints for the
    /// indentation bug on seed 1.
    @Test func theGuidesFailureExampleIsWhatTheAuditorPrints() throws {
        let failure = try #require(try OutlineStaleStateAuditor { TreeAudit(bug: .indentOnlyWhenNested) }.run(seed: 1, operations: 3_000).failure)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/Testing.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## Outlines\n").dropFirst().first)
        let example = try #require(section.components(separatedBy: "\n```\n").dropFirst(2).first)
        #expect(example == failure.description)
    }
}

import Foundation
import Testing
import ListKernel
import ListKernelTesting

// The outline example of Docs/Testing.md ("Outlines"), compiled and run as it stands there;
// `theGuidesOutlineSnippetIsThisFile` checks that every line of the guide's snippet is here.

// MARK: The guide's snippet

final class FolderRowView {
    var nameLabel = ""
    var indentation = 0              // levels
    var disclosure: String?          // "▸", "▾", or nil for a leaf
    var spinner = false              // "loading…"

    /// The app's configure code: the very code the audit runs.
    func configure(name: String, depth: Int, expandable: Bool, expanded: Bool, loading: Bool) {
        nameLabel = name
        indentation = depth
        disclosure = expandable ? (expanded ? "▾" : "▸") : nil
        spinner = loading
    }
}

/// Everything a folder row shows, as one value.
struct FolderRowShown: Equatable {
    var name: String
    var indentation: Int
    var disclosure: String?
    var isLoading: Bool
}

struct FolderRowAudit: OutlineAuditAdapter {
    func makeItemView() -> FolderRowView { FolderRowView() }
    func makePlaceholderView() -> FolderRowView { FolderRowView() }

    func configure(_ view: FolderRowView, with row: OutlineRowConfiguration<Int>, title: String) {
        let isPlaceholder = if case .placeholder = row.kind { true } else { false }
        view.configure(name: isPlaceholder ? "loading…" : title, depth: row.depth, expandable: row.isExpandable,
                       expanded: row.isExpanded, loading: isPlaceholder || row.loadState == .loading)
    }

    func rendered(_ view: FolderRowView) -> FolderRowShown {
        FolderRowShown(name: view.nameLabel, indentation: view.indentation, disclosure: view.disclosure, isLoading: view.spinner)
    }

    /// What a view showing `row` must show: written from the row, not through the app's code.
    func expected(for row: OutlineRowConfiguration<Int>, title: String) -> FolderRowShown {
        switch row.kind {
        case .placeholder:
            FolderRowShown(name: "loading…", indentation: row.depth, disclosure: nil, isLoading: true)
        case .item:
            FolderRowShown(name: title, indentation: row.depth, disclosure: row.isExpandable ? (row.isExpanded ? "▾" : "▸") : nil,
                           isLoading: row.loadState == .loading)
        }
    }
}

@Test(arguments: 1...3 as ClosedRange<UInt64>)
func folderRowsNeverShowAnotherNodesState(seed: UInt64) throws {
    let report = try OutlineStaleStateAuditor { FolderRowAudit() }.run(seed: seed, operations: 1_000)
    #expect(report.failure == nil, "\(report)")
}

// MARK: Keeping the guide true

@Suite struct OutlineTestingGuideTests {
    @Test func theGuidesOutlineSnippetIsThisFile() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/Testing.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## Outlines\n").dropFirst().first)
        let snippet = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let lines = source.components(separatedBy: "\n")
        for line in snippet.components(separatedBy: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(lines.contains(line), "Docs/Testing.md's outline snippet has a line this file lacks: \(line)")
        }
    }

}

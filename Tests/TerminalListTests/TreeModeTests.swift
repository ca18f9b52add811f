import Testing
import Foundation
import ListKernel
@testable import TerminalList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `listkernel-demo --tree PATH` on directories the tests build: nested folders listed as
/// they are expanded (on the loader's thread, "loading…" meanwhile), symbolic links and
/// their loops never followed, unreadable and vanished folders noted, bad paths refused.
struct TreeModeTests {
    /// Builds `spec` under `root`: a name ending in "/" is a folder, "name -> target" a
    /// symbolic link, anything else an empty file.
    static func build(_ spec: [String], in root: URL) throws {
        let manager = FileManager.default
        for entry in spec {
            if let arrow = entry.range(of: " -> ") {
                try manager.createSymbolicLink(atPath: root.appendingPathComponent(String(entry[..<arrow.lowerBound])).path,
                                               withDestinationPath: String(entry[arrow.upperBound...]))
            } else if entry.hasSuffix("/") {
                try manager.createDirectory(at: root.appendingPathComponent(entry), withIntermediateDirectories: true)
            } else {
                _ = manager.createFile(atPath: root.appendingPathComponent(entry).path, contents: Data())
            }
        }
    }

    static let spec = [
        "Alpha/", "Alpha/Deep/", "Alpha/Deep/er/", "Alpha/Deep/er/z.txt", "Alpha/a.txt",
        "Alpha/loop -> ..", "Alpha/self -> self", "Alpha/to-beta -> ../beta",
        "beta/", "beta/b.txt", "readme.md", "空のフォルダ/",
    ]

    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        DemoMainTests.run(arguments)
    }

    @Test func theFirstScreenListsTheRootAndEachKeyWaitsForTheFoldersBeingListed() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(TreeModeTests.spec, in: directory)
            let path = directory.path
            let first = TreeModeTests.run(["--tree", path, "--size", "100x9", "--script", ""])
            #expect(first.status == 0 && first.errors.isEmpty)
            // Sorted by name ignoring case; the root is the path as given.
            #expect(screenLines(first.output).prefix(6) == [
                line("> ▾ " + path, columns: 100),
                line("  ├ ▸ Alpha", columns: 100),
                line("  ├ ▸ beta", columns: 100),
                line("  ├   readme.md", columns: 100),
                line("  └ ▸ 空のフォルダ", columns: 100),
                line("", columns: 100),
            ])
            // Alpha: open, into a.txt, down to Deep, open, into er, open, then down to self.
            let script = "down right right down right right right down down down"
            let opened = TreeModeTests.run(["--tree", path, "--size", "100x14", "--script", script])
            #expect(opened.status == 0 && opened.errors.isEmpty)
            #expect(screenLines(opened.output).prefix(12) == [
                line("  ▾ " + path, columns: 100),
                line("  ├ ▾ Alpha", columns: 100),
                line("  │ ├   a.txt", columns: 100),
                line("  │ ├ ▾ Deep", columns: 100),
                line("  │ │ └ ▾ er", columns: 100),
                line("  │ │   └   z.txt", columns: 100),
                line("  │ ├   loop → ..", columns: 100),
                line("> │ ├   self → self", columns: 100),
                line("  │ └   to-beta → ../beta", columns: 100),
                line("  ├ ▸ beta", columns: 100),
                line("  ├   readme.md", columns: 100),
                line("  └ ▸ 空のフォルダ", columns: 100),
            ])
            // The same script gives the same screens, every frame.
            let frames = ["--tree", path, "--size", "100x14", "--frames", "--script", script]
            #expect(TreeModeTests.run(frames).output == TreeModeTests.run(frames).output)
        }
    }

    @Test func anEmptyFolderSaysSo() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(TreeModeTests.spec, in: directory)
            let result = TreeModeTests.run(["--tree", directory.path, "--size", "100x8", "--script", "G right down"])
            #expect(screenLines(result.output).prefix(5).last == line("> └ ▾ 空のフォルダ (empty)", columns: 100))
        }
    }

    @Test func whileAFolderIsListedItShowsLoadingAndTheAnswerReplacesIt() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(TreeModeTests.spec, in: directory)
            let tree = try DirectoryTree(path: directory.path)
            let session = try OutlineSession(content: tree, items: tree.rootItems, expanding: [DirectoryTree.rootID],
                                             size: TerminalSize(columns: 100, rows: 8), clock: { 0 })
            // The listing runs on the loader's thread; until it is delivered, here, the
            // outline shows the placeholder whatever that thread has done.
            #expect(session.rowTexts == ["▾ " + directory.path, "└   loading…"])
            #expect(session.hasPendingLoads && session.status.loading == 1)
            #expect(session.lines[6].contains("1 loading"))
            try session.settleLoads()
            #expect(!session.hasPendingLoads)
            #expect(session.rowTexts == ["▾ " + directory.path, "├ ▸ Alpha", "├ ▸ beta", "├   readme.md", "└ ▸ 空のフォルダ"])
        }
    }

    @Test func aSymbolicLinkLoopIsNeverEntered() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(["a/", "a/back -> ..", "a/here -> .", "a/ring1 -> ring2", "a/ring2 -> ring1"], in: directory)
            let tree = try DirectoryTree(path: directory.path)
            let session = try OutlineSession(content: tree, items: tree.rootItems, expanding: [DirectoryTree.rootID],
                                             size: TerminalSize(columns: 100, rows: 10), clock: { 0 })
            try session.settleLoads()
            try session.run("down right")
            try session.settleLoads()
            #expect(session.rowTexts == ["▾ " + directory.path, "└ ▾ a", "  ├   back → ..", "  ├   here → .",
                                         "  ├   ring1 → ring2", "  └   ring2 → ring1"])
            for id in 0..<session.outline.nodeCount where session.outline.contains(id) {
                if session.content.text(of: id).note?.hasPrefix("→") == true { #expect(!session.outline.isExpandable(id)) }
            }
        }
    }

    @Test func aFolderThatVanishedBeforeItWasOpenedIsNotedAndCollapsed_andOpeningItAgainRetries() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(["gone/", "gone/x"], in: directory)
            let tree = try DirectoryTree(path: directory.path)
            let session = try OutlineSession(content: tree, items: tree.rootItems, expanding: [DirectoryTree.rootID],
                                             size: TerminalSize(columns: 120, rows: 8), clock: { 0 })
            try session.settleLoads()
            try FileManager.default.removeItem(at: directory.appendingPathComponent("gone"))
            try session.run("down right")
            try session.settleLoads()
            #expect(session.rowTexts == ["▾ " + directory.path, "└ ▸ gone (unreadable: No such file or directory)"])
            try TreeModeTests.build(["gone/", "gone/back"], in: directory)
            try session.run("right")
            try session.settleLoads()
            #expect(session.rowTexts == ["▾ " + directory.path, "└ ▾ gone", "  └   back"])
        }
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder: an unreadable one can't be made"))
    func anUnreadableFolderIsNotedAndCollapsed() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(["locked/", "locked/secret"], in: directory)
            let locked = directory.appendingPathComponent("locked").path
            #expect(chmod(locked, 0) == 0)
            defer { chmod(locked, 0o755) }
            let result = TreeModeTests.run(["--tree", directory.path, "--size", "100x6", "--script", "down right"])
            #expect(result.status == 0)
            #expect(screenLines(result.output)[1] == line("> └ ▸ locked (unreadable: Permission denied)", columns: 100))
        }
    }

    @Test func aDirectoryWithTheIdentityOfOneAboveItIsShownButNotEntered() throws {
        // A bind mount of an ancestor can't be made in a test: the listing is given the
        // identity of "inner" as one of the directories above, as a mount would make it.
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(["inner/", "plain/"], in: directory)
            var info = stat()
            #expect(stat(directory.appendingPathComponent("inner").path, &info) == 0)
            let listed = try DirectoryListing.list(path: Array(directory.path.utf8), enclosing: [FileIdentity(info)]).get()
            #expect(listed.entries.map(\.name) == [Array("inner".utf8), Array("plain".utf8)])
            #expect(listed.entries[0].kind == .loop)
            guard case .directory = listed.entries[1].kind else {
                Issue.record("plain is \(listed.entries[1].kind)")
                return
            }
        }
    }

    @Test func aHugeFolderKeepsItsFirstEntriesByNameAndCountsTheRest() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(["e", "D", "c", "B", "a"], in: directory)
            let listed = try DirectoryListing.list(path: Array(directory.path.utf8), enclosing: [], maximumEntries: 3).get()
            #expect(listed.entries.map { String(decoding: $0.name, as: UTF8.self) } == ["a", "B", "c"] && listed.total == 5)
        }
    }

    @Test func namesAreShownEscapedAndSortedIgnoringCase() throws {
        try withTemporaryDirectory { directory in
            try TreeModeTests.build(["b", "A", "line\nbreak", "\u{1B}[2Jclear"], in: directory)
            let result = TreeModeTests.run(["--tree", directory.path, "--size", "100x8", "--script", ""])
            #expect(Array(screenLines(result.output)[1...4]) == [
                line("  ├   \\u{1B}[2Jclear", columns: 100),
                line("  ├   A", columns: 100),
                line("  ├   b", columns: 100),
                line("  └   line\\nbreak", columns: 100),
            ])
        }
    }

    @Test func aBadPathIsOneLineAndStatusTwo() throws {
        try withTemporaryDirectory { directory in
            let missing = directory.appendingPathComponent("nope").path
            let result = TreeModeTests.run(["--tree", missing, "--script", ""])
            #expect(result.status == 2 && result.output.isEmpty)
            #expect(result.errors == "listkernel-demo: --tree \(missing): no such file or directory\n")
            let file = try writeFixture("x", named: "file.txt", in: directory)
            let notDirectory = TreeModeTests.run(["--tree", file])
            #expect(notDirectory.status == 2)
            #expect(notDirectory.errors == "listkernel-demo: --tree \(file): not a directory; --tree browses a directory\n")
            #expect(TreeModeTests.run(["--tree", directory.path, "--data", file]).status == 2)
            #expect(TreeModeTests.run(["--tree", directory.path, "--follow", file]).status == 2)
            #expect(TreeModeTests.run(["--tree", ""]).errors == "listkernel-demo: --tree needs a directory\n")
        }
    }
}

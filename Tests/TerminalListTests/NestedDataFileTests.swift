import Testing
import Foundation
import ListKernel
import TerminalList

/// `--data` files whose items nest: the outline they give, the errors of bad ones, and the
/// depth limit, reached without recursion that a deep file could overflow.
struct NestedDataFileTests {
    static func document(_ text: String) throws -> Result<DemoDocument, DataFileError> {
        try withTemporaryDirectory { directory in
            let path = try writeFixture(text, named: "nested.json", in: directory)
            do throws(DataFileError) {
                return .success(try DemoDataFile.loadDocument(path: path))
            } catch {
                return .failure(error)
            }
        }
    }

    static func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DataFileError {
        guard case .failure(let error) = try document(text) else {
            Issue.record("expected an error for \(String(reflecting: text))", sourceLocation: sourceLocation)
            return DataFileError(file: "", kind: .content, message: "no error")
        }
        return error
    }

    typealias Node = DemoOutline.Node

    @Test func nestedItemsBecomeOneOutlineInPreorderWithDepthsGroupsAndFoldState() throws {
        let document = try NestedDataFileTests.document("""
            [
              {"title": "Documents", "items": [
                "Notes.txt",
                {"title": "Photos", "collapsed": true, "items": ["a.jpg", {"title": "2024", "items": []}]},
                {"title": "Readme", "detail": "read me"}
              ]},
              {"title": "越", "items": [], "collapsed": true},
              {"title": "蜀"}
            ]
            """).get()
        #expect(document == .outline(DemoOutline(nodes: [
            Node(title: "Documents", depth: 0, isGroup: true, isExpanded: true),
            Node(title: "Notes.txt", depth: 1, isGroup: false),
            Node(title: "Photos", depth: 1, isGroup: true, isExpanded: false),
            Node(title: "a.jpg", depth: 2, isGroup: false),
            Node(title: "2024", depth: 2, isGroup: true, isExpanded: true),
            Node(title: "Readme", detail: "read me", depth: 1, isGroup: false),
            Node(title: "越", depth: 0, isGroup: true, isExpanded: false),
            Node(title: "蜀", depth: 0, isGroup: true, isExpanded: true),
        ])))
    }

    @Test func aFileWithoutNestingStillGivesSections() throws {
        let document = try NestedDataFileTests.document("""
            [{"title": "魏", "items": ["张辽", {"title": "李典", "detail": "d"}]}, {"title": "越", "collapsed": true}]
            """).get()
        #expect(document == .sections([
            DemoSection(title: "魏", items: [DemoItem(title: "张辽"), DemoItem(title: "李典", detail: "d")]),
            DemoSection(title: "越", items: [], collapsed: true),
        ]))
    }

    @Test func loadingANestedFileAsSectionsIsAContentErrorNotAFlattening() throws {
        try withTemporaryDirectory { directory in
            let path = try writeFixture(#"[{"title": "a", "items": [{"title": "b", "items": ["c"]}]}]"#, named: "n.json", in: directory)
            #expect {
                try DemoDataFile.load(path: path)
            } throws: { error in
                (error as? DataFileError)?.kind == .content
            }
        }
    }

    @Test(arguments: [
        (#"[{"title": "a", "items": [{"title": "b", "items": "c"}]}]"#, 1, 51, #"[0].items[0].items (section "a"): expected an array, found a string"#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [7]}]}]"#, 1, 52, #"[0].items[0].items[0] (section "a"): expected a string or an object with "title", found a number"#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [{"items": []}]}]}]"#, 1, 52, #"[0].items[0].items[0] (section "a"): the item has no "title""#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [{"title": ["x"]}]}]}]"#, 1, 62, #"[0].items[0].items[0].title (section "a"): expected a string, found an array"#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [], "collapsed": 1}]}]"#, 1, 68, #"[0].items[0].collapsed (section "a"): expected true or false, found a number"#),
        (#"[{"title": "a", "items": [{"title": "b", "collapsed": true}]}]"#, 1, 55, #"[0].items[0].collapsed (section "a"): only an item with "items" (a group) can be collapsed"#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [], "detail": "d"}]}]"#, 1, 65, #"[0].items[0].detail (section "a"): an item with "items" is a group and shows no detail"#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [], "children": []}]}]"#, 1, 55, #"[0].items[0]: unknown key "children"; expected "title", "detail", "items", "collapsed""#),
        (#"[{"title": "a", "items": [{"title": "b", "items": [], "items": []}]}]"#, 1, 55, #"[0].items[0]: the key "items" appears twice"#),
    ] as [(String, Int, Int, String)])
    func aBadNestedItemIsAContentErrorNamingItsPath(text: String, line: Int, column: Int, message: String) throws {
        let error = try NestedDataFileTests.failure(text)
        #expect(error.kind == .content)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.hasPrefix(message), "\(error)")
    }

    /// A section whose items nest `levels` deep below it, one group per level.
    static func chain(levels: Int) -> String {
        var text = #"[{"title": "s", "items": ["#
        for level in 1..<levels { text += #"{"title": "\#(level)", "items": ["# }
        text += #""leaf""#
        for _ in 1..<levels { text += "]}" }
        return text + "]}]"
    }

    @Test func itemsNestUpTo127LevelsBelowTheirSectionAndOneMoreIsRefusedSayingSo() throws {
        guard case .outline(let outline) = try NestedDataFileTests.document(NestedDataFileTests.chain(levels: 127)).get() else {
            Issue.record("expected an outline")
            return
        }
        #expect(outline.nodes.count == 128 && outline.nodes.last?.depth == 127 && outline.nodes.last?.title == "leaf")
        let error = try NestedDataFileTests.failure(NestedDataFileTests.chain(levels: 128))
        #expect(error.kind == .limitExceeded)
        #expect(error.message == #"nested more than 256 levels deep; items nest at most 127 levels below their section (an item and its "items" take two)"#)
    }

    @Test func aFileOfAHundredThousandNestedItemsIsRefusedInOneLineNotACrash() throws {
        let deep = #"[{"title": "s", "items": ["# + String(repeating: #"{"title": "x", "items": ["#, count: 100_000)
        let error = try NestedDataFileTests.failure(deep)
        #expect(error.kind == .limitExceeded && error.line == 1)
        #expect(!error.description.contains("\n"))
    }

    @Test func theDemoShowsANestedFileAsAnOutlineAndABadOneExitsWithStatusTwo() throws {
        try withTemporaryDirectory { directory in
            let good = try writeFixture("""
                [{"title": "Documents", "items": ["Notes", {"title": "Photos", "items": ["a.jpg"]}]},
                 {"title": "越", "items": []}]
                """, named: "good.json", in: directory)
            let result = DemoMainTests.run(["--data", good, "--size", "30x8"])
            #expect(result.status == 0 && result.errors.isEmpty)
            #expect(screenLines(result.output) == [
                line("> ▾ Documents", columns: 30),
                line("  ├   Notes", columns: 30),
                line("  └ ▾ Photos", columns: 30),
                line("    └   a.jpg", columns: 30),
                line("  ▾ 越 (empty)", columns: 30),
                line("", columns: 30),
                line(" 5 nodes · 5 rows · 1…", "0.0 µs ", columns: 30),
                line(" ↑↓ ←→ · enter · c/e · / · q", columns: 30),
            ])
            let bad = try writeFixture(#"[{"title": "a", "items": [{"title": "b", "items": [true]}]}]"#, named: "bad.json", in: directory)
            let failed = DemoMainTests.run(["--data", bad])
            #expect(failed.status == 2 && failed.output.isEmpty)
            #expect(failed.errors == "listkernel-demo: \(bad):1:52: [0].items[0].items[0] (section \"a\"): expected a string or an object with \"title\", found a boolean\n")
        }
    }
}

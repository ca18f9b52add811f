import Testing
import Foundation
import TerminalList

struct JSONDataFileTests {
    /// Loads `text` written to a temporary file, returning the file's path and the result.
    static func load(_ text: String, named name: String = "sections.json") throws -> (path: String, result: Result<[DemoSection], DataFileError>) {
        try withTemporaryDirectory { directory in
            let path = try writeFixture(text, named: name, in: directory)
            do throws(DataFileError) {
                return (path, .success(try DemoDataFile.load(path: path)))
            } catch {
                return (path, .failure(error))
            }
        }
    }

    static func failure(_ text: String) throws -> (path: String, error: DataFileError) {
        let (path, result) = try load(text)
        guard case .failure(let error) = result else {
            Issue.record("expected an error for \(String(reflecting: text))")
            return (path, DataFileError(file: path, kind: .content, message: "no error"))
        }
        return (path, error)
    }

    @Test func sectionsKeepTheirFileOrderWithItemsDetailsAndFoldState() throws {
        let (_, result) = try JSONDataFileTests.load("""
            [
              {"title": "吴", "items": ["周瑜", "鲁肃", "黄盖"], "collapsed": true},
              {"title": "魏", "items": [{"title": "张辽", "detail": "合肥之战"}, {"title": "李典", "detail": null}]},
              {"title": "越", "items": []},
              {"title": "蜀"}
            ]
            """)
        let sections = try result.get()
        #expect(sections == [
            DemoSection(title: "吴", items: [DemoItem(title: "周瑜"), DemoItem(title: "鲁肃"), DemoItem(title: "黄盖")], collapsed: true),
            DemoSection(title: "魏", items: [DemoItem(title: "张辽", detail: "合肥之战"), DemoItem(title: "李典")]),
            DemoSection(title: "越", items: []),
            DemoSection(title: "蜀", items: []),
        ])
    }

    @Test func escapesAndAByteOrderMarkAreUnderstood() throws {
        let (_, result) = try JSONDataFileTests.load("\u{FEFF}[{\"title\": \"a\\\"b\\u5f20\\ud83d\\udc4d\\n\"}]")
        #expect(try result.get().map(\.title) == ["a\"b张👍\n"])
    }

    @Test func aMissingFileIsNamedInTheError() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nope.json").path
            #expect {
                try DemoDataFile.load(path: path)
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.kind == .fileNotFound && error.description == "\(path): no such file"
            }
        }
    }

    @Test func aDirectoryIsRefusedAsNotARegularFile() throws {
        try withTemporaryDirectory { directory in
            #expect {
                try DemoDataFile.load(path: directory.path)
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.kind == .notRegularFile
                    && error.description == "\(directory.path): a directory, not a regular file; --data reads regular files only"
            }
        }
    }

    @Test(arguments: [
        // (file text, line, column, start of the message)
        ("[\n  {\"title\": \"a\",}\n]", 2, 17, "JSON syntax: expected a key in double quotes, found character '}'"),
        ("[\n  {\"title\": \"a\"}\n  {\"title\": \"b\"}\n]", 3, 3, "JSON syntax: expected ',' or ']' after element [0], found character '{'"),
        ("[{\"title\": \"a\n\"}]", 1, 14, "JSON syntax: unterminated string: a line break inside a string"),
        ("[{\"title\": tru}]", 1, 15, "JSON syntax: invalid literal: expected true"),
        ("[{\"title\": \"地区\" \"x\"}]", 1, 17, "JSON syntax: expected ',' or '}' after the value of \"title\", found character '\"'"),
        ("[1.]", 1, 4, "JSON syntax: expected a digit after '.'"),
        ("[]\n]", 2, 1, "JSON syntax: unexpected character ']' after the end of the JSON value"),
        ("[{\"title\": \"\\x\"}]", 1, 14, "JSON syntax: invalid escape '\\x' in a string"),
        ("[{\"title\": \"\\ud83d\"}]", 1, 19, "JSON syntax: \\uD83D is a high surrogate"),
        ("[\n", 2, 1, "JSON syntax: expected a value, found the end of the file"),
    ] as [(String, Int, Int, String)])
    func aSyntaxErrorNamesTheFileLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let (path, error) = try JSONDataFileTests.failure(text)
        #expect(error.kind == .syntax)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.description.hasPrefix("\(path):\(line):\(column): \(message)"), "\(error)")
    }

    @Test(arguments: [
        ("{\"title\": \"a\"}", 1, 1, "expected an array of sections at the top level, found an object"),
        ("[\n  \"简书\"\n]", 2, 3, "[0]: expected a section object"),
        ("[{\"title\": \"a\"},\n {\"items\": []}]", 2, 2, "[1]: the section has no \"title\""),
        ("[{\"title\": 7}]", 1, 12, "[0].title: expected a string, found a number"),
        ("[{\"title\": \"a\", \"colapsed\": true}]", 1, 17, "[0]: unknown key \"colapsed\"; expected \"title\", \"items\", \"collapsed\""),
        ("[{\"title\": \"a\", \"title\": \"b\"}]", 1, 17, "[0]: the key \"title\" appears twice (first on line 1)"),
        ("[{\"title\": \"a\", \"items\": \"x\"}]", 1, 26, "[0].items (section \"a\"): expected an array, found a string"),
        ("[{\"title\": \"a\", \"collapsed\": \"yes\"}]", 1, 30, "[0].collapsed (section \"a\"): expected true or false, found a string"),
        ("[{\"title\": \"a\"},\n {\"title\": \"地区\", \"items\": [\"北京\",\n   3]}]", 3, 4, "[1].items[1] (section \"地区\"): expected a string or an object with \"title\", found a number"),
        ("[{\"title\": \"a\", \"items\": [{\"detail\": \"d\"}]}]", 1, 27, "[0].items[0] (section \"a\"): the item has no \"title\""),
        ("[{\"title\": \"a\", \"items\": [{\"title\": \"t\", \"detail\": 1}]}]", 1, 52, "[0].items[0].detail (section \"a\"): expected a string or null, found a number"),
        ("[{\"title\": \"a\", \"items\": [{\"title\": \"t\", \"note\": 1}]}]", 1, 42, "[0].items[0]: unknown key \"note\""),
    ] as [(String, Int, Int, String)])
    func aContentErrorNamesTheLineAndTheSectionOrItemAtFault(text: String, line: Int, column: Int, message: String) throws {
        let (path, error) = try JSONDataFileTests.failure(text)
        #expect(error.kind == .content)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.description.hasPrefix("\(path):\(line):\(column): \(message)"), "\(error)")
    }

    @Test func invalidUTF8IsReportedWithItsLine() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("latin1.json")
            try Data([0x5B, 0x0A, 0x22, 0xE9, 0x22, 0x0A, 0x5D]).write(to: url)
            #expect {
                try DemoDataFile.load(path: url.path)
            } throws: { error in
                (error as? DataFileError)?.description == "\(url.path):2: not valid UTF-8"
            }
        }
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("  \n ", "the file is empty"),
        ("title: 魏", "not JSON ('[' first) or an XML property list ('<' first)"),
        ("bplist00\u{1}", "a binary property list"),
    ])
    func anUnrecognizedFileSaysWhichFormatsAreAccepted(text: String, message: String) throws {
        let (path, error) = try JSONDataFileTests.failure(text)
        #expect(error.kind == .unsupportedFormat)
        #expect(error.description.hasPrefix(path) && error.description.contains(message), "\(error)")
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() throws {
        let (path, error) = try JSONDataFileTests.failure(String(repeating: "[", count: 100_000))
        #expect(error.kind == .limitExceeded)
        #expect(error.description == "\(path):1:257: nested more than 256 levels deep; items nest at most 127 levels below their section (an item and its \"items\" take two)", "\(error)")
    }
}

import Testing
import Foundation
import TerminalList

struct PlistDataFileTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func failure(_ text: String) throws -> (path: String, error: DataFileError) {
        try withTemporaryDirectory { directory in
            let path = try writeFixture(text, named: "headerList.plist", in: directory)
            do throws(DataFileError) {
                let sections = try DemoDataFile.load(path: path)
                Issue.record("expected an error, loaded \(sections)")
                return (path, DataFileError(file: path, kind: .content, message: "no error"))
            } catch {
                return (path, error)
            }
        }
    }

    @Test func sectionsKeepTheOrderInWhichTheFileListsThem() throws {
        // Not alphabetical and not in any hash order: a dictionary would scramble them.
        let titles = ["品牌", "价格区间", "z", "屏幕尺寸", "a", "越", "m", "颜色", "b", "y"]
        var text = PlistDataFileTests.header + "<dict>\n"
        for (index, title) in titles.enumerated() {
            text += "  <key>\(title)</key>\n"
            text += title == "越" ? "  <array/>\n" : "  <array>\n    <string>\(title) \(index)</string>\n    <string>second</string>\n  </array>\n"
        }
        text += "</dict>\n</plist>\n"
        let sections = try withTemporaryDirectory { directory in
            try DemoDataFile.load(path: try writeFixture(text, named: "headerList.plist", in: directory))
        }
        #expect(sections.map(\.title) == titles)
        #expect(sections[0] == DemoSection(title: "品牌", items: [DemoItem(title: "品牌 0"), DemoItem(title: "second")]))
        #expect(sections[5] == DemoSection(title: "越", items: []))
        #expect(sections.allSatisfy { !$0.collapsed })
    }

    @Test func entitiesCDATAAndWhitespaceInsideStringsAreKept() throws {
        let text = PlistDataFileTests.header + "<dict><key>A &amp; B</key><array><string> x &lt; y </string><string><![CDATA[<b>]]></string></array></dict></plist>"
        let sections = try withTemporaryDirectory { directory in
            try DemoDataFile.load(path: try writeFixture(text, named: "p.plist", in: directory))
        }
        #expect(sections == [DemoSection(title: "A & B", items: [DemoItem(title: " x < y "), DemoItem(title: "<b>")])])
    }

    @Test func aDictWithoutThePlistWrapperIsAccepted() throws {
        let sections = try withTemporaryDirectory { directory in
            try DemoDataFile.load(path: try writeFixture("<dict><key>魏</key><array><string>张辽</string></array></dict>", named: "p.plist", in: directory))
        }
        #expect(sections == [DemoSection(title: "魏", items: [DemoItem(title: "张辽")])])
    }

    @Test(arguments: [
        // (body after the header, line of the fault, start of the message)
        ("<dict>\n<key>魏</key>\n<string>张辽</string>\n</dict></plist>", 6, "key \"魏\": expected an <array> of <string>, found <string>"),
        ("<dict>\n<key>魏</key>\n<array/>\n<key>吴</key>\n<array>\n<string>周瑜</string>\n<integer>3</integer>\n</array>\n</dict></plist>",
         10, "key \"吴\", item [1]: expected <string>, found <integer>"),
        ("<dict>\n<key>魏</key>\n<array/>\n<key>蜀</key>\n</dict></plist>", 7, "key \"蜀\" has no value"),
        ("<dict>\n<key>魏</key>\n<array/>\n<key>魏</key>\n<array/>\n</dict></plist>", 7, "key \"魏\" appears twice (first on line 5)"),
        ("<array>\n<string>x</string>\n</array></plist>", 4, "expected a <dict> of section titles to arrays of strings, found <array>"),
        ("<dict>\n<array/>\n</dict></plist>", 5, "expected <key> in the <dict>, found <array>"),
        ("<dict>\nstray\n<key>a</key><array/></dict></plist>", 4, "unexpected text \"stray\" in <dict>"),
        ("<dict/>\n<dict/>\n</plist>", 3, "<plist> must hold exactly one <dict>, found 2 elements"),
    ] as [(String, Int, String)])
    func aContentErrorNamesTheLineAndTheKeyOrItemAtFault(body: String, line: Int, message: String) throws {
        let (path, error) = try PlistDataFileTests.failure(PlistDataFileTests.header + body)
        #expect(error.kind == .content)
        #expect(error.description.hasPrefix("\(path):\(line): \(message)"), "\(error)")
    }

    @Test(arguments: [
        ("<dict>\n<key>魏</key>\n<array>\n</dict>\n</plist>", 7, "XML syntax: a closing tag that doesn't match the open element"),
        ("<dict>\n<key>A & B</key>\n</dict></plist>", 5, "XML syntax: a name is missing after '&' or '<'"),
        ("<dict>\n<key>a&nbsp;</key>\n</dict></plist>", 5, "XML syntax: an unknown entity"),
        ("<dict>\n<key>a</key>\n<array/>\n", 6, "XML syntax: the document ends before its root element is closed"),
    ] as [(String, Int, String)])
    func anXMLSyntaxErrorNamesItsLine(body: String, line: Int, message: String) throws {
        let (path, error) = try PlistDataFileTests.failure(PlistDataFileTests.header + body)
        #expect(error.kind == .syntax)
        #expect(error.description.hasPrefix("\(path):\(line): \(message)"), "\(error)")
    }
}

/// What the plist reader refuses before libxml2 sees it, and the size it takes now.
struct PlistLimitsTests {
    /// `<plist><dict><key>a</key><array>` with `extra` arrays nested inside the first.
    static func nested(_ extra: Int) -> String {
        "<plist><dict><key>a</key><array>\n" + String(repeating: "<array>", count: extra) + "\n"
            + String(repeating: "</array>", count: extra) + "</array></dict></plist>\n"
    }

    @Test func nestingOneLevelPastTheLimitIsRefusedAndAtTheLimitIsRead() throws {
        // plist, dict and array are 3 levels: 253 more make 256.
        let (_, atLimit) = try PlistDataFileTests.failure(PlistLimitsTests.nested(XMLPrescanLimits.depth - 3))
        #expect(atLimit.kind == .content, "\(atLimit)")
        let (path, over) = try PlistDataFileTests.failure(PlistLimitsTests.nested(XMLPrescanLimits.depth - 2))
        #expect(over.kind == .limitExceeded)
        #expect(over.description == "\(path):2: elements nested more than 256 levels deep")
    }

    @Test func fiftyThousandLevelsAreRefusedNotACrash() throws {
        // About 750 KB: this crashed with a stack overflow while the element tree was freed.
        let (_, error) = try PlistDataFileTests.failure(PlistLimitsTests.nested(50_000))
        #expect(error.kind == .limitExceeded && error.message == "elements nested more than 256 levels deep")
    }

    @Test(arguments: [
        "<!DOCTYPE plist [\n<!ENTITY x \"hello\">\n]>\n<plist><dict><key>&x;</key><array/></dict></plist>",
        "<!DOCTYPE plist [\n<!-- a comment ]> -->\n<!ENTITY % p \"<!ENTITY y 'z'>\">\n]>\n<plist><dict/></plist>",
    ])
    func anEntityDeclarationIsRefusedNotReadAsAnEmptyTitle(text: String) throws {
        let (path, error) = try PlistDataFileTests.failure(text)
        #expect(error.kind == .unsupportedFormat)
        #expect(error.description.hasPrefix("\(path):"))
        #expect(error.message.hasPrefix("an entity declaration (<!ENTITY …>); the demo does not expand custom entities"))
        // On the line of the declaration, not of the DOCTYPE.
        #expect(error.line == text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<!ENTITY") }.map { $0 + 1 })
    }

    @Test func theStandardDoctypeIsStillRead() throws {
        let text = PlistDataFileTests.header + "<dict><key>魏</key><array><string>张辽</string></array></dict></plist>"
        let sections = try withTemporaryDirectory { directory in
            try DemoDataFile.load(path: try writeFixture(text, named: "p.plist", in: directory))
        }
        #expect(sections == [DemoSection(title: "魏", items: [DemoItem(title: "张辽")])])
    }

    @Test func anElementWithTooManyAttributesIsRefused() throws {
        let attributes = (0...XMLPrescanLimits.attributes).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let (path, error) = try PlistDataFileTests.failure("<plist>\n<dict \(attributes)/></plist>")
        #expect(error.kind == .limitExceeded)
        #expect(error.description == "\(path):2: an element with more than 256 attributes")
    }

    @Test func aValidPlistOverTenMillionBytesLoads() throws {
        // libxml2 refused any document over 10,000,000 bytes handed over in one piece.
        let entry = "<key>k%d</key><array><string>" + String(repeating: "x", count: 200) + "</string></array>\n"
        var text = "<plist><dict>\n"
        var count = 0
        while text.utf8.count <= 10_100_000 {
            text += entry.replacingOccurrences(of: "%d", with: String(count))
            count += 1
        }
        text += "</dict></plist>\n"
        let sections = try withTemporaryDirectory { directory in
            try DemoDataFile.load(path: try writeFixture(text, named: "big.plist", in: directory))
        }
        #expect(sections.count == count)
        #expect(sections.last?.title == "k\(count - 1)")
    }

    @Test func aCommentOverLibxml2sLimitIsRefusedSayingSo() throws {
        let text = "<plist>\n<!--" + String(repeating: "x", count: XMLPrescanLimits.token + 1) + "--><dict/></plist>"
        let (path, error) = try PlistDataFileTests.failure(text)
        #expect(error.kind == .limitExceeded)
        #expect(error.description == "\(path):2: a comment of 10000001 bytes, longer than libxml2's limit of 10000000 bytes for one comment, CDATA section, processing instruction or attribute value")
    }
}

/// The prescan's limits, as `Docs/Limits.md` states them.
enum XMLPrescanLimits {
    static let depth = 256
    static let attributes = 256
    static let token = 10_000_000
}

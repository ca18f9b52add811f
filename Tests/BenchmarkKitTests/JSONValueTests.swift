import Foundation
import Testing
@testable import BenchmarkKit

/// The hand-written JSON parses back (with Foundation's parser) to what was written.
@Suite struct JSONValueTests {
    @Test func anObjectKeepsItsKeyOrder_andParsesBack() throws {
        let value = JSONValue.object([
            ("zeta", .number(1)),
            ("alpha", .array([.number(2.5), .string("x"), .bool(true), .null])),
            ("nested", .object([("median", .number(0.125))])),
        ])
        #expect(value.text == #"{"zeta": 1, "alpha": [2.5, "x", true, null], "nested": {"median": 0.125}}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any])
        #expect(parsed["zeta"] as? Double == 1)
        #expect((parsed["nested"] as? [String: Any])?["median"] as? Double == 0.125)
    }

    @Test func numbersAreWholeWhenWhole_threeDecimalsOtherwise_nullWhenNotFinite() {
        #expect(JSONValue.format(42) == "42")
        #expect(JSONValue.format(-3) == "-3")
        #expect(JSONValue.format(1.23456) == "1.235")
        #expect(JSONValue.format(2.0004) == "2")
        #expect(JSONValue.format(.nan) == "null")
        #expect(JSONValue.format(-.infinity) == "null")
        #expect(JSONValue.number(.infinity).text == "null")
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() throws {
        let tricky = "a \"quoted\" \\ path\n\t\u{1}é"
        let text = JSONValue.array([.string(tricky)]).text
        #expect(text == #"["a \"quoted\" \\ path\n\t\u0001é"]"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
        #expect(parsed == [tricky])
    }
}

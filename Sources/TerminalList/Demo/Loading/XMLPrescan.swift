/// One pass over an XML document's bytes, before `XMLParser` sees them, that refuses what
/// the parser would handle badly or silently:
///
/// - elements nested more than ``maximumDepth`` deep (libxml2 follows 50,000 levels, and
///   the tree built from them would overflow the stack when freed);
/// - an entity declaration (`<!ENTITY` in the DOCTYPE's internal subset): `XMLParser`
///   on Linux neither reports nor expands custom entities, so `&name;` silently became an
///   empty title;
/// - one comment, CDATA section, processing instruction, attribute value or DOCTYPE
///   literal longer than ``maximumTokenBytes``: libxml2 stops there with its internal
///   error 1, which said nothing about why;
/// - an element with more than ``maximumAttributes`` attributes (libxml2 checks them for
///   duplicates pairwise: 200,000 attributes took 8 seconds).
///
/// It is a scanner, not a parser: it only follows what those checks need (tags, quoted
/// values, comments, CDATA, processing instructions, the DOCTYPE) and leaves every other
/// mistake to `XMLParser`, which reports it with its line. A loop over the bytes; nothing
/// it does grows with the nesting depth.
///
/// - Complexity: O(n) in the size of the document.
struct XMLPrescan {
    /// Why the document was refused, and the line where the construct at fault starts.
    struct Refusal: Error {
        var line: Int
        var message: String
        /// Whether the refusal is a limit (otherwise, XML the demo does not read).
        var isLimit: Bool
    }

    /// The deepest element nesting accepted: 256, as for JSON (``JSONReader/maximumDepth``).
    static let maximumDepth = JSONReader.maximumDepth
    /// The most attributes one element may have (a plist's elements have at most one).
    static let maximumAttributes = 256
    /// libxml2's limit (`XML_MAX_TEXT_LENGTH`, 10,000,000 bytes) for one comment, CDATA
    /// section, processing instruction, attribute value or DOCTYPE literal when it is not
    /// given `XML_PARSE_HUGE`, which `XMLParser` can't pass. Text between tags has no such
    /// limit, as long as the document is handed over in chunks (see ``PlistReader``).
    static let maximumTokenBytes = 10_000_000

    /// Scans `bytes`.
    ///
    /// - Throws: ``Refusal`` for the first construct refused.
    /// - Complexity: O(n).
    static func check(_ bytes: [UInt8]) throws(Refusal) {
        let refusal: Refusal? = bytes.withUnsafeBufferPointer { buffer in
            var scanner = XMLPrescan(bytes: buffer)
            do throws(Refusal) {
                try scanner.run()
                return nil
            } catch {
                return error
            }
        }
        if let refusal { throw refusal }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private static let newline = UInt8(ascii: "\n")

    /// Whether `literal` starts at `position`.
    private func matches(_ literal: StaticString, at position: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != start[offset] { return false }
        return true
    }

    /// Moves to `end`, counting the line breaks passed.
    private mutating func advance(to end: Int) {
        while index < end {
            if bytes[index] == XMLPrescan.newline { line += 1 }
            index += 1
        }
    }

    /// The position of the first `terminator` at or after `position`, or `nil`.
    private func find(_ terminator: StaticString, from position: Int) -> Int? {
        let first = terminator.utf8Start[0]
        var candidate = position
        while candidate < bytes.count {
            if bytes[candidate] == first, matches(terminator, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private func tokenRefusal(_ what: String, bytes count: Int) -> Refusal {
        Refusal(line: line,
                message: "\(what) of \(count) bytes, longer than libxml2's limit of \(XMLPrescan.maximumTokenBytes) bytes for one comment, CDATA section, processing instruction or attribute value",
                isLimit: true)
    }

    /// Skips a construct from `opener` to `terminator` (a comment, CDATA, a processing
    /// instruction), refusing one whose content is longer than libxml2 takes.
    ///
    /// - Returns: `false` when the input ends first (the parser reports that).
    private mutating func skip(_ opener: StaticString, to terminator: StaticString, what: String) throws(Refusal) -> Bool {
        let contentStart = index + opener.utf8CodeUnitCount
        guard let end = find(terminator, from: contentStart) else { return false }
        if end - contentStart > XMLPrescan.maximumTokenBytes { throw tokenRefusal(what, bytes: end - contentStart) }
        advance(to: end + terminator.utf8CodeUnitCount)
        return true
    }

    /// Skips a quoted literal starting at `index` (which holds the quote).
    ///
    /// - Returns: `false` when the input ends first.
    private mutating func skipQuoted(what: String) throws(Refusal) -> Bool {
        let quote = bytes[index]
        var end = index + 1
        while end < bytes.count, bytes[end] != quote { end += 1 }
        guard end < bytes.count else { return false }
        if end - index - 1 > XMLPrescan.maximumTokenBytes { throw tokenRefusal(what, bytes: end - index - 1) }
        advance(to: end + 1)
        return true
    }

    /// The scan; it stops quietly where the input ends inside a construct, which the
    /// parser then reports.
    private mutating func run() throws(Refusal) {
        var depth = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if bytes[index] == XMLPrescan.newline { line += 1 }
                index += 1
                continue
            }
            let startLine = line
            let going: Bool
            if matches("<!--", at: index) {
                going = try skip("<!--", to: "-->", what: "a comment")
            } else if matches("<![CDATA[", at: index) {
                going = try skip("<![CDATA[", to: "]]>", what: "a CDATA section")
            } else if matches("<?", at: index) {
                going = try skip("<?", to: "?>", what: "a processing instruction")
            } else if matches("<!DOCTYPE", at: index) {
                going = try doctype()
            } else if matches("</", at: index) || matches("<!", at: index) {
                if bytes[index + 1] == UInt8(ascii: "/") { depth = max(0, depth - 1) }
                going = try tag() != nil
            } else {
                guard let isEmpty = try tag() else { return }
                if !isEmpty {
                    depth += 1
                    if depth > XMLPrescan.maximumDepth {
                        throw Refusal(line: startLine,
                                      message: "elements nested more than \(XMLPrescan.maximumDepth) levels deep",
                                      isLimit: true)
                    }
                }
                going = true
            }
            if !going { return }
        }
    }

    /// Skips a tag from its `<` to its `>`, quoted attribute values included, and counts
    /// its attributes.
    ///
    /// - Returns: Whether the tag ends in `/>`; `nil` when the input ends first.
    private mutating func tag() throws(Refusal) -> Bool? {
        var attributes = 0
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard try skipQuoted(what: "an attribute value") else { return nil }
            case UInt8(ascii: "="):
                attributes += 1
                if attributes > XMLPrescan.maximumAttributes {
                    throw Refusal(line: line, message: "an element with more than \(XMLPrescan.maximumAttributes) attributes",
                                  isLimit: true)
                }
                index += 1
            case UInt8(ascii: ">"):
                let isEmpty = bytes[index - 1] == UInt8(ascii: "/")
                index += 1
                return isEmpty
            case XMLPrescan.newline:
                line += 1
                index += 1
            default:
                index += 1
            }
        }
        return nil
    }

    /// Skips `<!DOCTYPE …>`, refusing an entity declaration in its internal subset.
    ///
    /// - Returns: `false` when the input ends first.
    private mutating func doctype() throws(Refusal) -> Bool {
        index += "<!DOCTYPE".utf8.count
        var inSubset = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard try skipQuoted(what: "a DOCTYPE literal") else { return false }
            case UInt8(ascii: "["):
                inSubset = true
                index += 1
            case UInt8(ascii: "]"):
                inSubset = false
                index += 1
            case UInt8(ascii: "<") where inSubset:
                if matches("<!ENTITY", at: index) {
                    throw Refusal(line: line,
                                  message: "an entity declaration (<!ENTITY …>); the demo does not expand custom entities: write the text itself, or &amp; &lt; &gt; &quot; &apos;",
                                  isLimit: false)
                } else if matches("<!--", at: index) {
                    guard try skip("<!--", to: "-->", what: "a comment") else { return false }
                } else if matches("<?", at: index) {
                    guard try skip("<?", to: "?>", what: "a processing instruction") else { return false }
                } else {
                    index += 1
                }
            case UInt8(ascii: ">") where !inSubset:
                index += 1
                return true
            case XMLPrescan.newline:
                line += 1
                index += 1
            default:
                index += 1
            }
        }
        return false
    }
}

internal import Foundation
internal import FoundationXML

/// Reads an XML property list into a tree of elements that keeps document order and line
/// numbers — which `PropertyListSerialization` can't, as it returns an unordered
/// dictionary (seed 004's pitfall: its sections came out in `allKeys` order).
struct PlistReader {
    /// One XML element: its name, the line its start tag ends on, its child elements in
    /// order, and the text directly inside it.
    struct Element {
        var name: String
        var line: Int
        var children: [Element] = []
        var text: String = ""
    }

    /// The first XML error, the line it was reported on, and its kind: `.syntax`, or
    /// `.limitExceeded` / `.unsupportedFormat` for what ``XMLPrescan`` refuses.
    struct SyntaxError: Error {
        var line: Int
        var message: String
        var kind: DataFileError.Kind = .syntax
    }

    /// Parses `bytes` as XML and returns the root element.
    ///
    /// The bytes are checked by ``XMLPrescan`` first (depth, entity declarations, token
    /// lengths), then handed to `XMLParser` through a stream, which feeds libxml2 in
    /// chunks: handed over whole, a document over 10,000,000 bytes was refused as
    /// "malformed XML (libxml2 error 1)", libxml2's limit on input it must look ahead in
    /// (`XML_MAX_LOOKUP_LIMIT`). The tree is never deeper than ``XMLPrescan/maximumDepth``
    /// either way: the builder stops the parser at the first element deeper than that.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Element {
        do {
            try XMLPrescan.check(bytes)
        } catch {
            throw SyntaxError(line: error.line, message: error.message, kind: error.isLimit ? .limitExceeded : .unsupportedFormat)
        }
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        let finished = parser.parse()
        if let failure = builder.firstError {
            throw SyntaxError(line: failure.line, message: failure.message, kind: failure.kind)
        }
        guard finished, let root = builder.root else {
            throw SyntaxError(line: max(1, parser.lineNumber), message: "malformed XML")
        }
        return root
    }

    /// A readable message for a libxml2 error code (`xmlParserErrors`, which `XMLParser`
    /// reports as its error codes).
    static func message(forXMLErrorCode code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "the document ends before its root element is closed, or has content after it"
        case 9: "an invalid character"
        case 22, 68: "a name is missing after '&' or '<' (write '&' as &amp; and '<' as &lt;)"
        case 23: "an entity reference without ';'"
        case 26, 27: "an unknown entity (write '&' as &amp; and '<' as &lt;)"
        case 34, 38, 39, 40, 41, 42: "a malformed attribute"
        case 45: "a comment that is not closed"
        case 61: "a DOCTYPE that is not closed"
        case 63: "a CDATA section that is not closed"
        case 64, 65: "a malformed XML declaration (it must come first)"
        case 73: "expected '>'"
        case 76: "a closing tag that doesn't match the open element"
        case 77: "a tag that is not finished"
        case 85: "elements are not properly nested"
        case 86: "content after the root element"
        case 1:
            "libxml2 stopped with its internal error 1: one comment, CDATA section, processing instruction or attribute value longer than its limit of \(XMLPrescan.maximumTokenBytes) bytes, or nesting deeper than it takes"
        default: "malformed XML (libxml2 error \(code))"
        }
    }

    /// Builds the element tree from parser callbacks and keeps the first error; stops the
    /// parser at an element deeper than ``XMLPrescan/maximumDepth``.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?
        var firstError: (line: Int, message: String, kind: DataFileError.Kind)?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard firstError == nil else { return }
            guard stack.count < XMLPrescan.maximumDepth else {
                firstError = (max(1, parser.lineNumber), "elements nested more than \(XMLPrescan.maximumDepth) levels deep", .limitExceeded)
                parser.abortParsing()
                return
            }
            stack.append(Element(name: elementName, line: parser.lineNumber))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            guard firstError == nil, let finished = stack.popLast() else { return }
            if stack.isEmpty {
                root = finished
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard firstError == nil else { return }
            let code = (parseError as NSError).code
            firstError = (max(1, parser.lineNumber), PlistReader.message(forXMLErrorCode: code), .syntax)
        }
    }
}

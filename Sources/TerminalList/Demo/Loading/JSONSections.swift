/// Turns a parsed JSON document into sections, with errors that name the file, the line
/// and column, and the path (`[1].items[2].title`) of the value at fault.
enum JSONSections {
    static func sections(from bytes: [UInt8], file: String) throws(DataFileError) -> [DemoSection] {
        try checkUTF8(bytes, file: file)
        let root: JSONReader.Node
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw DataFileError(file: file, kind: error.isLimit ? .limitExceeded : .syntax, line: error.line, column: error.column,
                                message: error.isLimit ? error.message : "JSON syntax: \(error.message)")
        }
        guard case .array(let elements) = root.value else {
            throw contentError(file, root, "expected an array of sections at the top level, found \(root.value.kindName)")
        }
        var sections: [DemoSection] = []
        for (index, element) in elements.enumerated() {
            sections.append(try section(element, path: "[\(index)]", file: file))
        }
        return sections
    }

    private static func contentError(_ file: String, _ node: JSONReader.Node, _ message: String) -> DataFileError {
        DataFileError(file: file, kind: .content, line: node.line, column: node.column, message: message)
    }

    private static func section(_ node: JSONReader.Node, path: String, file: String) throws(DataFileError) -> DemoSection {
        guard case .object(let members) = node.value else {
            throw contentError(file, node, "\(path): expected a section object {\"title\": …, \"items\": […]}, found \(node.value.kindName)")
        }
        try checkKeys(members, allowed: ["title", "items", "collapsed"], path: path, file: file)
        guard let titleMember = members.first(where: { $0.key == "title" }) else {
            throw contentError(file, node, "\(path): the section has no \"title\"")
        }
        guard case .string(let title) = titleMember.value.value else {
            throw contentError(file, titleMember.value, "\(path).title: expected a string, found \(titleMember.value.value.kindName)")
        }
        var items: [DemoItem] = []
        if let itemsMember = members.first(where: { $0.key == "items" }) {
            guard case .array(let elements) = itemsMember.value.value else {
                throw contentError(file, itemsMember.value, "\(path).items (section \(DisplayWidth.quoted(title))): expected an array, found \(itemsMember.value.value.kindName)")
            }
            for (index, element) in elements.enumerated() {
                items.append(try item(element, path: "\(path).items[\(index)]", section: title, file: file))
            }
        }
        var collapsed = false
        if let collapsedMember = members.first(where: { $0.key == "collapsed" }) {
            guard case .bool(let value) = collapsedMember.value.value else {
                throw contentError(file, collapsedMember.value, "\(path).collapsed (section \(DisplayWidth.quoted(title))): expected true or false, found \(collapsedMember.value.value.kindName)")
            }
            collapsed = value
        }
        return DemoSection(title: title, items: items, collapsed: collapsed)
    }

    private static func item(_ node: JSONReader.Node, path: String, section: String, file: String) throws(DataFileError) -> DemoItem {
        switch node.value {
        case .string(let title):
            return DemoItem(title: title)
        case .object(let members):
            try checkKeys(members, allowed: ["title", "detail"], path: path, file: file)
            guard let titleMember = members.first(where: { $0.key == "title" }) else {
                throw contentError(file, node, "\(path) (section \(DisplayWidth.quoted(section))): the item has no \"title\"")
            }
            guard case .string(let title) = titleMember.value.value else {
                throw contentError(file, titleMember.value, "\(path).title (section \(DisplayWidth.quoted(section))): expected a string, found \(titleMember.value.value.kindName)")
            }
            var detail: String?
            if let detailMember = members.first(where: { $0.key == "detail" }) {
                switch detailMember.value.value {
                case .string(let text): detail = text
                case .null: detail = nil
                default:
                    throw contentError(file, detailMember.value, "\(path).detail (section \(DisplayWidth.quoted(section))): expected a string or null, found \(detailMember.value.value.kindName)")
                }
            }
            return DemoItem(title: title, detail: detail)
        default:
            throw contentError(file, node, "\(path) (section \(DisplayWidth.quoted(section))): expected a string or an object with \"title\", found \(node.value.kindName)")
        }
    }

    /// Rejects unknown and repeated keys.
    private static func checkKeys(_ members: [JSONReader.Member], allowed: [String], path: String, file: String) throws(DataFileError) {
        var seen: [String: Int] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                throw DataFileError(file: file, kind: .content, line: member.line, column: member.column,
                                    message: "\(path): unknown key \(DisplayWidth.quoted(member.key)); expected \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            if let first = seen[member.key] {
                throw DataFileError(file: file, kind: .content, line: member.line, column: member.column,
                                    message: "\(path): the key \(DisplayWidth.quoted(member.key)) appears twice (first on line \(first))")
            }
            seen[member.key] = member.line
        }
    }

    /// Rejects bytes that are not UTF-8, naming the first line that isn't.
    private static func checkUTF8(_ bytes: [UInt8], file: String) throws(DataFileError) {
        if String(validating: bytes, as: UTF8.self) != nil { return }
        var line = 1
        for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(validating: lineBytes, as: UTF8.self) == nil {
                throw DataFileError(file: file, kind: .invalidEncoding, line: line, message: "not valid UTF-8")
            }
            line += 1
        }
        throw DataFileError(file: file, kind: .invalidEncoding, message: "not valid UTF-8")
    }
}

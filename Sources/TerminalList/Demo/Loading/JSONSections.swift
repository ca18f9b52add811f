/// Turns a parsed JSON document into sections, or into an outline when an item has its own
/// `"items"`, with errors that name the file, the line and column, and the path
/// (`[1].items[2].title`) of the value at fault.
///
/// The walk over nested items keeps its own stack: no call recurses per level of the file
/// (the reader already refuses more than ``JSONReader/maximumDepth`` levels, so items nest
/// at most ``maximumItemDepth`` levels below their section).
enum JSONSections {
    /// The deepest an item can be below its section (section 0, its items 1): an item and
    /// its `"items"` array are two of the reader's levels, the top-level array one.
    static let maximumItemDepth = (JSONReader.maximumDepth - 1) / 2

    static func document(from bytes: [UInt8], file: String) throws(DataFileError) -> DemoDocument {
        try checkUTF8(bytes, file: file)
        let root: JSONReader.Node
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            let message = error.isLimit
                ? "\(error.message); items nest at most \(maximumItemDepth) levels below their section (an item and its \"items\" take two)"
                : "JSON syntax: \(error.message)"
            throw DataFileError(file: file, kind: error.isLimit ? .limitExceeded : .syntax, line: error.line, column: error.column,
                                message: message)
        }
        guard case .array(let elements) = root.value else {
            throw contentError(file, root, "expected an array of sections at the top level, found \(root.value.kindName)")
        }
        var nodes: [DemoOutline.Node] = []
        var isNested = false
        for (index, element) in elements.enumerated() {
            try appendSection(element, path: "[\(index)]", file: file, to: &nodes, isNested: &isNested)
        }
        return isNested ? .outline(DemoOutline(nodes: nodes)) : .sections(sections(of: nodes))
    }

    /// The sections of an outline whose items do not nest: depth-0 nodes and their leaves.
    private static func sections(of nodes: [DemoOutline.Node]) -> [DemoSection] {
        var sections: [DemoSection] = []
        for node in nodes {
            if node.depth == 0 {
                sections.append(DemoSection(title: node.title, items: [], collapsed: !node.isExpanded))
            } else {
                sections[sections.count - 1].items.append(DemoItem(title: node.title, detail: node.detail))
            }
        }
        return sections
    }

    private static func contentError(_ file: String, _ node: JSONReader.Node, _ message: String) -> DataFileError {
        DataFileError(file: file, kind: .content, line: node.line, column: node.column, message: message)
    }

    /// One level of items still to walk: the array, the next element, its path and depth.
    private struct Level {
        var elements: [JSONReader.Node]
        var next: Int
        var path: String
        var depth: Int
    }

    /// Appends a section and every item below it, in preorder.
    private static func appendSection(
        _ node: JSONReader.Node, path: String, file: String, to nodes: inout [DemoOutline.Node], isNested: inout Bool
    ) throws(DataFileError) {
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
        let place = "(section \(DisplayWidth.quoted(title)))"
        let items = try itemsArray(members, path: path, place: place, file: file)
        let collapsed = try collapsedFlag(members, path: path, place: place, file: file)
        nodes.append(DemoOutline.Node(title: title, depth: 0, isGroup: true, isExpanded: !collapsed))
        guard let items else { return }
        var stack = [Level(elements: items, next: 0, path: path + ".items", depth: 1)]
        while let level = stack.last {
            guard level.next < level.elements.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let itemPath = "\(level.path)[\(level.next)]"
            let (item, children) = try self.item(level.elements[level.next], path: itemPath, depth: level.depth, place: place, file: file)
            nodes.append(item)
            if let children {
                isNested = true
                stack.append(Level(elements: children, next: 0, path: itemPath + ".items", depth: level.depth + 1))
            }
        }
    }

    /// An item: a string, or an object with a `title` and either a `detail` (a leaf) or
    /// `items` (a group, with an optional `collapsed`). Returns the node and, for a group,
    /// the elements of its `items`.
    private static func item(
        _ node: JSONReader.Node, path: String, depth: Int, place: String, file: String
    ) throws(DataFileError) -> (DemoOutline.Node, [JSONReader.Node]?) {
        switch node.value {
        case .string(let title):
            return (DemoOutline.Node(title: title, depth: depth, isGroup: false), nil)
        case .object(let members):
            try checkKeys(members, allowed: ["title", "detail", "items", "collapsed"], path: path, file: file)
            guard let titleMember = members.first(where: { $0.key == "title" }) else {
                throw contentError(file, node, "\(path) \(place): the item has no \"title\"")
            }
            guard case .string(let title) = titleMember.value.value else {
                throw contentError(file, titleMember.value, "\(path).title \(place): expected a string, found \(titleMember.value.value.kindName)")
            }
            var detail: String?
            if let detailMember = members.first(where: { $0.key == "detail" }) {
                switch detailMember.value.value {
                case .string(let text): detail = text
                case .null: detail = nil
                default:
                    throw contentError(file, detailMember.value, "\(path).detail \(place): expected a string or null, found \(detailMember.value.value.kindName)")
                }
            }
            let children = try itemsArray(members, path: path, place: place, file: file)
            let collapsed = try collapsedFlag(members, path: path, place: place, file: file)
            if children == nil, let member = members.first(where: { $0.key == "collapsed" }) {
                throw contentError(file, member.value, "\(path).collapsed \(place): only an item with \"items\" (a group) can be collapsed")
            }
            if children != nil, let member = members.first(where: { $0.key == "detail" }) {
                throw contentError(file, member.value, "\(path).detail \(place): an item with \"items\" is a group and shows no detail; give the detail to a leaf")
            }
            return (DemoOutline.Node(title: title, detail: detail, depth: depth, isGroup: children != nil, isExpanded: !collapsed), children)
        default:
            throw contentError(file, node, "\(path) \(place): expected a string or an object with \"title\", found \(node.value.kindName)")
        }
    }

    /// The elements of an `items` member, or `nil` without one.
    private static func itemsArray(_ members: [JSONReader.Member], path: String, place: String, file: String) throws(DataFileError) -> [JSONReader.Node]? {
        guard let member = members.first(where: { $0.key == "items" }) else { return nil }
        guard case .array(let elements) = member.value.value else {
            throw contentError(file, member.value, "\(path).items \(place): expected an array, found \(member.value.value.kindName)")
        }
        return elements
    }

    /// The value of a `collapsed` member; `false` without one.
    private static func collapsedFlag(_ members: [JSONReader.Member], path: String, place: String, file: String) throws(DataFileError) -> Bool {
        guard let member = members.first(where: { $0.key == "collapsed" }) else { return false }
        guard case .bool(let value) = member.value.value else {
            throw contentError(file, member.value, "\(path).collapsed \(place): expected true or false, found \(member.value.value.kindName)")
        }
        return value
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

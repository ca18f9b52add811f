/// Turns an XML property list shaped like seed 004's `headerList.plist` (a dictionary of
/// section titles to arrays of strings) into sections, in document order.
enum PlistSections {
    static func sections(from bytes: [UInt8], file: String) throws(DataFileError) -> [DemoSection] {
        let root: PlistReader.Element
        do {
            root = try PlistReader.parse(bytes)
        } catch {
            throw DataFileError(file: file, kind: error.kind, line: error.line,
                                message: error.kind == .syntax ? "XML syntax: \(error.message)" : error.message)
        }
        var dictionary = root
        if root.name == "plist" {
            guard root.children.count == 1, let only = root.children.first else {
                throw DataFileError(file: file, kind: .content, line: root.line,
                                    message: "<plist> must hold exactly one <dict>, found \(root.children.count) elements")
            }
            dictionary = only
        }
        guard dictionary.name == "dict" else {
            throw DataFileError(file: file, kind: .content, line: dictionary.line,
                                message: "expected a <dict> of section titles to arrays of strings, found \(tag(dictionary.name))")
        }
        try checkNoText(dictionary, file: file, place: "<dict>")
        var sections: [DemoSection] = []
        var firstLine: [String: Int] = [:]
        var index = 0
        let children = dictionary.children
        while index < children.count {
            let keyElement = children[index]
            guard keyElement.name == "key" else {
                throw DataFileError(file: file, kind: .content, line: keyElement.line,
                                    message: "expected <key> in the <dict>, found \(tag(keyElement.name))")
            }
            let title = keyElement.text
            if let first = firstLine[title] {
                throw DataFileError(file: file, kind: .content, line: keyElement.line,
                                    message: "key \(DisplayWidth.quoted(title)) appears twice (first on line \(first))")
            }
            firstLine[title] = keyElement.line
            guard index + 1 < children.count else {
                throw DataFileError(file: file, kind: .content, line: keyElement.line,
                                    message: "key \(DisplayWidth.quoted(title)) has no value; expected an <array> of <string>")
            }
            let value = children[index + 1]
            guard value.name == "array" else {
                throw DataFileError(file: file, kind: .content, line: value.line,
                                    message: "key \(DisplayWidth.quoted(title)): expected an <array> of <string>, found \(tag(value.name))")
            }
            try checkNoText(value, file: file, place: "the <array> of key \(DisplayWidth.quoted(title))")
            var items: [DemoItem] = []
            for (position, element) in value.children.enumerated() {
                guard element.name == "string" else {
                    throw DataFileError(file: file, kind: .content, line: element.line,
                                        message: "key \(DisplayWidth.quoted(title)), item [\(position)]: expected <string>, found \(tag(element.name))")
                }
                guard element.children.isEmpty else {
                    throw DataFileError(file: file, kind: .content, line: element.children[0].line,
                                        message: "key \(DisplayWidth.quoted(title)), item [\(position)]: <string> holds an element \(tag(element.children[0].name))")
                }
                items.append(DemoItem(title: element.text))
            }
            sections.append(DemoSection(title: title, items: items))
            index += 2
        }
        return sections
    }

    /// An element's name as a message shows it, `<name>`: escaped, and cut after 80
    /// scalars (libxml2 takes names of up to 50,000 bytes).
    private static func tag(_ name: String) -> String {
        let cut = name.unicodeScalars.count > 80
        return "<" + DisplayWidth.escaped(String(name.unicodeScalars.prefix(80))) + (cut ? "…" : "") + ">"
    }

    /// Rejects text (other than whitespace) directly inside a container element.
    private static func checkNoText(_ element: PlistReader.Element, file: String, place: String) throws(DataFileError) {
        let stray = element.text.trimmingWhitespace()
        guard stray.isEmpty else {
            throw DataFileError(file: file, kind: .content, line: element.line,
                                message: "unexpected text \(DisplayWidth.quoted(stray)) in \(place)")
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}

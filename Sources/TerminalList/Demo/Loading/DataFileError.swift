/// Why a `--data` file could not be used: the file, where in it (line, column, and the
/// section/item or key at fault, in the message), and what is wrong — one line.
///
/// ```swift
/// // sections.json:7:18: [1].items[2]: expected a string or an object with "title", found a number
/// // headerList.plist:9: key "吴", item [1]: expected <string>, found <integer>
/// // missing.json: no such file
/// ```
///
/// - Complexity: every member is O(1).
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The class of problem, as a struct over a private enum so new kinds don't break
    /// callers' code.
    ///
    /// - Complexity: every member is O(1).
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Raw: String, Hashable, Sendable {
            case fileNotFound, unreadable, notRegularFile, limitExceeded, invalidEncoding, unsupportedFormat, syntax, content
        }
        private let raw: Raw
        /// The file does not exist.
        public static let fileNotFound = Kind(raw: .fileNotFound)
        /// The file exists but can't be read (permissions, an I/O error).
        public static let unreadable = Kind(raw: .unreadable)
        /// The path names a directory, a FIFO, a device or a socket: only regular files are
        /// read, and those are refused before reading (a FIFO would block, `/dev/zero`
        /// never ends).
        public static let notRegularFile = Kind(raw: .notRegularFile)
        /// The file is over one of the demo's limits (`Docs/Limits.md`): its size, its
        /// nesting depth, the attributes of one XML element, or the length of one XML
        /// comment, CDATA section, processing instruction or attribute value.
        public static let limitExceeded = Kind(raw: .limitExceeded)
        /// The bytes are not valid UTF-8.
        public static let invalidEncoding = Kind(raw: .invalidEncoding)
        /// Neither JSON nor an XML property list (or a binary property list), or empty; or
        /// XML the demo does not read: entity declarations.
        public static let unsupportedFormat = Kind(raw: .unsupportedFormat)
        /// Malformed JSON or XML.
        public static let syntax = Kind(raw: .syntax)
        /// Well-formed, but not sections: a wrong type, a missing or unknown key.
        public static let content = Kind(raw: .content)
        /// The kind's name, e.g. `syntax`.
        ///
        /// - Complexity: O(1).
        public var description: String { raw.rawValue }
    }

    /// The path as given on the command line.
    public var file: String
    /// The class of problem.
    public var kind: Kind
    /// The 1-based line at fault, when the problem is inside the file.
    public var line: Int?
    /// The 1-based column (in Unicode scalars) at fault, when known.
    public var column: Int?
    /// What is wrong, naming the section/item or key at fault.
    public var message: String

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(file: String, kind: Kind, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, as compilers print it (`FILE: message` when there is
    /// no position), one line without a control character: the file name and any text
    /// quoted from the file are escaped (``DisplayWidth/escaped(_:)``).
    ///
    /// - Complexity: O(n) in the length of the file name and the message.
    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return DisplayWidth.escaped("\(place): \(message)")
    }
}

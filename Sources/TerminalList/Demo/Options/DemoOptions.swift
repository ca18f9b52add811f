/// Where the demo's list comes from.
///
/// - Complexity: every member is O(1).
public enum DemoDataSource: Hashable, Sendable {
    /// The five seeds' sections (``DemoList/builtIn``).
    case builtIn
    /// A JSON or XML property list file (``DemoDataFile``).
    case file(String)
    /// A synthetic list of `sections` × `itemsPerSection`, titled on demand.
    case generated(sections: Int, itemsPerSection: Int)
}

/// The demo's command line, parsed.
///
/// ```swift
/// let options = try DemoOptions.parse(["--generate", "10000x100", "--size", "100x30"])
/// ```
///
/// | option              | meaning                                                         |
/// |---------------------|-----------------------------------------------------------------|
/// | `--data FILE`       | load the list from FILE (JSON or XML plist)                     |
/// | `--generate SxR`    | a synthetic list of S sections × R rows (`x`, `X` or `×`)        |
/// | `--script "KEYS"`   | run these keys (see ``KeyScript``) instead of reading the keyboard |
/// | `--size COLSxROWS`  | the screen size when not drawing on a terminal (80x24 otherwise) |
/// | `--frames`          | print every screen, each after a separator line, not only the last |
/// | `--help`, `-h`      | print the usage and exit                                        |
///
/// `--opt=value` works as well as `--opt value`. An option given twice, or `--data` with
/// `--generate`, is an error.
///
/// - Complexity: every member is O(n) in the length of the arguments.
public struct DemoOptions: Hashable, Sendable {
    /// Where the list comes from; built in when neither `--data` nor `--generate` is given.
    public var dataSource: DemoDataSource = .builtIn
    /// The commands of `--script`, or `nil` when the keyboard drives the demo.
    public var script: [DemoCommand]?
    /// The `--size`, or `nil` to use the terminal's (or 80x24 off a terminal).
    public var size: TerminalSize?
    /// Whether `--frames` was given.
    public var printsEveryFrame = false
    /// Whether `--help` was given.
    public var showsHelp = false

    /// The largest list `--generate` builds, in rows (sections × rows per section).
    public static let maximumGeneratedItems = 100_000_000
    /// The largest `--size` in either direction.
    public static let maximumScreenDimension = 10_000

    /// The options of an empty command line.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The usage text `--help` prints.
    public static let usage = """
        usage: listkernel-demo [--data FILE | --generate SECTIONSxROWS] [--script "KEYS"]
                               [--size COLSxROWS] [--frames] [--help]

        A full-screen list with collapsible sections, drawn in the terminal.

          --data FILE         load sections from FILE: a JSON array of
                              {"title": ..., "items": [...], "collapsed": false}
                              or an XML plist dict of title -> array of strings
          --generate SxR      a synthetic list of S sections of R rows (e.g. 10000x100)
          --script "KEYS"     run space-separated keys without a terminal and print the
                              final screen as plain text (q ends the script):
                              down up j k pgdn pgup home end g G enter c e q /TEXT
          --size COLSxROWS    screen size when not on a terminal (default 80x24)
          --frames            print every screen, each after a line "--- frame N: KEY ---"
                              ("--- frame 0 ---" before the first)
          --help              show this help

        Without --script, and with standard output not a terminal, the first screen is
        printed and the program exits.

        keys: ↑/k ↓/j move, PgUp/PgDn page, Home/g End/G ends, Enter fold/expand,
              c collapse all, e expand all, / search, q quit
        """

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The arguments, e.g. `["--size", "80x24", "--frames"]`.
    /// - Returns: The options; `--help` anywhere wins over every other argument.
    /// - Throws: ``DemoOptionsError`` naming the argument at fault.
    /// - Complexity: O(n) in the total length of the arguments.
    public static func parse(_ arguments: [String]) throws(DemoOptionsError) -> DemoOptions {
        var options = DemoOptions()
        if arguments.contains("--help") || arguments.contains("-h") {
            options.showsHelp = true
            return options
        }
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                throw DemoOptionsError("unexpected argument \(DisplayWidth.quoted(argument)) (see --help)")
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard ["--data", "--generate", "--script", "--size", "--frames"].contains(name) else {
                throw DemoOptionsError("unknown option \(DisplayWidth.quoted(name)) (see --help)")
            }
            guard seen.insert(name).inserted else {
                throw DemoOptionsError("\(name) is given twice")
            }
            if name == "--frames" {
                guard inlineValue == nil else { throw DemoOptionsError("--frames takes no value") }
                options.printsEveryFrame = true
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw DemoOptionsError("\(name) needs a value (see --help)") }
                value = arguments[index]
                index += 1
            }
            switch name {
            case "--data":
                guard !value.isEmpty else { throw DemoOptionsError("--data needs a file name") }
                options.dataSource = .file(value)
            case "--generate":
                let (sections, items) = try generateSize(value)
                options.dataSource = .generated(sections: sections, itemsPerSection: items)
            case "--script":
                do {
                    options.script = try KeyScript.parse(value)
                } catch {
                    throw DemoOptionsError(error.description)
                }
            default:  // --size
                options.size = try screenSize(value)
            }
        }
        if seen.contains("--data"), seen.contains("--generate") {
            throw DemoOptionsError("--data and --generate can't be used together")
        }
        return options
    }

    /// Parses `AxB` (also `AX B`, `A×B`) into two non-negative integers, or `nil`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func dimensions(_ text: String) -> (first: Int, second: Int)? {
        guard let separator = text.firstIndex(where: { $0 == "x" || $0 == "X" || $0 == "×" }) else { return nil }
        let first = text[..<separator]
        let second = text[text.index(after: separator)...]
        guard !first.isEmpty, !second.isEmpty,
              first.allSatisfy({ $0.isASCII && $0.isNumber }), second.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        // Digits that overflow Int are reported as too large by the callers.
        return (Int(first) ?? Int.max, Int(second) ?? Int.max)
    }

    /// The value of `--generate`.
    static func generateSize(_ text: String) throws(DemoOptionsError) -> (sections: Int, items: Int) {
        guard let (sections, items) = dimensions(text) else {
            throw DemoOptionsError("--generate \(DisplayWidth.quoted(text)): expected SECTIONSxROWS, e.g. 10000x100")
        }
        let (total, overflow) = sections.multipliedReportingOverflow(by: items)
        guard !overflow, total <= maximumGeneratedItems else {
            throw DemoOptionsError("--generate \(text): more rows than the limit of \(maximumGeneratedItems)")
        }
        return (sections, items)
    }

    /// The value of `--size`.
    static func screenSize(_ text: String) throws(DemoOptionsError) -> TerminalSize {
        guard let (columns, rows) = dimensions(text) else {
            throw DemoOptionsError("--size \(DisplayWidth.quoted(text)): expected COLSxROWS, e.g. 80x24")
        }
        guard (1...maximumScreenDimension).contains(columns), (1...maximumScreenDimension).contains(rows) else {
            throw DemoOptionsError("--size \(text): columns and rows must be between 1 and \(maximumScreenDimension)")
        }
        return TerminalSize(columns: columns, rows: rows)
    }
}

/// A command line the demo can't use; its description is the one line printed before
/// exiting with status 2.
///
/// - Complexity: every member is O(1).
public struct DemoOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the argument.
    public var message: String

    /// Creates an error with `message`.
    ///
    /// - Complexity: O(1).
    public init(_ message: String) { self.message = message }

    /// The message, one line without a control character (``DisplayWidth/escaped(_:)``).
    ///
    /// - Complexity: O(n) in the length of the message.
    public var description: String { DisplayWidth.escaped(message) }
}

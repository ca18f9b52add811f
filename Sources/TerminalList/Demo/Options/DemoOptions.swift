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
    /// A directory tree browsed from this path, folders listed as they are expanded
    /// (``DirectoryTree``).
    case tree(String)
}

/// The demo's command line, parsed.
///
/// ```swift
/// let options = try DemoOptions.parse(["--generate", "10000x100", "--size", "100x30"])
/// ```
///
/// | option              | meaning                                                         |
/// |---------------------|-----------------------------------------------------------------|
/// | `--data FILE`       | load the list from FILE (JSON or XML plist; nested JSON items are an outline) |
/// | `--generate SxR`    | a synthetic list of S sections × R rows (`x`, `X` or `×`)        |
/// | `--tree PATH`       | browse the directory tree at PATH (``DirectoryTree``)            |
/// | `--follow FILE`     | a live tail of FILE (``FollowSession``), as `tail -f`            |
/// | `--section REGEX`   | with `--follow`: a matching line starts a foldable section       |
/// | `--script "KEYS"`   | run these keys (see ``KeyScript``) instead of reading the keyboard |
/// | `--size COLSxROWS`  | the screen size when not drawing on a terminal (80x24 otherwise) |
/// | `--frames`          | print every screen, each after a separator line, not only the last |
/// | `--help`, `-h`      | print the usage and exit                                        |
///
/// `--opt=value` works as well as `--opt value`. An option given twice, two of `--data`,
/// `--generate`, `--tree` and `--follow`, or `--section` without `--follow`, is an error.
///
/// - Complexity: every member is O(n) in the length of the arguments.
public struct DemoOptions: Hashable, Sendable {
    /// Where the list comes from; built in when none of `--data`, `--generate` and `--tree`
    /// is given.
    public var dataSource: DemoDataSource = .builtIn
    /// The commands of `--script`, or `nil` when the keyboard drives the demo.
    public var script: [DemoCommand]?
    /// The `--size`, or `nil` to use the terminal's (or 80x24 off a terminal).
    public var size: TerminalSize?
    /// Whether `--frames` was given.
    public var printsEveryFrame = false
    /// Whether `--help` was given.
    public var showsHelp = false
    /// The file of `--follow`, or `nil`.
    public var followedPath: String?
    /// The pattern of `--section` (with `--follow`), or `nil`.
    public var sectionPattern: String?

    /// The most memory `--generate` may need by ``estimatedGeneratedBytes(sections:itemsPerSection:)``:
    /// 1 GiB. The largest worlds it accepts, 2,031,616 empty sections or one section of
    /// 130,023,360 rows, were measured at well under 2 GB (`Docs/Limits.md`).
    public static let maximumGeneratedBytes = 1 << 30
    /// What the estimate counts for each generated section: the kernel's section tree,
    /// the footer of an empty section, and the arrays `c` and `e` build (measured at
    /// about 450 bytes a section in a debug build, 50 more while `c` runs).
    public static let estimatedBytesPerSection = 512
    /// What the estimate counts for each generated row: nothing while a section is uniform,
    /// but expanding a row turns its section variable, about 4.5 bytes a row in the
    /// kernel's extent runs; 8 covers that with room.
    public static let estimatedBytesPerRow = 8
    /// What the estimate counts whatever the size: the program, its views and screens.
    public static let estimatedBaseBytes = 32 << 20

    /// The options of an empty command line.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The usage text `--help` prints.
    public static let usage = """
        usage: listkernel-demo [--data FILE | --generate SECTIONSxROWS | --tree PATH
                                | --follow FILE [--section REGEX]]
                               [--script "KEYS"] [--size COLSxROWS] [--frames] [--help]

        A full-screen list with collapsible sections, drawn in the terminal.

          --data FILE         load sections from FILE: a JSON array of
                              {"title": ..., "items": [...], "collapsed": false}
                              or an XML plist dict of title -> array of strings;
                              an item with its own "items" nests (any depth up
                              to 127 levels): the file is then an outline
          --tree PATH         browse the directory tree at PATH: folders are
                              listed in the background when first expanded
          --generate SxR      a synthetic list of S sections of R rows (e.g. 10000x100),
                              up to about 1 GiB of memory (S x 512 B + S x R x 8 B)
          --follow FILE       a live tail of FILE, as tail -f: new lines at the bottom
                              while at the end; scrolling up pauses (the status line
                              counts new lines below), G resumes
          --section REGEX     with --follow: a line matching REGEX starts a foldable
                              section (Enter folds the section at the top)
          --script "KEYS"     run space-separated keys without a terminal and print the
                              final screen as plain text (q ends the script):
                              down up j k pgdn pgup home end g G enter
                              right left l h c e esc q /TEXT
                              (with --tree, each key waits for the folders
                              being listed, so the output is reproducible)
          --size COLSxROWS    screen size when not on a terminal (default 80x24,
                              at most 2000x1000)
          --frames            print every screen, each after a line "--- frame N: KEY ---"
                              ("--- frame 0 ---" before the first)
          --help              show this help

        Without --script, and with standard output not a terminal, the first screen is
        printed and the program exits.

        keys: ↑/k ↓/j move, PgUp/PgDn page, Home/g End/G ends, Enter fold/expand,
              →/l open (or step in), ←/h close (or step out to the parent),
              c collapse all, e expand all, / search (Esc stops it), q quit
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
            guard ["--data", "--generate", "--tree", "--script", "--size", "--frames", "--follow", "--section"].contains(name) else {
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
            case "--tree":
                guard !value.isEmpty else { throw DemoOptionsError("--tree needs a directory") }
                options.dataSource = .tree(value)
            case "--follow":
                guard !value.isEmpty else { throw DemoOptionsError("--follow needs a file name") }
                options.followedPath = value
            case "--section":
                do {
                    _ = try Regex(value)
                } catch {
                    throw DemoOptionsError("--section \(DisplayWidth.quoted(value)): not a regular expression")
                }
                options.sectionPattern = value
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
        if seen.contains("--tree"), seen.contains("--data") || seen.contains("--generate") {
            throw DemoOptionsError("--tree can't be used with --data or --generate")
        }
        if seen.contains("--follow"), seen.contains("--data") || seen.contains("--generate") || seen.contains("--tree") {
            throw DemoOptionsError("--follow can't be used with --data, --generate or --tree")
        }
        if seen.contains("--section"), !seen.contains("--follow") {
            throw DemoOptionsError("--section needs --follow")
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

    /// The memory a generated list of `sections` × `itemsPerSection` may need, by a
    /// linear estimate from measurements: ``estimatedBaseBytes`` + sections ×
    /// ``estimatedBytesPerSection`` + rows × ``estimatedBytesPerRow``, rows counted as if
    /// every section had a row expanded (the worst a session can do). `--generate` refuses
    /// a list whose estimate is over ``maximumGeneratedBytes``, before allocating anything.
    ///
    /// ```swift
    /// DemoOptions.estimatedGeneratedBytes(sections: 10_000, itemsPerSection: 100)   // 46_674_432
    /// ```
    ///
    /// - Parameters:
    ///   - sections: The number of sections, 0 or more.
    ///   - itemsPerSection: The rows in each, 0 or more.
    /// - Returns: The estimate in bytes, or `nil` when it doesn't fit in an `Int`.
    /// - Complexity: O(1).
    public static func estimatedGeneratedBytes(sections: Int, itemsPerSection: Int) -> Int? {
        let (rows, rowsOverflow) = sections.multipliedReportingOverflow(by: itemsPerSection)
        let (rowBytes, rowBytesOverflow) = rows.multipliedReportingOverflow(by: estimatedBytesPerRow)
        let (sectionBytes, sectionBytesOverflow) = sections.multipliedReportingOverflow(by: estimatedBytesPerSection)
        let (sum, sumOverflow) = rowBytes.addingReportingOverflow(sectionBytes)
        let (total, totalOverflow) = sum.addingReportingOverflow(estimatedBaseBytes)
        guard !(rowsOverflow || rowBytesOverflow || sectionBytesOverflow || sumOverflow || totalOverflow) else { return nil }
        return total
    }

    /// The value of `--generate`.
    static func generateSize(_ text: String) throws(DemoOptionsError) -> (sections: Int, items: Int) {
        guard let (sections, items) = dimensions(text) else {
            throw DemoOptionsError("--generate \(DisplayWidth.quoted(text)): expected SECTIONSxROWS, e.g. 10000x100")
        }
        if let bytes = estimatedGeneratedBytes(sections: sections, itemsPerSection: items), bytes <= maximumGeneratedBytes {
            return (sections, items)
        }
        let mebibyte = 1 << 20
        let need = estimatedGeneratedBytes(sections: sections, itemsPerSection: items)
            .map { "needs about \(($0 + mebibyte - 1) / mebibyte) MiB" } ?? "needs more memory than can be counted"
        let room = maximumGeneratedBytes - estimatedBaseBytes
        let perSection = items > (room - estimatedBytesPerSection) / estimatedBytesPerRow
            ? nil : estimatedBytesPerSection + items * estimatedBytesPerRow
        let fits = perSection.map { "at most \(room / $0) sections of \(items) \(items == 1 ? "row" : "rows") fit" }
            ?? "one section holds at most \((room - estimatedBytesPerSection) / estimatedBytesPerRow) rows"
        throw DemoOptionsError("--generate \(text): \(need) (\(estimatedBytesPerSection) B a section, \(estimatedBytesPerRow) B a row, \(estimatedBaseBytes / mebibyte) MiB more), over the limit of \(maximumGeneratedBytes / mebibyte) MiB; \(fits)")
    }

    /// The value of `--size`.
    static func screenSize(_ text: String) throws(DemoOptionsError) -> TerminalSize {
        guard let (columns, rows) = dimensions(text) else {
            throw DemoOptionsError("--size \(DisplayWidth.quoted(text)): expected COLSxROWS, e.g. 80x24")
        }
        let maximum = TerminalSize.maximum
        guard (1...maximum.columns).contains(columns), (1...maximum.rows).contains(rows) else {
            throw DemoOptionsError("--size \(text): columns must be 1 to \(maximum.columns) and rows 1 to \(maximum.rows)")
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

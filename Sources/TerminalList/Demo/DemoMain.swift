import ListKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `listkernel-demo` program, kept in the library so it can be tested; `main.swift`
/// only calls ``main()``.
///
/// - `--help`: prints the usage, exit status 0.
/// - a bad command line, script, or data file, or one over a limit (`Docs/Limits.md`):
///   one line on standard error (``errorLine(_:)``), status 2.
/// - `--script` given, or standard output not a terminal: runs the script's commands on a
///   ``DemoSession`` of `--size` (default 80x24) without a terminal and prints the final
///   screen as plain text, one line per terminal row, each exactly COLS columns wide;
///   `q` ends the script, and a search runs to its end. With `--frames`, prints every
///   screen instead, each preceded by a separator line (``frameSeparator(_:command:)``).
///   Status 0.
/// - otherwise: the interactive list, full-screen, until q or end of input (status 0) or
///   Ctrl-C (status 130, as a shell reports an interrupt), redrawn on resize; a search
///   runs in bounded steps with keys read between them. The terminal is restored on every
///   way out, a crash included (``Terminal``).
///
/// - Complexity: O(sections) to set up, then O(log n + k) kernel work per command for k
///   views on screen, plus O(rows × columns) per screen drawn.
public enum DemoMain {
    /// Exit status for a usage or data error.
    public static let usageErrorStatus: Int32 = 2

    /// Runs the program on the real command line and terminal. The kernel's per-mutation
    /// invariant checks of debug builds (`InvariantChecks`) are suspended here: they cost
    /// O(n) per change, which would make `c` on a 10,000-section list take seconds and the
    /// status line's timings meaningless in `swift run`'s debug build. Tests that call
    /// ``run(arguments:outputIsTerminal:output:errorOutput:clock:limits:)`` keep them on.
    ///
    /// - Returns: The exit status.
    /// - Complexity: as ``run(arguments:outputIsTerminal:output:errorOutput:clock:limits:)``.
    public static func main() -> Int32 {
        InvariantChecks.$areSuspended.withValue(true) {
            run(arguments: Array(CommandLine.arguments.dropFirst()),
                outputIsTerminal: Terminal.isTerminal(STDOUT_FILENO) && Terminal.isTerminal(STDIN_FILENO),
                output: { writeAll($0, to: STDOUT_FILENO) },
                errorOutput: { writeAll($0, to: STDERR_FILENO) })
        }
    }

    /// Runs the program.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - outputIsTerminal: Whether to take over the terminal (standard input and output)
    ///     when no `--script` is given.
    ///   - output: Receives standard output text.
    ///   - errorOutput: Receives standard error text.
    ///   - clock: The monotonic clock kernel calls are timed with (tests pass a fixed one).
    ///   - limits: The limits a test may lower; ``DemoLimits/standard`` otherwise.
    /// - Returns: The exit status: 0, or ``usageErrorStatus``, or 130 after Ctrl-C, or 1
    ///   when the terminal can't be set up or the kernel refuses a call.
    /// - Complexity: see ``DemoMain``.
    public static func run(
        arguments: [String], outputIsTerminal: Bool,
        output: (String) -> Void, errorOutput: (String) -> Void,
        clock: @escaping () -> UInt64 = MonotonicClock.nanoseconds,
        limits: DemoLimits = .standard
    ) -> Int32 {
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(arguments)
        } catch {
            errorOutput(errorLine(error.description))
            return usageErrorStatus
        }
        if options.showsHelp {
            output(DemoOptions.usage + "\n")
            return 0
        }
        if let path = options.followedPath {
            return runFollowing(path: path, options: options, outputIsTerminal: outputIsTerminal, output: output, errorOutput: errorOutput)
        }
        let makeSession: (TerminalSize) throws(ListError) -> any DemoScreenSession
        do {
            makeSession = try sessionMaker(for: options.dataSource, clock: clock, limits: limits)
        } catch {
            errorOutput(errorLine(error.description))
            return usageErrorStatus
        }
        if outputIsTerminal, options.script == nil {
            do {
                return try runInteractive(makeSession: makeSession, clock: clock)
            } catch {
                errorOutput(errorLine(error.description))
                return 1
            }
        }
        do {
            let session = try makeSession(options.size ?? TerminalSize(columns: 80, rows: 24))
            try runScript(options.script ?? [], session: session, printsEveryFrame: options.printsEveryFrame, output: output)
        } catch {
            errorOutput(errorLine("the list kernel refused a call: \(error.description)"))
            return 1
        }
        return 0
    }

    /// Why the data could not be loaded: a data file's error, or a `--tree` path's.
    private enum LoadFailure: Error, CustomStringConvertible {
        case file(DataFileError)
        case tree(DirectoryTreeError)

        var description: String {
            switch self {
            case .file(let error): error.description
            case .tree(let error): "--tree \(error.description)"
            }
        }
    }

    /// Loads what `source` describes and returns how to make its session at a size: a
    /// ``DemoSession`` for sections, an ``OutlineSession`` for a nested data file or a
    /// directory tree (whose root starts expanded, its listing already under way).
    private static func sessionMaker(
        for source: DemoDataSource, clock: @escaping () -> UInt64, limits: DemoLimits
    ) throws(LoadFailure) -> (TerminalSize) throws(ListError) -> any DemoScreenSession {
        let perStep = limits.searchTitlesPerStep
        let list: DemoList
        switch source {
        case .tree(let path):
            let tree: DirectoryTree
            do { tree = try DirectoryTree(path: path) } catch { throw .tree(error) }
            return { size throws(ListError) in
                try OutlineSession(content: tree, items: tree.rootItems, expanding: [DirectoryTree.rootID], size: size,
                                   clock: clock, searchTitlesPerStep: perStep)
            }
        case .file(let path):
            let document: DemoDocument
            do { document = try DemoDataFile.loadDocument(path: path, maximumBytes: limits.maximumFileBytes) } catch { throw .file(error) }
            switch document {
            case .sections(let sections):
                list = DemoList(sections: sections)
            case .outline(let outline):
                let content = DemoOutlineContent(outline)
                return { size throws(ListError) in
                    try OutlineSession(content: content, items: outline.outlineItems, size: size, clock: clock, searchTitlesPerStep: perStep)
                }
            }
        case .builtIn, .generated:
            do { list = try makeList(source, limits: limits) } catch { throw .file(error) }
        }
        return { size throws(ListError) in try DemoSession(data: list, size: size, clock: clock, searchTitlesPerStep: perStep) }
    }

    /// The line an error is reported in: `listkernel-demo: ` and `message`, escaped
    /// (``DisplayWidth/escaped(_:)``) so that it stays one line and sends the terminal no
    /// control character, then a line break.
    ///
    /// - Parameter message: What went wrong.
    /// - Returns: The line, ending in "\n".
    /// - Complexity: O(n) in the length of `message`.
    public static func errorLine(_ message: String) -> String {
        "listkernel-demo: \(DisplayWidth.escaped(message))\n"
    }

    /// The line printed before each screen with `--frames`: `--- frame 0 ---` before the
    /// first screen, `--- frame N: WORD ---` before the screen after the Nth command (WORD
    /// is the command's script word, escaped: a search text may hold anything). A screen
    /// line is never this short unless the screen is, so the frames split unambiguously at
    /// lines starting with `--- frame `.
    ///
    /// - Parameters:
    ///   - index: The frame's number, from 0.
    ///   - command: The command applied before it; `nil` for the first frame.
    /// - Returns: The line, ending in "\n".
    /// - Complexity: O(1).
    public static func frameSeparator(_ index: Int, command: DemoCommand?) -> String {
        guard let command else { return "--- frame \(index) ---\n" }
        return "--- frame \(index): \(DisplayWidth.escaped(command.description)) ---\n"
    }

    /// Applies `script` to a session without a terminal and prints its screens as plain
    /// text: the last one, or every one with a separator before each. Loads started (a
    /// folder of `--tree` being listed) are waited for before the first screen and after
    /// every command, so the output does not depend on how fast the file system answers.
    private static func runScript(
        _ script: [DemoCommand], session: any DemoScreenSession, printsEveryFrame: Bool, output: (String) -> Void
    ) throws(ListError) {
        try session.settleLoads()
        if printsEveryFrame { output(frameSeparator(0, command: nil) + session.screen(searchPrompt: nil).plainText) }
        for (index, command) in script.enumerated() {
            if command == .quit || command == .interrupt { break }
            try session.apply(command)
            // Without a terminal nothing can interrupt a search: it runs to its end.
            while session.isSearching { try session.continueSearch() }
            try session.settleLoads()
            if printsEveryFrame { output(frameSeparator(index + 1, command: command) + session.screen(searchPrompt: nil).plainText) }
        }
        if !printsEveryFrame { output(session.screen(searchPrompt: nil).plainText) }
    }

    /// The list `source` describes.
    ///
    /// - Parameters:
    ///   - source: Where the list comes from.
    ///   - limits: The limits a data file is read under.
    /// - Throws: ``DataFileError`` for a file that can't be used (a file whose items nest
    ///   is an outline, not a list, and so is a `.tree`).
    /// - Complexity: O(1) for built-in and generated lists, O(n) in the file's size.
    public static func makeList(_ source: DemoDataSource, limits: DemoLimits = .standard) throws(DataFileError) -> DemoList {
        switch source {
        case .builtIn: DemoList.builtIn
        case .file(let path): DemoList(sections: try DemoDataFile.load(path: path, maximumBytes: limits.maximumFileBytes))
        case .generated(let sections, let items): DemoList.generated(sections: sections, itemsPerSection: items)
        case .tree(let path):
            throw DataFileError(file: path, kind: .notRegularFile, message: "a directory tree is not a list of sections: browse it with --tree")
        }
    }

    /// Why the interactive list stopped early.
    private enum InteractiveFailure: Error, CustomStringConvertible {
        case terminal(TerminalError)
        case kernel(ListError)

        var description: String {
            switch self {
            case .terminal(let error): error.description
            case .kernel(let error): "the list kernel refused a call: \(error.description)"
            }
        }
    }

    /// The interactive session, full-screen, until q, Ctrl-C or the end of input; returns
    /// the exit status. The terminal is restored before an error is reported. While loads
    /// are pending, the wait for a key is cut to 30 ms, so that an answer is shown soon
    /// after it arrives; answers are handed to the session between keys, on this thread.
    private static func runInteractive(
        makeSession: (TerminalSize) throws(ListError) -> any DemoScreenSession, clock: @escaping () -> UInt64
    ) throws(InteractiveFailure) -> Int32 {
        let terminal: Terminal
        do { terminal = try Terminal() } catch { throw .terminal(error) }
        defer { terminal.restore() }
        let fallback = TerminalSize(columns: 80, rows: 24)
        let session: any DemoScreenSession
        do {
            session = try makeSession(terminal.size ?? fallback)
        } catch {
            throw .kernel(error)
        }
        var renderer = ANSIRenderer()
        var decoder = KeyDecoder()
        var interpreter = CommandInterpreter()
        var lastDraw: UInt64 = 0
        func draw() {
            terminal.write(renderer.frame(session.screen(searchPrompt: interpreter.searchPrompt)))
            lastDraw = clock()
        }
        draw()
        while true {
            let keys: [Key]
            // While a search runs, keys are only polled for between its steps.
            let wait: Int32 = decoder.hasPendingInput ? 25 : (session.isSearching ? 0 : (session.hasPendingLoads ? 30 : -1))
            switch terminal.nextEvent(timeoutMilliseconds: wait) {
            case .input(let bytes): keys = decoder.decode(bytes)
            case .timedOut: keys = decoder.flush()
            case .resized:
                do { try session.resize(to: terminal.size ?? session.size) } catch { throw .kernel(error) }
                renderer.invalidate()
                draw()
                continue
            case .endOfInput: return 0
            }
            for key in keys {
                guard let command = interpreter.interpret(key) else { continue }
                switch command {
                case .quit: return 0
                case .interrupt: return 130
                default:
                    do { try session.apply(command) } catch { throw .kernel(error) }
                }
            }
            do { try session.deliverFinishedLoads() } catch { throw .kernel(error) }
            if keys.isEmpty, session.isSearching {
                // One bounded step, then keys again; the progress is drawn every 50 ms.
                do { try session.continueSearch() } catch { throw .kernel(error) }
                if session.isSearching, clock() &- lastDraw < 50_000_000 { continue }
            }
            draw()
        }
    }

    /// Writes all of `text` to `descriptor`.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

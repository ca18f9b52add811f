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
        let list: DemoList
        do {
            list = try makeList(options.dataSource, limits: limits)
        } catch {
            errorOutput(errorLine(error.description))
            return usageErrorStatus
        }
        if outputIsTerminal, options.script == nil {
            do {
                return try runInteractive(list: list, clock: clock, searchTitlesPerStep: limits.searchTitlesPerStep)
            } catch {
                errorOutput(errorLine(error.description))
                return 1
            }
        }
        do {
            try runScript(options.script ?? [], list: list, size: options.size ?? TerminalSize(columns: 80, rows: 24),
                          printsEveryFrame: options.printsEveryFrame, clock: clock,
                          searchTitlesPerStep: limits.searchTitlesPerStep, output: output)
        } catch {
            errorOutput(errorLine("the list kernel refused a call: \(error.description)"))
            return 1
        }
        return 0
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
    /// text: the last one, or every one with a separator before each.
    private static func runScript(
        _ script: [DemoCommand], list: DemoList, size: TerminalSize, printsEveryFrame: Bool,
        clock: @escaping () -> UInt64, searchTitlesPerStep: Int, output: (String) -> Void
    ) throws(ListError) {
        let session = try DemoSession(data: list, size: size, clock: clock, searchTitlesPerStep: searchTitlesPerStep)
        if printsEveryFrame { output(frameSeparator(0, command: nil) + session.screen().plainText) }
        for (index, command) in script.enumerated() {
            if command == .quit || command == .interrupt { break }
            try session.apply(command)
            // Without a terminal nothing can interrupt a search: it runs to its end.
            while session.isSearching { try session.continueSearch() }
            if printsEveryFrame { output(frameSeparator(index + 1, command: command) + session.screen().plainText) }
        }
        if !printsEveryFrame { output(session.screen().plainText) }
    }

    /// The list `source` describes.
    ///
    /// - Parameters:
    ///   - source: Where the list comes from.
    ///   - limits: The limits a data file is read under.
    /// - Throws: ``DataFileError`` for a file that can't be used.
    /// - Complexity: O(1) for built-in and generated lists, O(n) in the file's size.
    public static func makeList(_ source: DemoDataSource, limits: DemoLimits = .standard) throws(DataFileError) -> DemoList {
        switch source {
        case .builtIn: DemoList.builtIn
        case .file(let path): DemoList(sections: try DemoDataFile.load(path: path, maximumBytes: limits.maximumFileBytes))
        case .generated(let sections, let items): DemoList.generated(sections: sections, itemsPerSection: items)
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

    /// The interactive list, full-screen, until q, Ctrl-C or the end of input; returns the
    /// exit status. The terminal is restored before an error is reported.
    private static func runInteractive(
        list: DemoList, clock: @escaping () -> UInt64, searchTitlesPerStep: Int
    ) throws(InteractiveFailure) -> Int32 {
        let terminal: Terminal
        do { terminal = try Terminal() } catch { throw .terminal(error) }
        defer { terminal.restore() }
        let fallback = TerminalSize(columns: 80, rows: 24)
        let session: DemoSession
        do {
            session = try DemoSession(data: list, size: terminal.size ?? fallback, clock: clock,
                                      searchTitlesPerStep: searchTitlesPerStep)
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
            let wait: Int32 = decoder.hasPendingInput ? 25 : (session.isSearching ? 0 : -1)
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `listkernel-demo` program, kept in the library so it can be tested; `main.swift`
/// only calls ``main()``.
///
/// What it does today, before the kernel is wired in:
/// - `--help`: prints the usage, exit status 0.
/// - a bad command line, script, or data file: one line on standard error, status 2.
/// - standard output is not a terminal, or `--script` is given: prints the first screen
///   as plain text (`--size`, default 80x24), status 0. The script is checked but not run.
/// - otherwise: shows the first screen full-screen until q or end of input (status 0) or
///   Ctrl-C (status 130, as a shell reports an interrupt), redrawing on resize.
///
/// - Complexity: O(screen size) plus loading the data.
public enum DemoMain {
    /// Exit status for a usage or data error.
    public static let usageErrorStatus: Int32 = 2

    /// Runs the program on the real command line and terminal.
    ///
    /// - Returns: The exit status.
    /// - Complexity: as ``run(arguments:outputIsTerminal:output:errorOutput:)``.
    public static func main() -> Int32 {
        run(arguments: Array(CommandLine.arguments.dropFirst()),
            outputIsTerminal: Terminal.isTerminal(STDOUT_FILENO) && Terminal.isTerminal(STDIN_FILENO),
            output: { writeAll($0, to: STDOUT_FILENO) },
            errorOutput: { writeAll($0, to: STDERR_FILENO) })
    }

    /// Runs the program.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - outputIsTerminal: Whether to take over the terminal (standard input and output)
    ///     when no `--script` is given.
    ///   - output: Receives standard output text.
    ///   - errorOutput: Receives standard error text.
    /// - Returns: The exit status: 0, or ``usageErrorStatus``, or 130 after Ctrl-C, or 1
    ///   when the terminal can't be set up.
    /// - Complexity: O(screen size) plus loading the data.
    public static func run(
        arguments: [String], outputIsTerminal: Bool,
        output: (String) -> Void, errorOutput: (String) -> Void
    ) -> Int32 {
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(arguments)
        } catch {
            errorOutput("listkernel-demo: \(error.description)\n")
            return usageErrorStatus
        }
        if options.showsHelp {
            output(DemoOptions.usage + "\n")
            return 0
        }
        let list: DemoList
        do {
            list = try makeList(options.dataSource)
        } catch {
            errorOutput("listkernel-demo: \(error.description)\n")
            return usageErrorStatus
        }
        if outputIsTerminal, options.script == nil {
            do {
                return try runInteractive(list: list)
            } catch {
                errorOutput("listkernel-demo: \(error.description)\n")
                return 1
            }
        }
        let size = options.size ?? TerminalSize(columns: 80, rows: 24)
        output(PreviewRenderer.firstScreen(of: list, size: size).plainText)
        return 0
    }

    /// The list `source` describes.
    ///
    /// - Throws: ``DataFileError`` for a file that can't be used.
    /// - Complexity: O(1) for built-in and generated lists, O(n) in the file's size.
    public static func makeList(_ source: DemoDataSource) throws(DataFileError) -> DemoList {
        switch source {
        case .builtIn: DemoList.builtIn
        case .file(let path): DemoList(sections: try DemoDataFile.load(path: path))
        case .generated(let sections, let items): DemoList.generated(sections: sections, itemsPerSection: items)
        }
    }

    /// Shows the preview full-screen until q, Ctrl-C or the end of input; returns the exit
    /// status.
    private static func runInteractive(list: DemoList) throws(TerminalError) -> Int32 {
        let terminal = try Terminal()
        defer { terminal.restore() }
        var renderer = ANSIRenderer()
        var decoder = KeyDecoder()
        var interpreter = CommandInterpreter()
        func draw() {
            let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
            terminal.write(renderer.frame(PreviewRenderer.firstScreen(of: list, size: size)))
        }
        draw()
        while true {
            let keys: [Key]
            switch terminal.nextEvent(timeoutMilliseconds: decoder.hasPendingInput ? 25 : -1) {
            case .input(let bytes): keys = decoder.decode(bytes)
            case .timedOut: keys = decoder.flush()
            case .resized:
                renderer.invalidate()
                draw()
                continue
            case .endOfInput: return 0
            }
            for key in keys {
                switch interpreter.interpret(key) {
                case .quit: return 0
                case .interrupt: return 130
                default: break
                }
            }
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

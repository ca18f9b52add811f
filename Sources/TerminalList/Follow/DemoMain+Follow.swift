import ListKernel

extension DemoMain {
    /// `--follow FILE`: the followed file's session, driven by `--script` (the file is read
    /// again before every command, up to what it held then) or by the terminal, polling the
    /// file every 200 ms (a step of it at a time: `FollowSession.poll(maximumRefreshes:)`).
    static func runFollowing(
        path: String, options: DemoOptions, outputIsTerminal: Bool,
        output: (String) -> Void, errorOutput: (String) -> Void
    ) -> Int32 {
        let pattern = options.sectionPattern.flatMap { try? Regex($0) }
        do {
            if outputIsTerminal, options.script == nil {
                return try runFollowingInteractive(path: path, pattern: pattern)
            }
            let session = try FollowSession(path: path, sectionPattern: pattern, size: options.size ?? TerminalSize(columns: 80, rows: 24))
            if options.printsEveryFrame { output(frameSeparator(0, command: nil) + session.screen().plainText) }
            for (index, command) in (options.script ?? []).enumerated() {
                if command == .quit || command == .interrupt { break }
                try session.poll()
                try session.apply(command)
                if options.printsEveryFrame { output(frameSeparator(index + 1, command: command) + session.screen().plainText) }
            }
            try session.poll()
            if !options.printsEveryFrame { output(session.screen().plainText) }
            return 0
        } catch let error as ListError {
            errorOutput(errorLine("the list kernel refused a call: \(error.description)"))
            return 1
        } catch {
            errorOutput(errorLine("\(error)"))
            return 1
        }
    }

    /// The interactive tail until q, Ctrl-C or the end of input.
    private static func runFollowingInteractive(path: String, pattern: Regex<AnyRegexOutput>?) throws -> Int32 {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let session = try FollowSession(path: path, sectionPattern: pattern, size: terminal.size ?? TerminalSize(columns: 80, rows: 24))
        var renderer = ANSIRenderer()
        var decoder = KeyDecoder()
        var interpreter = CommandInterpreter()
        terminal.write(renderer.frame(session.screen()))
        while true {
            // A file read in steps (a large one, or one written faster than it is read) is
            // read on at once, one step a turn, with the screen drawn and keys read between.
            let reading = session.hasUnreadBytes
            switch terminal.nextEvent(timeoutMilliseconds: reading ? 0 : 200) {
            case .input(let bytes):
                for key in decoder.decode(bytes) {
                    guard let command = interpreter.interpret(key) else { continue }
                    if command == .quit { return 0 }
                    if command == .interrupt { return 130 }
                    try session.apply(command)
                }
            case .timedOut where !reading:
                // A lone Esc is a key once 200 ms passed without the rest of a sequence.
                for key in decoder.flush() {
                    if let command = interpreter.interpret(key) { try session.apply(command) }
                }
            case .timedOut:
                break
            case .resized:
                try session.resize(to: terminal.size ?? session.size)
                renderer.invalidate()
            case .endOfInput:
                return 0
            }
            try session.poll(maximumRefreshes: 1)
            terminal.write(renderer.frame(session.screen()))
        }
    }
}

import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalList

/// The C library's pseudo-terminal calls, which the Glibc module doesn't import (they need
/// `_XOPEN_SOURCE`), looked up at run time.
enum PseudoTerminalCalls {
    typealias DescriptorCall = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func lookUp<Function>(_ name: String, as type: Function.Type) throws -> Function {
        let library = dlopen(nil, RTLD_NOW)
        let symbol = try #require(dlsym(library, name), "dlsym(\(name)) found nothing")
        return unsafeBitCast(symbol, to: type)
    }
}

/// A pseudo-terminal pair: the test drives `controller` as a terminal emulator would, and
/// hands `device` to `Terminal`.
struct PseudoTerminal: ~Copyable {
    let controller: Int32
    let device: Int32

    init() throws {
        let openController = try PseudoTerminalCalls.lookUp("posix_openpt", as: PseudoTerminalCalls.DescriptorCall.self)
        let grant = try PseudoTerminalCalls.lookUp("grantpt", as: PseudoTerminalCalls.DescriptorCall.self)
        let unlock = try PseudoTerminalCalls.lookUp("unlockpt", as: PseudoTerminalCalls.DescriptorCall.self)
        let deviceName = try PseudoTerminalCalls.lookUp("ptsname", as: PseudoTerminalCalls.NameCall.self)
        let controller = openController(O_RDWR | O_NOCTTY)
        try #require(controller >= 0, "posix_openpt: errno \(errno)")
        try #require(grant(controller) == 0 && unlock(controller) == 0)
        let name = try #require(deviceName(controller))
        let device = open(name, O_RDWR | O_NOCTTY)
        try #require(device >= 0, "open \(String(cString: name)): errno \(errno)")
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        self.controller = controller
        self.device = device
    }

    deinit {
        close(device)
        close(controller)
    }

    /// Everything the program has written so far.
    func drain() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(controller, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func mode() -> termios {
        var mode = termios()
        _ = tcgetattr(device, &mode)
        return mode
    }
}

/// Set by the action a test puts on SIGUSR1 before the terminal replaces it.
nonisolated(unsafe) var previousActionRan: sig_atomic_t = 0

/// One `Terminal` may be active per process, and signals are process-wide: these run one
/// at a time.
@Suite(.serialized)
struct TerminalTests {
    @Test func startingPutsTheTerminalInRawModeOnTheAlternateScreen() throws {
        let pty = try PseudoTerminal()
        let before = pty.mode()
        #expect(before.c_lflag & tcflag_t(ICANON) != 0)
        let terminal = try Terminal(input: pty.device, output: pty.device)
        let raw = pty.mode()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(pty.drain() == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J\u{1B}[H")
        terminal.restore()
    }

    @Test func restoringPutsBackTheModeAndTheScreenAndIsIdempotent() throws {
        let pty = try PseudoTerminal()
        let before = pty.mode()
        let terminal = try Terminal(input: pty.device, output: pty.device)
        _ = pty.drain()
        terminal.restore()
        terminal.restore()
        let after = pty.mode()
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        #expect(pty.drain() == "\u{18}\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        #expect(!terminal.isActive)
    }

    @Test func keysTypedAtTheTerminalArriveAsInputBytes() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal(input: pty.device, output: pty.device)
        defer { terminal.restore() }
        let typed = Array("j\u{1B}[B张".utf8)
        #expect(write(pty.controller, typed, typed.count) == typed.count)
        // Raw mode: no line buffering, so the bytes are readable at once (the timeout only bounds a failure).
        #expect(terminal.nextEvent(timeoutMilliseconds: 5_000) == .input(typed))
        #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .timedOut)
    }

    @Test func aWindowChangeSignalIsReportedAsAResizeWithTheNewSize() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal(input: pty.device, output: pty.device)
        defer { terminal.restore() }
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.controller, UInt(TIOCSWINSZ), &size) == 0)
        // The pty isn't our controlling terminal, so the kernel won't send SIGWINCH: send it
        // to the process, whichever thread takes it. The timeout only bounds a failure.
        var blocked = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &blocked)
        #expect(kill(getpid(), SIGWINCH) == 0)
        #expect(terminal.nextEvent(timeoutMilliseconds: 5_000) == .resized, "SIGWINCH blocked on this thread: \(sigismember(&blocked, SIGWINCH))")
        #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
        #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .timedOut)
    }

    @Test func onlyOneTerminalCanBeActiveAtATime() throws {
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        let terminal = try Terminal(input: first.device, output: first.device)
        #expect {
            try Terminal(input: second.device, output: second.device)
        } throws: { error in
            (error as? TerminalError)?.operation == "Terminal.init"
        }
        terminal.restore()
        let next = try Terminal(input: second.device, output: second.device)
        next.restore()
    }

    @Test func aWindowReportingAHugeSizeIsCutToTheMaximum() throws {
        let pty = try PseudoTerminal()
        var size = winsize(ws_row: 65535, ws_col: 65535, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.controller, UInt(TIOCSWINSZ), &size) == 0)
        #expect(Terminal.size(of: pty.device) == TerminalSize(columns: 2_000, rows: 1_000))
        var narrow = winsize(ws_row: 65535, ws_col: 30, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.controller, UInt(TIOCSWINSZ), &narrow) == 0)
        #expect(Terminal.size(of: pty.device) == TerminalSize(columns: 30, rows: 1_000))
    }

    @Test func aSessionGivenAHugeSizeDrawsTheMaximum() throws {
        let session = try makeSession(.generated(sections: 3, itemsPerSection: 2), columns: 65535, rows: 65535)
        #expect(session.size == TerminalSize(columns: 2_000, rows: 1_000))
        let screen = session.screen()
        #expect(screen.columns == 2_000 && screen.rows == 1_000)
        try session.resize(to: TerminalSize(columns: Int.max, rows: 40))
        #expect(session.size == TerminalSize(columns: 2_000, rows: 40))
    }

    @Test(arguments: [SIGABRT, SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGTERM, SIGHUP])
    func aFatalOrTerminatingSignalIsHandledWhileActiveAndPutBackAfter(signal: Int32) throws {
        func handlerBits(_ action: sigaction) -> Int { unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) }
        var before = sigaction()
        #expect(sigaction(signal, nil, &before) == 0)
        let pty = try PseudoTerminal()
        let terminal = try Terminal(input: pty.device, output: pty.device)
        var during = sigaction()
        #expect(sigaction(signal, nil, &during) == 0)
        #expect(handlerBits(during) != handlerBits(before))
        #expect(during.sa_flags & SA_ONSTACK != 0, "the handler must run on the alternate stack (a stack overflow's SIGSEGV)")
        terminal.restore()
        var after = sigaction()
        #expect(sigaction(signal, nil, &after) == 0)
        #expect(handlerBits(after) == handlerBits(before) && after.sa_flags == before.sa_flags)
    }

    @Test func aSignalRestoresTheTerminalAndThenReachesTheActionItReplaced() throws {
        // SIGUSR1 stands for every signal the terminal handles: the handler is the same.
        var previous = sigaction()
        var testAction = sigaction()
        testAction.__sigaction_handler.sa_handler = { _ in previousActionRan = 1 }
        sigemptyset(&testAction.sa_mask)
        #expect(sigaction(SIGUSR1, &testAction, &previous) == 0)
        defer { _ = sigaction(SIGUSR1, &previous, nil) }
        previousActionRan = 0

        let pty = try PseudoTerminal()
        let before = pty.mode()
        let terminal = try Terminal(input: pty.device, output: pty.device)
        _ = pty.drain()
        // Test threads may block signals: let this one take SIGUSR1 while it raises it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGUSR1)
        var mask = sigset_t()
        #expect(pthread_sigmask(SIG_UNBLOCK, &unblock, &mask) == 0)
        #expect(raise(SIGUSR1) == 0)
        _ = pthread_sigmask(SIG_SETMASK, &mask, nil)
        // The terminal is back before anything else runs, and the signal went on.
        let mode = pty.mode()
        #expect(mode.c_lflag == before.c_lflag && mode.c_iflag == before.c_iflag)
        #expect(pty.drain() == "\u{18}\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        #expect(previousActionRan == 1)
        terminal.restore()
    }

    @Test func anIgnoredSignalStaysIgnored() throws {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        #expect(sigaction(SIGUSR2, &ignore, &previous) == 0)
        defer { _ = sigaction(SIGUSR2, &previous, nil) }
        let pty = try PseudoTerminal()
        let terminal = try Terminal(input: pty.device, output: pty.device)
        defer { terminal.restore() }
        var during = sigaction()
        #expect(sigaction(SIGUSR2, nil, &during) == 0)
        #expect(unsafeBitCast(during.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    }

    @Test func aPipeIsNotATerminal() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!Terminal.isTerminal(ends[0]))
        #expect(Terminal.size(of: ends[0]) == nil)
        #expect {
            try Terminal(input: ends[0], output: ends[1])
        } throws: { error in
            guard let error = error as? TerminalError else { return false }
            return error.operation == "isatty" && error.fileDescriptor == ends[0]
                && error.description.hasPrefix("isatty on file descriptor \(ends[0]) failed: ")
        }
    }
}

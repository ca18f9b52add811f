#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal taken over for a full-screen program: raw mode, alternate screen, hidden
/// cursor, auto-wrap off; put back as it was by ``restore()``, by `deinit`, by `exit()`,
/// by SIGINT, SIGTERM, SIGHUP, SIGQUIT and the other signals that end a process, and by
/// a crash (SIGABRT, SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSYS) before the
/// signal goes on to the action it had before (the Swift runtime's crash report).
///
/// ```swift
/// let terminal = try Terminal()
/// defer { terminal.restore() }
/// var decoder = KeyDecoder()
/// loop: while true {
///     switch terminal.nextEvent(timeoutMilliseconds: decoder.hasPendingInput ? 25 : -1) {
///     case .input(let bytes): for key in decoder.decode(bytes) { … }
///     case .resized: renderer.invalidate(); draw(terminal.size)
///     case .timedOut: for key in decoder.flush() { … }   // a lone Esc
///     case .endOfInput: break loop
///     }
/// }
/// ```
///
/// Signals (Swift 6 strict concurrency): the handler is a plain C function that touches
/// only memory prepared before it was installed (see `SignalContext`): SIGWINCH writes a
/// byte to a non-blocking self-pipe that ``nextEvent(timeoutMilliseconds:)`` polls along
/// with the input; a terminating or fatal signal writes the restore sequence, restores the
/// saved terminal mode, puts back the action it replaced and raises the signal again. The
/// handler runs on an alternate signal stack, so a stack overflow reaches it too. In raw mode Ctrl-C
/// arrives as the byte 0x03 (``Key/interrupt``), not as SIGINT.
///
/// Only one `Terminal` may be active in a process at a time. It is not `Sendable`: use it
/// from one thread.
///
/// - Complexity: every member is O(1) apart from the bytes it writes or reads.
public final class Terminal {
    /// The file descriptor keys are read from and whose mode is changed.
    public let inputDescriptor: Int32
    /// The file descriptor frames are written to.
    public let outputDescriptor: Int32

    /// The mode before raw mode, restored at the end.
    private var savedMode: termios
    /// The self-pipe: the signal handler writes to `wakeWrite`, `nextEvent` polls `wakeRead`.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The signal actions replaced while active.
    private var replacedActions: [(signal: Int32, previous: sigaction)] = []
    /// Whether the terminal is still taken over.
    public private(set) var isActive: Bool

    /// The bytes that set the terminal up: alternate screen, cursor hidden, auto-wrap off,
    /// screen cleared.
    static let setupSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J\u{1B}[H"

    /// Whether `descriptor` is a terminal (`isatty`).
    ///
    /// - Complexity: O(1).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The window size of the terminal at `descriptor` (`ioctl TIOCGWINSZ`), cut to
    /// ``TerminalSize/maximum``, or `nil` when it is not a terminal or reports a zero size.
    ///
    /// - Complexity: O(1).
    public static func size(of descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row)).clamped
    }

    /// Takes the terminal over: saves its mode, switches to raw mode, installs the signal
    /// handlers, enters the alternate screen and hides the cursor.
    ///
    /// - Parameters:
    ///   - input: The terminal to read keys from and put in raw mode; standard input when
    ///     omitted.
    ///   - output: Where frames go; standard output when omitted.
    /// - Throws: ``TerminalError`` when `input` is not a terminal, another `Terminal` is
    ///   active, or a system call fails; nothing is changed then.
    /// - Complexity: O(1).
    public init(input: Int32 = 0, output: Int32 = 1) throws(TerminalError) {
        guard isatty(input) == 1 else {
            throw TerminalError(systemCall: "isatty", fileDescriptor: input, errorNumber: errno)
        }
        guard signalContext.pointee.terminalDescriptor < 0 else {
            throw TerminalError(operation: "Terminal.init", fileDescriptor: input,
                                reason: "another Terminal (file descriptor \(signalContext.pointee.terminalDescriptor)) is still active")
        }
        var mode = termios()
        guard tcgetattr(input, &mode) == 0 else {
            throw TerminalError(systemCall: "tcgetattr", fileDescriptor: input, errorNumber: errno)
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw TerminalError(systemCall: "pipe", fileDescriptor: input, errorNumber: errno)
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        var raw = Terminal.rawMode(from: mode)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let failure = errno
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw TerminalError(systemCall: "tcsetattr", fileDescriptor: input, errorNumber: failure)
        }
        inputDescriptor = input
        outputDescriptor = output
        savedMode = mode
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        isActive = true
        signalContext.pointee = SignalContext(
            terminalDescriptor: input, outputDescriptor: output, wakeDescriptor: pipeEnds[1], savedMode: mode)
        replacedActions = Terminal.installSignalHandlers()
        write(Terminal.setupSequence)
    }

    deinit { restore() }

    /// Puts the terminal back: default style, auto-wrap on, cursor shown, main screen,
    /// the saved mode; and the previous signal actions. Calling it again does nothing.
    ///
    /// - Complexity: O(1).
    public func restore() {
        guard isActive else { return }
        isActive = false
        Terminal.uninstallSignalHandlers(replacedActions)
        replacedActions = []
        writeAll(terminalRestoreSequence)
        _ = tcsetattr(inputDescriptor, TCSAFLUSH, &savedMode)
        signalContext.pointee.terminalDescriptor = -1
        signalContext.pointee.wakeDescriptor = -1
        close(wakeRead)
        close(wakeWrite)
    }

    /// The current window size, cut to ``TerminalSize/maximum``, or `nil` when the
    /// terminal doesn't report one.
    ///
    /// - Complexity: O(1).
    public var size: TerminalSize? { Terminal.size(of: outputDescriptor) ?? Terminal.size(of: inputDescriptor) }

    /// Writes `text` to the output, all of it, retrying after interruptions.
    ///
    /// - Parameter text: Text and escape sequences, e.g. an ``ANSIRenderer`` frame.
    /// - Complexity: O(n) in the length of `text`.
    public func write(_ text: String) {
        writeAll(Array(text.utf8))
    }

    /// Waits for input, a resize, or the timeout, whichever comes first.
    ///
    /// - Parameter timeoutMilliseconds: How long to wait; 0 polls, a negative value waits
    ///   without limit.
    /// - Returns: The event; a resize is reported before pending input.
    /// - Complexity: O(1) plus the bytes read (at most 4,096 per call).
    public func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent {
        guard isActive else { return .endOfInput }
        while true {
            var descriptors = [
                pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, timeoutMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            if ready == 0 { return .timedOut }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &drain, drain.count) > 0 {}
                return .resized
            }
            if descriptors[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(inputDescriptor, &buffer, buffer.count)
                if count > 0 { return .input(Array(buffer[0..<count])) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                return .endOfInput
            }
        }
    }

    /// The raw-mode version of `mode`: no echo, no line editing, no signals from keys, no
    /// flow control, no CR/NL translation either way, 8-bit characters, reads return
    /// after one byte.
    static func rawMode(from mode: termios) -> termios {
        var raw = mode
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { chunk in
                #if canImport(Glibc)
                Glibc.write(outputDescriptor, chunk.baseAddress, chunk.count)
                #else
                Darwin.write(outputDescriptor, chunk.baseAddress, chunk.count)
                #endif
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }
}

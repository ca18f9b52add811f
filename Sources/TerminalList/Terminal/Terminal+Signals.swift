#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the signal handler reads, written by the main thread only while no handler
/// is installed (before installing, after uninstalling), and never freed, so the handler
/// never allocates, locks or retains: it only calls `write`, `tcsetattr`, `signal` and
/// `raise`, which POSIX lists as async-signal-safe.
struct SignalContext {
    /// The terminal whose mode is restored, or -1 when no ``Terminal`` is active.
    var terminalDescriptor: Int32
    /// Where the restore sequence is written.
    var outputDescriptor: Int32
    /// The write end of the self-pipe that wakes ``Terminal/nextEvent(timeoutMilliseconds:)``.
    var wakeDescriptor: Int32
    /// The terminal mode to restore.
    var savedMode: termios
}

/// The handler's context, allocated once.
nonisolated(unsafe) let signalContext: UnsafeMutablePointer<SignalContext> = {
    let pointer = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
    pointer.initialize(to: SignalContext(terminalDescriptor: -1, outputDescriptor: -1, wakeDescriptor: -1, savedMode: termios()))
    return pointer
}()

/// The bytes that put a terminal back as it was: CAN (aborts a half-written escape
/// sequence), reset style, auto-wrap on, cursor shown, alternate screen left.
let terminalRestoreSequence: [UInt8] = Array("\u{18}\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

/// The restore bytes in memory the handler can read without touching Swift's runtime.
nonisolated(unsafe) let signalRestoreBytes: UnsafeMutableBufferPointer<UInt8> = {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: terminalRestoreSequence.count)
    _ = buffer.initialize(from: terminalRestoreSequence)
    return buffer
}()

/// The signals after which the terminal is restored and the signal's default action
/// (ending the process) is taken.
let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// Restores the terminal described by the context, if one is active; async-signal-safe.
func restoreTerminalFromContext() {
    let context = signalContext
    let descriptor = context.pointee.terminalDescriptor
    guard descriptor >= 0 else { return }
    _ = write(context.pointee.outputDescriptor, signalRestoreBytes.baseAddress, signalRestoreBytes.count)
    _ = tcsetattr(descriptor, TCSAFLUSH, &context.pointee.savedMode)
}

/// The handler for SIGWINCH and the terminating signals.
///
/// SIGWINCH writes one byte to the self-pipe. A terminating signal restores the terminal,
/// puts back the default action and raises the signal again, so the process ends the way
/// it would have without us (exit status 128 + signal in a shell).
func handleTerminalSignal(_ number: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    if number == SIGWINCH {
        let wake = signalContext.pointee.wakeDescriptor
        if wake >= 0 {
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
        }
        return
    }
    restoreTerminalFromContext()
    signal(number, SIG_DFL)
    raise(number)
}

/// Whether `atexit` already holds the restore hook.
nonisolated(unsafe) var exitHookInstalled = false

extension Terminal {
    /// Installs the handler for SIGWINCH and the terminating signals and returns the
    /// actions it replaced, and registers (once per process) an `atexit` hook so that
    /// `exit()` restores the terminal too.
    static func installSignalHandlers() -> [(signal: Int32, previous: sigaction)] {
        if !exitHookInstalled {
            exitHookInstalled = true
            atexit { restoreTerminalFromContext() }
        }
        var replaced: [(signal: Int32, previous: sigaction)] = []
        for number in terminatingSignals + [SIGWINCH] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { handleTerminalSignal($0) }
            #else
            action.__sigaction_u.__sa_handler = { handleTerminalSignal($0) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            if sigaction(number, &action, &previous) == 0 {
                replaced.append((number, previous))
            }
        }
        return replaced
    }

    /// Puts back the actions ``installSignalHandlers()`` replaced.
    static func uninstallSignalHandlers(_ replaced: [(signal: Int32, previous: sigaction)]) {
        for entry in replaced {
            var previous = entry.previous
            _ = sigaction(entry.signal, &previous, nil)
        }
    }
}

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

/// The signals after which the terminal is restored and the action that was there before
/// is taken (for most, ending the process): those sent by a user or the system
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM,
/// SIGPROF, SIGXCPU, SIGXFSZ), and the fatal ones a crash raises (SIGABRT from `abort()`
/// and a failed allocation, SIGILL and SIGTRAP from a Swift runtime trap, SIGSEGV from a
/// stack overflow, SIGBUS, SIGFPE, SIGSYS), whose previous action is usually the Swift
/// runtime's backtracer.
let terminatingSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGSYS,
]

/// The action each of ``terminatingSignals`` had before ``Terminal`` replaced it, slot by
/// slot, in memory the handler can read: written by `sigaction` when the handler is
/// installed, read by the handler to pass the signal on.
nonisolated(unsafe) let previousSignalActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: terminatingSignals.count)
    pointer.initialize(repeating: sigaction(), count: terminatingSignals.count)
    return pointer
}()

/// ``terminatingSignals`` in memory the handler can read.
nonisolated(unsafe) let terminatingSignalNumbers: UnsafeMutableBufferPointer<Int32> = {
    let buffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: terminatingSignals.count)
    _ = buffer.initialize(from: terminatingSignals)
    return buffer
}()

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
/// puts back the action it replaced and raises the signal again: the process then ends the
/// way it would have without us (exit status 128 + signal in a shell, or the Swift
/// runtime's crash report after a trap, now printed on the main screen). It runs on an
/// alternate signal stack, so that a stack overflow's SIGSEGV reaches it too.
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
    var slot = 0
    while slot < terminatingSignalNumbers.count, terminatingSignalNumbers[slot] != number { slot += 1 }
    if slot < terminatingSignalNumbers.count {
        _ = sigaction(number, previousSignalActions + slot, nil)
    } else {
        signal(number, SIG_DFL)
    }
    // Blocked while this handler runs: delivered to the previous action when it returns
    // (and a fault that is not raised happens again, there).
    raise(number)
}

/// Whether `atexit` already holds the restore hook.
nonisolated(unsafe) var exitHookInstalled = false

/// The alternate signal stack installed for the handler, if the thread had none.
nonisolated(unsafe) var alternateSignalStack: UnsafeMutableRawPointer?

extension Terminal {
    /// Installs the handler for SIGWINCH and the terminating signals and returns the
    /// signals whose action it replaced, and registers (once per process) an `atexit` hook
    /// so that `exit()` restores the terminal too. A signal that is ignored is left alone:
    /// it can't end the process. The handler gets an alternate stack (64 KiB, once per
    /// process) if the thread has none.
    static func installSignalHandlers() -> [(signal: Int32, previous: sigaction)] {
        if !exitHookInstalled {
            exitHookInstalled = true
            atexit { restoreTerminalFromContext() }
        }
        installAlternateSignalStack()
        var replaced: [(signal: Int32, previous: sigaction)] = []
        for (slot, number) in terminatingSignals.enumerated() {
            // The handler reads the previous action from its slot, written here.
            if install(number, previous: previousSignalActions + slot) {
                replaced.append((number, previousSignalActions[slot]))
            }
        }
        var resize = sigaction()
        if install(SIGWINCH, previous: &resize) { replaced.append((SIGWINCH, resize)) }
        return replaced
    }

    /// Puts the handler on `number` unless the signal is ignored, storing the action it
    /// replaces in `previous`; whether it did.
    private static func install(_ number: Int32, previous: UnsafeMutablePointer<sigaction>) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0, !isIgnored(current) else { return false }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { handleTerminalSignal($0) }
        #else
        action.__sigaction_u.__sa_handler = { handleTerminalSignal($0) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_ONSTACK
        return sigaction(number, &action, previous) == 0
    }

    /// Whether `action` ignores its signal.
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return action.sa_flags & SA_SIGINFO == 0 && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Gives this thread an alternate signal stack unless it has one.
    private static func installAlternateSignalStack() {
        var current = stack_t()
        guard alternateSignalStack == nil, sigaltstack(nil, &current) == 0, Int(current.ss_flags) & Int(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        if sigaltstack(&stack, nil) == 0 {
            alternateSignalStack = memory  // kept for the life of the process
        } else {
            memory.deallocate()
        }
    }

    /// Puts back the actions ``installSignalHandlers()`` replaced.
    static func uninstallSignalHandlers(_ replaced: [(signal: Int32, previous: sigaction)]) {
        for entry in replaced {
            var previous = entry.previous
            _ = sigaction(entry.signal, &previous, nil)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a ``Terminal`` could not be set up: the operation, the file descriptor and the
/// system error involved.
///
/// ```swift
/// // "tcgetattr on file descriptor 0 failed: Inappropriate ioctl for device (errno 25)"
/// ```
///
/// - Complexity: every member is O(1).
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that failed, e.g. `"tcgetattr"`, or `"Terminal.init"` for a usage error.
    public var operation: String
    /// The file descriptor involved.
    public var fileDescriptor: Int32
    /// The system's `errno`, or 0 when the failure is not a system call's.
    public var errorNumber: Int32
    /// The explanation, when `errorNumber` is 0.
    public var reason: String

    /// A failed system call, with the `errno` it left.
    ///
    /// - Complexity: O(1).
    init(systemCall operation: String, fileDescriptor: Int32, errorNumber: Int32) {
        self.operation = operation
        self.fileDescriptor = fileDescriptor
        self.errorNumber = errorNumber
        reason = String(cString: strerror(errorNumber))
    }

    /// A failure that is not a system call's.
    ///
    /// - Complexity: O(1).
    init(operation: String, fileDescriptor: Int32, reason: String) {
        self.operation = operation
        self.fileDescriptor = fileDescriptor
        errorNumber = 0
        self.reason = reason
    }

    /// One line naming the operation, the file descriptor and the cause.
    ///
    /// - Complexity: O(1).
    public var description: String {
        if errorNumber != 0 {
            return "\(operation) on file descriptor \(fileDescriptor) failed: \(reason) (errno \(errorNumber))"
        }
        return "\(operation) on file descriptor \(fileDescriptor) failed: \(reason)"
    }
}

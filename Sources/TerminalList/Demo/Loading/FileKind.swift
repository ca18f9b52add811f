#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file that is not a regular one is, for a message ("a directory"), or `nil` for a
/// regular file. The demo reads regular files only (`--data`, `--follow`): a directory, a
/// FIFO, a device (`/dev/zero`, a terminal) or a socket would block or never end.
///
/// - Complexity: O(1).
func nonRegularKind(_ status: stat) -> String? {
    switch status.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "another kind of file"
    }
}

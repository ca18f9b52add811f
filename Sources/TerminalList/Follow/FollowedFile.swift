#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text file followed as it grows (`listkernel-demo --follow FILE`): it keeps the byte
/// offset where each line starts (8 bytes a line: 10 million lines are 80 MB), never the
/// lines themselves, and reads a line from the file when it is shown.
///
/// ```swift
/// var file = FollowedFile(path: "/var/log/app.log")
/// switch file.refresh() {
/// case .appended(let lines, let grewLast): …   // new lines at the end
/// case .reloaded: …                             // truncated or rotated: read again from 0
/// case .missing(let message): …                 // gone; what was read stays shown
/// case .unchanged: break
/// }
/// let text = file.line(3, maximumBytes: 4_096)   // invalid UTF-8 becomes U+FFFD
/// ```
///
/// A last line without its newline yet counts as a line; when it grows, `grewLast` says so.
/// Truncation (the size fell below what was read) and rotation (the path now names another
/// file) read the file again from the start. Only a regular file is read: a directory, a
/// FIFO, a device or a socket at the path is reported as `.missing`, and a FIFO is never
/// waited on.
///
/// - Complexity: `refresh` is O(new bytes); `line` O(the bytes read, at most
///   `maximumBytes`).
public final class FollowedFile {
    /// What a refresh found.
    public enum Change: Hashable, Sendable {
        /// Nothing new.
        case unchanged
        /// Lines `lines` were added at the end; `grewLast` when the last line read before
        /// (which had no newline yet) got longer.
        case appended(lines: Range<Int>, grewLast: Bool)
        /// The file was truncated or replaced: every line was read again.
        case reloaded
        /// The file can't be read now (removed, not readable, or no longer a regular file:
        /// a directory, a FIFO, a device); the lines read so far stay.
        case missing(String)
    }

    /// The path followed.
    public let path: String
    /// The byte offset of each line's start.
    public private(set) var lineStarts: [Int] = []
    /// The bytes scanned so far.
    public private(set) var scannedBytes = 0
    /// Whether the last line has no newline yet.
    private var lastLineIsOpen = false
    /// The open descriptor and the identity of the file it reads.
    private var descriptor: Int32 = -1
    private var identity: (device: UInt64, inode: UInt64)?
    /// The most bytes one refresh scans, so a huge file is indexed in steps while the screen
    /// stays responsive: 64 MiB unless set, and kept within 1 byte to 1 TiB (a value outside
    /// is clamped to the nearer end).
    public var bytesPerRefresh = 64 << 20 {
        didSet { bytesPerRefresh = min(max(1, bytesPerRefresh), 1 << 40) }
    }
    /// The most lines one refresh adds, so a file of short lines (`yes > file`) is shown in
    /// updates of a bounded size too: 1,048,576 unless set, kept within 1 to 2^40.
    public var linesPerRefresh = 1 << 20 {
        didSet { linesPerRefresh = min(max(1, linesPerRefresh), 1 << 40) }
    }

    /// Follows the file at `path`; nothing is read until `refresh()`.
    ///
    /// - Complexity: O(1).
    public init(path: String) { self.path = path }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The number of lines read.
    ///
    /// - Complexity: O(1).
    public var lineCount: Int { lineStarts.count }

    /// Whether the file still has bytes beyond those scanned (a refresh stopped at
    /// `bytesPerRefresh` or `linesPerRefresh`).
    ///
    /// - Complexity: O(1) (one `stat`).
    public var hasMore: Bool {
        var info = stat()
        return stat(path, &info) == 0 && nonRegularKind(info) == nil && Int(info.st_size) > scannedBytes
    }

    /// The refreshes that read what the file holds now, at least 1: its new bytes, or all of
    /// it after a truncation or a rotation, in steps of `bytesPerRefresh` bytes or
    /// `linesPerRefresh` lines. Bytes written meanwhile are left to later refreshes, so a
    /// reader that makes this many keeps up with the file without chasing a writer faster
    /// than itself.
    ///
    /// - Complexity: O(1) (one `stat`).
    public var refreshesToCatchUp: Int {
        var info = stat()
        guard stat(path, &info) == 0, nonRegularKind(info) == nil else { return 1 }
        let size = Int(info.st_size)
        let sameFile = identity.map { $0 == Self.identity(of: info) } ?? false
        let pending = sameFile && size >= scannedBytes ? size - scannedBytes : size
        // A refresh reads `bytesPerRefresh` bytes or `linesPerRefresh` lines of at least a byte.
        let step = min(bytesPerRefresh, linesPerRefresh)
        return max(1, pending / step + (pending % step == 0 ? 0 : 1))
    }

    /// Reads what changed since the last refresh: at most `bytesPerRefresh` bytes and
    /// `linesPerRefresh` new lines.
    ///
    /// - Returns: What changed.
    /// - Complexity: O(new bytes), at most `bytesPerRefresh`.
    public func refresh() -> Change {
        var info = stat()
        guard stat(path, &info) == 0 else { return missing(String(cString: strerror(errno))) }
        if let kind = nonRegularKind(info) { return missing("\(kind), not a regular file") }
        var current = Self.identity(of: info)
        var reloaded = false
        if descriptor < 0 || identity.map({ $0 != current }) ?? true || Int(info.st_size) < scannedBytes {
            // First open, rotation (another file at the path) or truncation: start again.
            // O_NONBLOCK: a FIFO put at the path since the check above doesn't block the
            // open; the descriptor's own type is checked again. Until the new file is open,
            // the old descriptor stays, so the lines read so far can still be shown.
            let opened = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            guard opened >= 0 else { return missing(String(cString: strerror(errno))) }
            guard fstat(opened, &info) == 0, nonRegularKind(info) == nil else {
                close(opened)
                return missing("not a regular file")
            }
            if descriptor >= 0 { close(descriptor) }
            descriptor = opened
            current = Self.identity(of: info)
            reloaded = identity != nil || !lineStarts.isEmpty
            identity = current
            lineStarts = []
            scannedBytes = 0
            lastLineIsOpen = false
        }
        let countBefore = lineStarts.count
        let wasOpen = lastLineIsOpen
        let end = min(Int(info.st_size), scannedBytes + bytesPerRefresh)
        scan(upTo: end)
        if reloaded { return .reloaded }
        // The first byte scanned continues the last line when it had no newline yet.
        let grewLast = wasOpen && grewSinceScan
        if lineStarts.count == countBefore && !grewLast { return .unchanged }
        return .appended(lines: countBefore..<lineStarts.count, grewLast: grewLast)
    }

    /// The file `info` describes: its device and inode.
    private static func identity(of info: stat) -> (device: UInt64, inode: UInt64) {
        (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The change for a file that can't be read now: `problem`, and the lines that stay.
    private func missing(_ problem: String) -> Change {
        .missing("\(path): \(problem); showing the \(lineCount) lines read")
    }

    /// Whether the last scan read any byte.
    private var grewSinceScan = false

    /// Scans the bytes from `scannedBytes` to `end` for line starts.
    /// Stops at the start of a line once `linesPerRefresh` lines were found.
    private func scan(upTo end: Int) {
        grewSinceScan = false
        let lineLimit = lineStarts.count + linesPerRefresh
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while scannedBytes < end {
            let wanted = min(buffer.count, end - scannedBytes)
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(scannedBytes)) }
            guard got > 0 else { break }
            for index in 0..<got {
                if !lastLineIsOpen {
                    if lineStarts.count == lineLimit {
                        scannedBytes += index
                        grewSinceScan = grewSinceScan || index > 0
                        return
                    }
                    lineStarts.append(scannedBytes + index)
                    lastLineIsOpen = true
                }
                if buffer[index] == UInt8(ascii: "\n") { lastLineIsOpen = false }
            }
            grewSinceScan = true
            scannedBytes += got
        }
    }

    /// The byte where line `index` ends (its newline excluded).
    private func lineEnd(_ index: Int) -> Int {
        let next = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : scannedBytes
        return next
    }

    /// Line `index`, read from the file: at most `maximumBytes` of it (a longer line is cut),
    /// its newline and a carriage return before it removed, invalid UTF-8 replaced by U+FFFD.
    /// An index out of range, or a file no longer readable, gives "".
    ///
    /// - Complexity: O(min(line length, `maximumBytes`)).
    public func line(_ index: Int, maximumBytes: Int = 4_096) -> String {
        guard index >= 0, index < lineStarts.count, descriptor >= 0, maximumBytes > 0 else { return "" }
        let start = lineStarts[index]
        var length = min(lineEnd(index) - start, maximumBytes)
        guard length > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: length)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(start)) }
        guard got > 0 else { return "" }
        length = got
        if length > 0, bytes[length - 1] == UInt8(ascii: "\n") { length -= 1 }
        if length > 0, bytes[length - 1] == UInt8(ascii: "\r") { length -= 1 }
        return String(decoding: bytes[..<length], as: UTF8.self)
    }

}

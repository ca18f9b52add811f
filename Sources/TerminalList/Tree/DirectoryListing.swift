#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity: its device and inode, as `lstat` reports them.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// One entry of a listed directory: its name as the bytes the file system holds (not
/// always UTF-8), and what it is.
struct ListedEntry: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A directory that can be browsed (lazily).
        case directory(FileIdentity)
        /// A directory with the identity of the directory listed or one above it (a bind
        /// mount of an ancestor): shown, never entered.
        case loop
        /// A symbolic link, never followed; its target as the link holds it.
        case symbolicLink(target: [UInt8])
        /// A regular file, a FIFO, a socket or a device: a leaf (nothing is opened).
        case other
        /// `lstat` failed (the entry vanished since `readdir`): the reason.
        case unknown(String)
    }

    var name: [UInt8]
    var kind: Kind
}

/// A directory's entries, sorted, at most ``DirectoryListing/maximumEntries`` of them.
struct DirectoryContents: Sendable, Equatable {
    var entries: [ListedEntry]
    /// How many entries the directory had; more than `entries.count` when it was cut.
    var total: Int
}

/// Lists one directory with `opendir`/`readdir` and an `lstat` per entry, never following a
/// symbolic link and never opening anything but the directory itself. Runs on the loader's
/// worker thread: it touches no shared state.
enum DirectoryListing {
    /// The most entries one directory shows: 100,000, the first by name (answering a
    /// million children on the input loop's thread would keep keys waiting for seconds);
    /// the rest are counted, not examined.
    static let maximumEntries = 100_000

    /// The entries of the directory at `path`, sorted by name ignoring case (then by
    /// bytes), or why it can't be read (`strerror`'s sentence, e.g. "Permission denied").
    /// A subdirectory whose identity is in `enclosing` (the directory itself and those
    /// above it) is a ``ListedEntry/Kind/loop``. Only the first `maximumEntries` by name
    /// are examined and kept; `total` counts them all.
    ///
    /// - Complexity: O(e log e) for e entries, plus a system call per entry kept.
    static func list(path: [UInt8], enclosing: Set<FileIdentity>, maximumEntries: Int = maximumEntries) -> Result<DirectoryContents, ListingFailure> {
        guard let directory = withCString(path, { opendir($0) }) else { return .failure(ListingFailure(errno)) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(ListingFailure(errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                return Array(bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)])
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        // Sorted before they are cut, so a huge directory shows its first entries by name;
        // only those are examined.
        let keys = names.map { String(decoding: $0, as: UTF8.self).lowercased() }
        let order = names.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a] < keys[b] : names[a].lexicographicallyPrecedes(names[b])
        }
        let entries = order.prefix(maximumEntries).map { index in
            ListedEntry(name: names[index], kind: kind(of: child(names[index], of: path), enclosing: enclosing))
        }
        let total = names.count
        return .success(DirectoryContents(entries: entries, total: total))
    }

    /// The path of `name` inside `directory` (no doubled "/" after a root "/").
    static func child(_ name: [UInt8], of directory: [UInt8]) -> [UInt8] {
        directory.last == UInt8(ascii: "/") ? directory + name : directory + [UInt8(ascii: "/")] + name
    }

    /// What the entry at `path` is, by `lstat` (a link is not followed).
    static func kind(of path: [UInt8], enclosing: Set<FileIdentity>) -> ListedEntry.Kind {
        var info = stat()
        guard withCString(path, { lstat($0, &info) }) == 0 else { return .unknown(ListingFailure(errno).reason) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let identity = FileIdentity(info)
            return enclosing.contains(identity) ? .loop : .directory(identity)
        case S_IFLNK:
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = withCString(path) { name in
                buffer.withUnsafeMutableBufferPointer { readlink(name, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count) }
            }
            return .symbolicLink(target: count > 0 ? Array(buffer[..<count]) : [])
        default:
            return .other
        }
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    static func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}

/// Why a directory could not be listed: the system's sentence for its `errno`.
struct ListingFailure: Error, Sendable, Equatable {
    var reason: String

    init(_ number: Int32) { reason = String(cString: strerror(number)) }
}

public import ListKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path `--tree` can't browse: one line naming it and why.
///
/// - Complexity: every member is O(1).
public struct DirectoryTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: reason`, one line without a control character.
    ///
    /// - Complexity: O(n) in the path's length.
    public var description: String { DisplayWidth.escaped("\(path): \(reason)") }
}

/// `listkernel-demo --tree PATH`: a real directory tree as the content of an
/// ``OutlineSession``. The root is one lazy node (expanded at the start); every directory
/// is a lazy node whose children are listed when it is first expanded, on the loader's
/// worker thread (``DirectoryLoader``), while its placeholder row says "loading…".
///
///     ▾ /usr
///     ├ ▸ bin
///     ├ ▾ lib
///     │ └   loading…            ← listing /usr/lib on the worker thread
///     ├   lib64 → usr/lib       ← a symbolic link: shown, never followed
///     └ ▸ secret (unreadable: Permission denied)
///
/// - Symbolic links are leaves with their target as a note: never followed, so a link
///   loop can't be entered. A directory whose device and inode are those of itself or of a
///   directory above it (a bind mount of an ancestor) is a leaf too, noted as a loop.
/// - A directory that can't be listed (permissions, vanished, a name too long) fails its
///   load (`failLoad`): it collapses, its note says why, and expanding it tries again.
/// - Names are shown escaped (``DisplayWidth/escaped(_:)``): a file name can hold a
///   newline, an escape sequence or bidirectional controls. The bytes are kept to list it.
/// - Entries are sorted by name ignoring case, directories among the files (Finder's
///   order); dot files are listed. A directory shows at most
///   ``DirectoryListing/maximumEntries`` entries, with a note counting the rest.
///
/// - Complexity: starting a load is O(d) for a directory at depth d; taking an answer of
///   k entries O(k). The listing itself runs on the worker.
public final class DirectoryTree: OutlineContent {
    /// One node: its title, its path's bytes, its parent, its identity (directories) and note.
    struct Entry {
        var title: String
        var path: [UInt8]
        var parent: Int?
        var identity: FileIdentity?
        var note: String?
    }

    /// The identifier of the root node.
    public static let rootID = 0

    /// The nodes, by identifier.
    private(set) var entries: [Entry]
    /// Loads started and not taken: request serial → node.
    private var pending: [UInt64: (node: Int, token: OutlineLoadToken)] = [:]
    private let loader = DirectoryLoader()

    /// A tree rooted at the directory `path` (a symbolic link to one is followed, as the
    /// one path given).
    ///
    /// - Throws: ``DirectoryTreeError`` when `path` does not exist, can't be examined, or
    ///   is not a directory.
    /// - Complexity: O(1) (one `stat`).
    public init(path: String) throws(DirectoryTreeError) {
        guard !path.isEmpty else { throw DirectoryTreeError(path: path, reason: "an empty path; --tree needs a directory") }
        let bytes = Array(path.utf8)
        var info = stat()
        guard DirectoryListing.withCString(bytes, { stat($0, &info) }) == 0 else {
            let failure = errno
            throw DirectoryTreeError(path: path, reason: failure == ENOENT ? "no such file or directory" : String(cString: strerror(failure)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw DirectoryTreeError(path: path, reason: "not a directory; --tree browses a directory")
        }
        entries = [Entry(title: DisplayWidth.escaped(path), path: bytes, parent: nil, identity: FileIdentity(info), note: nil)]
    }

    deinit { loader.close() }

    /// The outline's items at the start: the root, lazy.
    ///
    /// - Complexity: O(1).
    public var rootItems: [OutlineItem<Int>] { [OutlineItem(Self.rootID, children: .lazy)] }

    /// The node's name (the root's path as given) and note.
    ///
    /// - Complexity: O(1).
    public func text(of node: Int) -> OutlineNodeText {
        OutlineNodeText(title: entries[node].title, note: entries[node].note)
    }

    /// The path of `node`, as the file system's bytes.
    ///
    /// - Complexity: O(1).
    public func path(of node: Int) -> [UInt8] { entries[node].path }

    /// Queues the listing of the request's directory, with the identities of it and the
    /// directories above it, so that an entry that is one of them is not entered.
    ///
    /// - Complexity: O(d) for a directory at depth d.
    public func startLoading(_ request: OutlineLoadRequest<Int>) {
        let node = request.id
        var enclosing: Set<FileIdentity> = []
        var current: Int? = node
        while let index = current {
            if let identity = entries[index].identity { enclosing.insert(identity) }
            current = entries[index].parent
        }
        pending[request.token.serial] = (node, request.token)
        loader.submit(ListingJob(serial: request.token.serial, path: entries[node].path, enclosing: enclosing))
    }

    /// Loads started and not taken yet.
    ///
    /// - Complexity: O(1).
    public var pendingLoadCount: Int { pending.count }

    /// The listings that finished, as answers: the entries become nodes (directories lazy,
    /// everything else a leaf) and the directory's note says "(empty)" or counts what was
    /// left out; a failure becomes the note "(unreadable: reason)" and a failed answer.
    ///
    /// - Complexity: O(k) for k entries listed.
    public func takeFinishedLoads() -> [OutlineLoadAnswer] {
        loader.takeResults().compactMap { finished in
            guard let (node, token) = pending.removeValue(forKey: finished.serial) else { return nil }
            switch finished.result {
            case .failure(let failure):
                entries[node].note = "(unreadable: \(failure.reason))"
                return OutlineLoadAnswer(token: token, children: nil)
            case .success(let contents):
                entries[node].note = contents.entries.isEmpty ? "(empty)"
                    : contents.total > contents.entries.count ? "(first \(contents.entries.count) of \(contents.total) entries)" : nil
                var children: [OutlineItem<Int>] = []
                children.reserveCapacity(contents.entries.count)
                for entry in contents.entries {
                    let id = entries.count
                    entries.append(self.entry(entry, in: node))
                    let isDirectory = if case .directory = entry.kind { true } else { false }
                    children.append(OutlineItem(id, children: isDirectory ? .lazy : .none))
                }
                return OutlineLoadAnswer(token: token, children: children)
            }
        }
    }

    /// Blocks until a listing has finished (at once when none is pending).
    ///
    /// - Complexity: as long as the listing takes.
    public func waitForFinishedLoad() {
        guard !pending.isEmpty else { return }
        loader.waitForResult()
    }

    /// The node of a listed entry.
    private func entry(_ listed: ListedEntry, in parent: Int) -> Entry {
        let path = DirectoryListing.child(listed.name, of: entries[parent].path)
        let title = DisplayWidth.escaped(String(decoding: listed.name, as: UTF8.self))
        switch listed.kind {
        case .directory(let identity):
            return Entry(title: title, path: path, parent: parent, identity: identity, note: nil)
        case .loop:
            return Entry(title: title, path: path, parent: parent, identity: nil, note: "(a loop: the same directory as one above it; not entered)")
        case .symbolicLink(let target):
            return Entry(title: title, path: path, parent: parent, identity: nil, note: "→ " + DisplayWidth.escaped(String(decoding: target, as: UTF8.self)))
        case .other:
            return Entry(title: title, path: path, parent: parent, identity: nil, note: nil)
        case .unknown(let reason):
            return Entry(title: title, path: path, parent: parent, identity: nil, note: "(can't examine: \(reason))")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads the demo's sections from a `--data` file: JSON, or an XML property list shaped
/// like seed 004's `headerList.plist`. Sections keep the order in which the file lists
/// them, in both formats.
///
/// JSON — an array of sections; `items` and `collapsed` may be left out; an item is a
/// string or an object with a `title` and an optional `detail` (a string or null):
///
/// ```json
/// [
///   {"title": "魏", "items": ["张辽", "李典", "曹洪"], "collapsed": true},
///   {"title": "Apple", "items": [{"title": "iPhone 15 Pro", "detail": "A17 Pro"}]},
///   {"title": "越", "items": []}
/// ]
/// ```
///
/// An item may have its own `items` instead of a `detail` (and then `collapsed`), to any
/// depth the reader allows (127 levels below the section): the file is then an outline
/// (``DemoDocument/outline(_:)``), whose top-level groups are the sections:
///
/// ```json
/// [{"title": "Documents", "items": [
///     "Notes.txt",
///     {"title": "Photos", "collapsed": true, "items": ["a.jpg", {"title": "2024", "items": []}]}
/// ]}]
/// ```
///
/// Property list — a dictionary of section titles to arrays of strings (every section
/// starts unfolded):
///
/// ```xml
/// <plist version="1.0"><dict>
///   <key>魏</key><array><string>张辽</string><string>李典</string></array>
///   <key>越</key><array/>
/// </dict></plist>
/// ```
///
/// The format is recognized from the content, not the file name: `[` or `{` first means
/// JSON, `<` an XML plist. Unknown keys, duplicate keys and values of the wrong type are
/// errors, so a typo (`"colapsed"`) is reported instead of silently ignored.
///
/// - Complexity: O(n) in the size of the file.
public enum DemoDataFile {
    /// Reads and parses the file at `path`, which must hold sections whose items do not
    /// nest (``loadDocument(path:maximumBytes:)`` reads both kinds).
    ///
    /// - Parameters:
    ///   - path: The file, as given on the command line.
    ///   - maximumBytes: The largest file read; ``maximumFileBytes`` unless a test lowers it.
    /// - Returns: The sections, in file order.
    /// - Throws: ``DataFileError`` naming the file and what is wrong (and where); a path
    ///   that is not a regular file, or a file over `maximumBytes`, is refused before
    ///   anything is read; a file whose items nest is a `.content` error.
    /// - Complexity: O(n) in the size of the file.
    public static func load(path: String, maximumBytes: Int = maximumFileBytes) throws(DataFileError) -> [DemoSection] {
        try sections(of: loadDocument(path: path, maximumBytes: maximumBytes), file: path)
    }

    /// Reads and parses the file at `path`: sections, or an outline when a JSON item has
    /// its own `"items"`.
    ///
    /// - Parameters:
    ///   - path: The file, as given on the command line.
    ///   - maximumBytes: The largest file read; ``maximumFileBytes`` unless a test lowers it.
    /// - Returns: The document, in file order.
    /// - Throws: ``DataFileError`` as ``load(path:maximumBytes:)`` does.
    /// - Complexity: O(n) in the size of the file.
    public static func loadDocument(path: String, maximumBytes: Int = maximumFileBytes) throws(DataFileError) -> DemoDocument {
        try parseDocument(try read(path: path, maximumBytes: maximumBytes), file: path)
    }

    /// Parses the contents of a data file that must hold sections whose items do not nest.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The name to use in errors.
    /// - Returns: The sections, in file order.
    /// - Throws: ``DataFileError`` naming `file` and what is wrong (and where).
    /// - Complexity: O(n) in the size of `bytes`.
    public static func parse(_ bytes: [UInt8], file: String) throws(DataFileError) -> [DemoSection] {
        try sections(of: parseDocument(bytes, file: file), file: file)
    }

    /// The sections of a document, or an error for an outline.
    private static func sections(of document: DemoDocument, file: String) throws(DataFileError) -> [DemoSection] {
        switch document {
        case .sections(let sections): return sections
        case .outline:
            throw DataFileError(file: file, kind: .content,
                                message: "items nest (an item has \"items\"): read the file with loadDocument(path:), which returns an outline")
        }
    }

    /// Parses the contents of a data file: sections, or an outline when a JSON item has its
    /// own `"items"` (a property list always holds sections).
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The name to use in errors.
    /// - Returns: The document, in file order.
    /// - Throws: ``DataFileError`` naming `file` and what is wrong (and where).
    /// - Complexity: O(n) in the size of `bytes`.
    public static func parseDocument(_ bytes: [UInt8], file: String) throws(DataFileError) -> DemoDocument {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else {
            throw DataFileError(file: file, kind: .unsupportedFormat,
                                message: "the file is empty; expected a JSON array of sections or an XML property list")
        }
        if bytes.starts(with: Array("bplist".utf8)) {
            throw DataFileError(file: file, kind: .unsupportedFormat,
                                message: "a binary property list; convert it with `plutil -convert xml1 \(file)`")
        }
        switch bytes[start] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return try JSONSections.document(from: bytes, file: file)
        case UInt8(ascii: "<"):
            return .sections(try PlistSections.sections(from: bytes, file: file))
        default:
            let line = bytes[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw DataFileError(file: file, kind: .unsupportedFormat, line: line,
                                message: "not JSON ('[' first) or an XML property list ('<' first)")
        }
    }

    /// The largest file `--data` reads: 16 MiB (16,777,216 bytes). The size is checked
    /// before a byte is read; see `Docs/Limits.md`. A file of 16 MiB of empty items or
    /// sections, the most a file can ask for, was measured at about 700 MB while loaded
    /// (the JSON tree costs about 100 bytes a value); 32 MiB took 1.4 GB.
    public static let maximumFileBytes = 16 << 20

    /// The file's bytes, or an error naming the system's reason.
    ///
    /// Only a regular file is read: a directory, a FIFO, a device (`/dev/zero`,
    /// `/dev/urandom`, a terminal) or a socket is refused from its type, before it is
    /// opened, and again from the open descriptor (so a file swapped for a FIFO in between
    /// is refused too; the open itself doesn't wait for a FIFO's writer). A file larger than
    /// `maximumBytes` is refused from its size, before reading; one that grows past it while
    /// being read is refused once more than `maximumBytes` bytes have arrived.
    static func read(path: String, maximumBytes: Int) throws(DataFileError) -> [UInt8] {
        var status = stat()
        if stat(path, &status) != 0 {
            throw openError(path: path, errno)
        }
        try checkRegular(status, path: path)
        // O_NONBLOCK: opening a FIFO put there since the check above returns at once.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw openError(path: path, errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else {
            throw DataFileError(file: path, kind: .unreadable, message: "can't read: \(String(cString: strerror(errno)))")
        }
        try checkRegular(status, path: path)
        let size = Int(status.st_size)
        guard size <= maximumBytes else {
            throw DataFileError(file: path, kind: .limitExceeded,
                                message: "\(size) bytes, more than the limit of \(maximumBytes) bytes for a data file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                #else
                Darwin.read(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                guard bytes.count <= maximumBytes else {
                    // The file grew after fstat, or reports no size (as /proc files do).
                    throw DataFileError(file: path, kind: .limitExceeded,
                                        message: "more than the limit of \(maximumBytes) bytes for a data file (its size was \(size) bytes before reading)")
                }
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw DataFileError(file: path, kind: .unreadable, message: "can't read: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The error for a failed `stat` or `open`.
    private static func openError(path: String, _ failure: Int32) -> DataFileError {
        if failure == ENOENT {
            return DataFileError(file: path, kind: .fileNotFound, message: "no such file")
        }
        return DataFileError(file: path, kind: .unreadable, message: "can't open: \(String(cString: strerror(failure)))")
    }

    /// Refuses anything but a regular file, naming what it is.
    private static func checkRegular(_ status: stat, path: String) throws(DataFileError) {
        guard let what = nonRegularKind(status) else { return }
        throw DataFileError(file: path, kind: .notRegularFile,
                            message: "\(what), not a regular file; --data reads regular files only")
    }
}

import Foundation
import Testing
import ListKernel
import ListKernelTesting
@testable import TerminalList

/// `listkernel-demo --follow FILE`: the line index (appends, a growing last line,
/// truncation, rotation, removal, invalid UTF-8, very long lines) and the session on a
/// temporary file changed between the commands of a script.
@Suite final class FollowTests {
    /// This test's temporary directory, made for each test and removed with everything in
    /// it when the test ends (Swift Testing makes a suite instance per test).
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("listkernel-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A path in this test's temporary directory.
    func temporaryPath(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func write(_ text: String, to path: String) { _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }

    static func append(_ bytes: [UInt8], to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(bytes))
        handle.closeFile()
    }

    static func lines(_ range: Range<Int>) -> String { range.map { "line \($0)\n" }.joined() }

    @Test func theIndexKeepsOffsetsAndFollowsAppendsTruncationRotationAndRemoval() throws {
        let path = temporaryPath("a.log")
        Self.write("one\ntwo\nthr", to: path)
        let file = FollowedFile(path: path)
        #expect(file.refresh() == .appended(lines: 0..<3, grewLast: false))
        #expect(file.line(2) == "thr")
        Self.append(Array("ee\nfour\n".utf8), to: path)
        #expect(file.refresh() == .appended(lines: 3..<4, grewLast: true))
        #expect(file.line(2) == "three" && file.line(3) == "four")
        #expect(file.refresh() == .unchanged)
        Self.write("new\n", to: path)                                          // truncated
        #expect(file.refresh() == .reloaded)
        #expect(file.lineCount == 1 && file.line(0) == "new")
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")    // rotated
        Self.write("rotated\nfile\n", to: path)
        #expect(file.refresh() == .reloaded)
        #expect(file.lineCount == 2 && file.line(1) == "file")
        try FileManager.default.removeItem(atPath: path)                       // removed
        guard case .missing(let message) = file.refresh() else { Issue.record("not reported missing"); return }
        #expect(message.contains(path))
        #expect(file.line(1) == "file")                                        // what was read stays
        #expect(file.line(-1) == "" && file.line(Int.max) == "")
    }

    /// The lines a file of `bytes` holds: split at newlines, a last line without one counted,
    /// a carriage return before a newline trimmed.
    static func modelLines(_ bytes: [UInt8]) -> [String] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var open = false
        for byte in bytes {
            open = true
            if byte == UInt8(ascii: "\n") {
                lines.append(current)
                current = []
                open = false
            } else {
                current.append(byte)
            }
        }
        if open { lines.append(current) }
        return lines.map { line in
            var line = line[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theIndexAgreesWithAModelOfTheFileOverRandomAppendsAndTruncations(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let path = temporaryPath("model.log")
        var bytes: [UInt8] = []
        Self.write("", to: path)
        let file = FollowedFile(path: path)
        file.bytesPerRefresh = 37                          // many small steps
        for step in 0..<200 {
            if random.chance(1, in: 12) {
                bytes = Array(bytes.prefix(random.below(max(1, bytes.count))))
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } else {
                let alphabet: [UInt8] = [0x61, 0x62, 0x0A, 0x0A, 0x0D, 0xFF, 0xC3, 0xA9]
                let added = (0..<random.int(in: 0...40)).map { _ in alphabet[random.below(alphabet.count)] }
                bytes += added
                Self.append(added, to: path)
            }
            file.linesPerRefresh = random.chance(1, in: 3) ? random.int(in: 1...3) : 1 << 20
            repeat { _ = file.refresh() } while file.hasMore
            let expected = Self.modelLines(bytes)
            let got = (0..<file.lineCount).map { file.line($0, maximumBytes: 1 << 20) }
            #expect(got == expected, "seed \(seed) step \(step): file \(bytes)")
            if got != expected { return }
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters_andAVeryLongLineIsReadOnlyInPart() throws {
        let path = temporaryPath("b.log")
        Self.write("", to: path)
        Self.append([0x61, 0xFF, 0xC3, 0x28, 0x62, 0x0D, 0x0A], to: path)      // a, bad, bad, (, b, CR LF
        Self.append(Array(repeating: UInt8(ascii: "x"), count: 10 << 20) + [0x0A], to: path)
        let file = FollowedFile(path: path)
        #expect(file.refresh() == .appended(lines: 0..<2, grewLast: false))
        #expect(file.line(0) == "a\u{FFFD}\u{FFFD}(b")
        #expect(file.line(1, maximumBytes: 100).count == 100)
        #expect(file.lineStarts == [0, 7])
    }

    @Test func theSessionFollowsPausesCountsAndResumes_whileTheFileIsAppendedToTruncatedAndRotated() throws {
        let path = temporaryPath("c.log")
        Self.write(Self.lines(0..<100), to: path)
        let session = try FollowSession(path: path, sectionPattern: nil, size: TerminalSize(columns: 40, rows: 6))
        func rows() -> [String] { session.screen().plainText.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(Array(rows().prefix(5)) == (95..<100).map { "line \($0)" })     // opens at the end
        #expect(rows()[5].contains("following"))

        Self.append(Array(Self.lines(100..<103).utf8), to: path)
        try session.poll()
        #expect(Array(rows().prefix(5)) == (98..<103).map { "line \($0)" })     // new lines at the bottom

        for command in try KeyScript.parse("pgup up") { try session.apply(command) }
        let paused = Array(rows().prefix(5))
        Self.append(Array(Self.lines(103..<110).utf8), to: path)
        try session.poll()
        #expect(Array(rows().prefix(5)) == paused)                              // nothing moves
        #expect(rows()[5].contains("paused · 7 new below"))

        for command in try KeyScript.parse("G") { try session.apply(command) }
        #expect(Array(rows().prefix(5)) == (105..<110).map { "line \($0)" })
        #expect(rows()[5].contains("following"))

        Self.write(Self.lines(0..<3), to: path)                                 // truncated
        try session.poll()
        #expect(Array(rows().prefix(3)) == (0..<3).map { "line \($0)" })
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")    // rotated
        Self.write("after rotation\n", to: path)
        try session.poll()
        #expect(rows()[0] == "after rotation")
        try FileManager.default.removeItem(atPath: path)                       // gone
        try session.poll()
        #expect(rows()[0] == "after rotation")
        #expect(session.statusText.contains("No such file"))
    }

    @Test func aSectionPatternStartsFoldableSections() throws {
        let path = temporaryPath("d.log")
        Self.write("boot\n== test A\na1\na2\n== test B\nb1\n", to: path)
        let session = try FollowSession(path: path, sectionPattern: try Regex("^== "), size: TerminalSize(columns: 30, rows: 8))
        #expect(session.list.layout.sectionCount == 3)
        try session.apply(.collapseAll)
        let shown = session.list.displayed.map { $0.element }
        #expect(shown == [.item(ItemPath(section: 0, item: 0)), .header(section: 1), .header(section: 2)])
        Self.append(Array("b2\n== test C\nc1\n".utf8), to: path)
        try session.poll()
        #expect(session.list.layout.sectionCount == 4)
        #expect(session.list.layout.itemCount(inSection: 2) == 2)
    }

    /// The sections a file of `bytes` holds under the pattern "^== ": a matching line starts
    /// a section and is its header (line 0 too: section 0 is then headed); each section as
    /// (headed, item count).
    static func modelSections(_ bytes: [UInt8]) -> [(headed: Bool, items: Int)] {
        var sections: [(headed: Bool, items: Int)] = [(false, 0)]
        for (index, line) in modelLines(bytes).enumerated() {
            if line.hasPrefix("== ") {
                if index == 0 { sections[0].headed = true } else { sections.append((true, 0)) }
            } else {
                sections[sections.count - 1].items += 1
            }
        }
        return sections
    }

    /// `text` without the spaces that pad a screen line to its width.
    static func withoutTrailingSpaces(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    @Test func aFirstLineThatMatchesIsSectionZerosHeader_andAGrownLineThatMatchesOnlyNowStartsASection() throws {
        let path = temporaryPath("h.log")
        Self.write("== A\na1\n== B\nb1\n", to: path)
        let session = try FollowSession(path: path, sectionPattern: try Regex("^== "), size: TerminalSize(columns: 30, rows: 6))
        #expect(session.list.layout.sectionCount == 2)
        #expect(session.list.layout.hasHeader(section: 0) && session.list.layout.itemCount(inSection: 0) == 1)
        let rows = session.screen().plainText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(rows.prefix(4)) == ["== A", "a1", "== B", "b1"])

        let grown = temporaryPath("i.log")
        Self.write("a\n=", to: grown)                                    // "=" does not match yet
        let growing = try FollowSession(path: grown, sectionPattern: try Regex("^== "), size: TerminalSize(columns: 30, rows: 6))
        #expect(growing.list.layout.sectionCount == 1 && growing.list.layout.itemCount(inSection: 0) == 2)
        Self.append(Array("= C\nc1\n".utf8), to: grown)                  // now "== C"
        try growing.poll()
        #expect(growing.list.layout.sectionCount == 2)
        #expect(growing.list.layout.itemCount(inSection: 0) == 1)
        #expect(growing.list.layout.hasHeader(section: 1) && growing.list.layout.itemCount(inSection: 1) == 1)

        let first = temporaryPath("j.log")
        Self.write("=", to: first)                                        // line 0, not matching yet
        let opening = try FollowSession(path: first, sectionPattern: try Regex("^== "), size: TerminalSize(columns: 30, rows: 6))
        #expect(!opening.list.layout.hasHeader(section: 0))
        Self.append(Array("= D\nd1\n".utf8), to: first)
        try opening.poll()
        #expect(opening.list.layout.sectionCount == 1)
        #expect(opening.list.layout.hasHeader(section: 0) && opening.list.layout.itemCount(inSection: 0) == 1)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func sectionsAgreeWithAModelOfTheFileOverRandomAppendsInPiecesAndTruncations(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let path = temporaryPath("sections.log")
        var bytes: [UInt8] = []
        Self.write("", to: path)
        let size = TerminalSize(columns: 60, rows: 7)
        let session = try FollowSession(path: path, sectionPattern: try Regex("^== "), size: size)
        for step in 0..<150 {
            if random.chance(1, in: 25) {
                bytes = Array(bytes.prefix(random.below(max(1, bytes.count))))
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } else {
                let alphabet: [UInt8] = Array("== ab\n\n".utf8)
                let added = (0..<random.int(in: 0...12)).map { _ in alphabet[random.below(alphabet.count)] }
                bytes += added
                Self.append(added, to: path)
            }
            session.file.bytesPerRefresh = random.chance(1, in: 3) ? random.int(in: 1...5) : 64 << 20
            session.file.linesPerRefresh = random.chance(1, in: 3) ? random.int(in: 1...3) : 1 << 20
            try session.poll()
            let context = "seed \(seed) step \(step): file \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            let expected = Self.modelSections(bytes)
            let layout = session.list.layout
            let got = (0..<layout.sectionCount).map { (headed: layout.hasHeader(section: $0), items: layout.itemCount(inSection: $0) ?? -1) }
            #expect(got.map(\.headed) == expected.map(\.headed) && got.map(\.items) == expected.map(\.items), "\(context)")
            // Following: the screen shows the last lines of the file, in order.
            let lines = Self.modelLines(bytes)
            let shown = Array(lines.suffix(session.listRows))
            let rows = (0..<shown.count).map { Self.withoutTrailingSpaces(session.screen().plainLine($0)) }
            #expect(rows == shown.map(Self.withoutTrailingSpaces), "\(context)")
            if got.map(\.items) != expected.map(\.items) || got.map(\.headed) != expected.map(\.headed) { return }
        }
    }

    @Test func aDirectoryAFIFOOrADeviceIsReportedNotRead() throws {
        let fifo = temporaryPath("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for writing, so that code which opened the FIFO to read it would not
        // wait for a writer: this test then fails instead of hanging.
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        for (path, kind) in [(directory.path, "a directory"), (fifo, "a FIFO"), ("/dev/null", "a character device")] {
            let file = FollowedFile(path: path)
            guard case .missing(let message) = file.refresh() else { Issue.record("\(path) was read"); continue }
            #expect(message.contains(kind) && message.contains("not a regular file"), "\(message)")
            #expect(!file.hasMore && file.lineCount == 0)
        }
        // A followed file replaced by a directory keeps what was read.
        let path = temporaryPath("k.log")
        Self.write("kept\n", to: path)
        let session = try FollowSession(path: path, sectionPattern: nil, size: TerminalSize(columns: 40, rows: 4))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try session.poll()
        #expect(session.screen().plainLine(0).hasPrefix("kept"))
        #expect(session.statusText.contains("a directory, not a regular file"))
    }

    /// The session's own data source, answering for it, that appends `chunk` to the file
    /// each time the list configures a view, `budget` times: a writer faster than the reader,
    /// writing while a poll reads.
    final class WritingWhileConfiguring: ListDataSource {
        typealias View = TerminalView
        let inner: FollowListSource
        let path: String
        var budget: Int
        let chunk: [UInt8]
        init(_ inner: FollowListSource, path: String, budget: Int, chunk: [UInt8]) {
            (self.inner, self.path, self.budget, self.chunk) = (inner, path, budget, chunk)
        }
        func numberOfSections(in list: VirtualList<TerminalView>) -> Int { inner.numberOfSections(in: list) }
        func list(_ list: VirtualList<TerminalView>, numberOfItemsInSection section: Int) -> Int {
            inner.list(list, numberOfItemsInSection: section)
        }
        func list(_ list: VirtualList<TerminalView>, metricsForSection section: Int) -> SectionMetrics {
            inner.list(list, metricsForSection: section)
        }
        func list(_ list: VirtualList<TerminalView>, reuseIdentifierFor element: ListElement) -> String {
            inner.list(list, reuseIdentifierFor: element)
        }
        func list(_ list: VirtualList<TerminalView>, identifierForSection section: Int) -> AnyHashable? {
            inner.list(list, identifierForSection: section)
        }
        func list(_ list: VirtualList<TerminalView>, configure view: TerminalView, for element: ListElement, binding: BindingToken) {
            inner.list(list, configure: view, for: element, binding: binding)
            if budget > 0 {
                budget -= 1
                FollowTests.append(chunk, to: path)
            }
        }
    }

    @Test func aPollReadsWhatTheFileHeldWhenItBegan_soAFasterWriterNeverKeepsItFromReturning() throws {
        let path = temporaryPath("fast.log")
        Self.write(Self.lines(0..<10), to: path)                        // 70 bytes
        let session = try FollowSession(path: path, sectionPattern: nil, size: TerminalSize(columns: 30, rows: 4))
        #expect(session.file.lineCount == 10)
        session.file.bytesPerRefresh = 16                               // two lines a step
        let writer = WritingWhileConfiguring(session.source, path: path, budget: 1_000, chunk: Array(Self.lines(0..<3).utf8))
        session.list.dataSource = writer
        Self.append(Array(Self.lines(10..<20).utf8), to: path)          // 80 bytes, 5 steps
        try session.poll()
        // Each step shows new lines, whose views the writer answers with three more lines;
        // the poll stops at the bytes the file held when it began.
        #expect(session.file.scannedBytes == 150 && session.file.lineCount == 20)
        #expect(writer.budget < 1_000 && session.hasUnreadBytes)
        try session.poll(maximumRefreshes: 1)
        #expect(session.file.scannedBytes == 166)                       // one step
        for (set, kept) in [(0, 1), (-5, 1), (Int.max, 1 << 40)] {      // never a step of none
            session.file.bytesPerRefresh = set
            session.file.linesPerRefresh = set
            #expect(session.file.bytesPerRefresh == kept && session.file.linesPerRefresh == kept)
            try session.poll()
        }
        withExtendedLifetime(writer) {}
    }

    @Test func aRefreshAddsAtMostLinesPerRefreshLines_stoppingAtALineStart() {
        let path = temporaryPath("y.log")
        Self.write(String(repeating: "y\n", count: 10) + "partial", to: path)
        let file = FollowedFile(path: path)
        file.linesPerRefresh = 4
        #expect(file.refresh() == .appended(lines: 0..<4, grewLast: false))
        #expect(file.scannedBytes == 8 && file.hasMore)
        #expect(file.refresh() == .appended(lines: 4..<8, grewLast: false))
        #expect(file.refresh() == .appended(lines: 8..<11, grewLast: false))   // "y", "y", "partial"
        #expect(!file.hasMore && file.line(10) == "partial")
    }

    @Test func theDemoFollowsAFileFromAScript() throws {
        let path = temporaryPath("e.log")
        Self.write(Self.lines(0..<50), to: path)
        var output = ""
        var errors = ""
        let status = DemoMain.run(arguments: ["--follow", path, "--script", "pgup pgup", "--size", "30x5"], outputIsTerminal: false,
                                  output: { output += $0 }, errorOutput: { errors += $0 })
        #expect(status == 0 && errors.isEmpty)
        #expect(output.contains("line 42") && output.contains("paused"))
        let missing = DemoMain.run(arguments: ["--follow", path + ".none", "--script", "G"], outputIsTerminal: false,
                                   output: { output = $0 }, errorOutput: { errors += $0 })
        #expect(missing == 0 && output.contains("No such file"))
    }

    @Test(arguments: [
        (["--section", "x"], "--section needs --follow"),
        (["--follow", "f", "--section", "("], "--section \"(\": not a regular expression"),
        (["--follow", "f", "--generate", "1x1"], "--follow can't be used with --data, --generate or --tree"),
    ])
    func badFollowOptionsAreOneLineNamingTheArgument(arguments: [String], message: String) {
        #expect(throws: DemoOptionsError(message)) { try DemoOptions.parse(arguments) }
    }
}

import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalList

/// What `--data` refuses before reading: anything but a regular file, and a file over the
/// size limit. Each refusal must come without reading the file, so none of these tests can
/// hang on a FIFO or fill memory from /dev/zero: if one did, the test would not finish.
struct DataFileLimitsTests {
    static func failure(path: String, maximumBytes: Int = DemoDataFile.maximumFileBytes) -> DataFileError? {
        do throws(DataFileError) {
            let sections = try DemoDataFile.load(path: path, maximumBytes: maximumBytes)
            Issue.record("expected an error for \(path), loaded \(sections.count) sections")
            return nil
        } catch {
            return error
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("sections.json").path
            try #require(mkfifo(path, 0o600) == 0, "mkfifo: errno \(errno)")
            let error = try #require(DataFileLimitsTests.failure(path: path))
            #expect(error.kind == .notRegularFile)
            #expect(error.description == "\(path): a FIFO (named pipe), not a regular file; --data reads regular files only")
        }
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom", "/dev/null"])
    func aDeviceIsRefusedBeforeReading(path: String) throws {
        let error = try #require(DataFileLimitsTests.failure(path: path))
        #expect(error.kind == .notRegularFile)
        #expect(error.description == "\(path): a character device, not a regular file; --data reads regular files only")
    }

    @Test func aFileOverTheLimitIsRefusedFromItsSizeBeforeReading() throws {
        try withTemporaryDirectory { directory in
            // Sparse: 2 GiB long, no blocks written. Reading it would take 2 GiB of memory.
            let path = try writeFixture("", named: "huge.json", in: directory)
            try #require(truncate(path, 2 << 30) == 0, "truncate: errno \(errno)")
            let error = try #require(DataFileLimitsTests.failure(path: path))
            #expect(error.kind == .limitExceeded)
            #expect(error.description == "\(path): 2147483648 bytes, more than the limit of \(DemoDataFile.maximumFileBytes) bytes for a data file")
        }
    }

    @Test func aFileOfExactlyTheLimitLoadsAndOneByteMoreIsRefused() throws {
        try withTemporaryDirectory { directory in
            let text = "[{\"title\": \"魏\"}]"
            let limit = text.utf8.count
            let atLimit = try writeFixture(text, named: "at.json", in: directory)
            #expect(try DemoDataFile.load(path: atLimit, maximumBytes: limit).map(\.title) == ["魏"])
            let over = try writeFixture(text + "\n", named: "over.json", in: directory)
            let error = try #require(DataFileLimitsTests.failure(path: over, maximumBytes: limit))
            #expect(error.description == "\(over): \(limit + 1) bytes, more than the limit of \(limit) bytes for a data file")
        }
    }

    #if os(Linux)
    @Test func aFileLongerThanItsReportedSizeIsCutOffPastTheLimit() throws {
        // /proc files are regular files that report a size of 0 and then have content.
        let path = "/proc/self/status"
        let error = try #require(DataFileLimitsTests.failure(path: path, maximumBytes: 16))
        #expect(error.kind == .limitExceeded)
        #expect(error.description == "\(path): more than the limit of 16 bytes for a data file (its size was 0 bytes before reading)")
    }
    #endif
}

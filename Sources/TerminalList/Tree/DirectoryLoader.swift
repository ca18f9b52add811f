internal import Foundation

/// A directory to list, for one load request.
struct ListingJob: Sendable {
    var serial: UInt64
    var path: [UInt8]
    var enclosing: Set<FileIdentity>
}

/// A finished listing.
struct ListingResult: Sendable {
    var serial: UInt64
    var result: Result<DirectoryContents, ListingFailure>
}

/// Lists directories on a thread of its own, so the input loop never waits for a file
/// system: jobs go in on the caller's thread, one worker thread lists them in order, and
/// the results wait here until the caller takes them (or blocks for one, in a scripted
/// run). Nothing else is shared between the threads; the lock guards both queues.
///
///     caller ── submit(job) ──▶ jobs ──▶ worker: DirectoryListing.list ──▶ results
///        ▲                                                                  │
///        └──────────────── takeResults() / waitForResult() ◀────────────────┘
///
/// One worker keeps listings in request order and the machine's cores for the input
/// loop; a directory that never answers (a hung network mount) holds up the listings
/// after it, not the keys. `close()` (the owner's `deinit`) lets the worker end after its
/// current job.
final class DirectoryLoader: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [ListingJob] = []
    private var nextJob = 0
    private var results: [ListingResult] = []
    private var isClosed = false

    /// Starts the worker thread.
    init() {
        let thread = Thread { [self] in runWorker() }
        thread.name = "listkernel-demo directory listing"
        thread.start()
    }

    /// Queues a directory to list.
    func submit(_ job: ListingJob) {
        condition.lock()
        jobs.append(job)
        condition.broadcast()
        condition.unlock()
    }

    /// The listings finished since the last call, in the order they finished.
    func takeResults() -> [ListingResult] {
        condition.lock()
        defer { condition.unlock() }
        let taken = results
        results = []
        return taken
    }

    /// Blocks until a listing has finished (or the loader is closed).
    func waitForResult() {
        condition.lock()
        while results.isEmpty && !isClosed { condition.wait() }
        condition.unlock()
    }

    /// Lets the worker end after its current job; jobs still queued are not listed.
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The worker: takes jobs in order until closed.
    private func runWorker() {
        while true {
            condition.lock()
            while nextJob == jobs.count && !isClosed { condition.wait() }
            if isClosed {
                condition.unlock()
                return
            }
            let job = jobs[nextJob]
            nextJob += 1
            if nextJob == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                nextJob = 0
            }
            condition.unlock()
            let result = ListingResult(serial: job.serial, result: DirectoryListing.list(path: job.path, enclosing: job.enclosing))
            condition.lock()
            results.append(result)
            condition.broadcast()
            condition.unlock()
        }
    }
}

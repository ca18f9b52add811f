import ListKernel

/// What ``DemoMain``'s interactive loop and scripted runs drive: a ``DemoSession`` of
/// sections or an ``OutlineSession`` of nested groups (a nested data file, a directory
/// tree whose folders load in the background).
protocol DemoScreenSession: AnyObject {
    /// The screen size.
    var size: TerminalSize { get }
    /// Whether a search is in progress (``continueSearch()`` goes on with it).
    var isSearching: Bool { get }
    /// Whether loads were started and not answered yet.
    var hasPendingLoads: Bool { get }
    /// Applies one command.
    func apply(_ command: DemoCommand) throws(ListError)
    /// One bounded step of the search in progress.
    func continueSearch() throws(ListError)
    /// Changes the screen size.
    func resize(to newSize: TerminalSize) throws(ListError)
    /// The screen, with the search prompt's text while it is open.
    func screen(searchPrompt: String?) -> Screen
    /// Hands finished loads to the kernel; whether anything changed.
    @discardableResult
    func deliverFinishedLoads() throws(ListError) -> Bool
    /// Waits for and delivers loads until none is pending.
    func settleLoads() throws(ListError)
}

/// A session of sections loads nothing.
extension DemoSession: DemoScreenSession {
    var hasPendingLoads: Bool { false }
    func deliverFinishedLoads() throws(ListError) -> Bool { false }
    func settleLoads() throws(ListError) {}
}

extension OutlineSession: DemoScreenSession {}

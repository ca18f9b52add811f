@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) public import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// What a front end can get wrong when driving a `VirtualList`. Every message names the
/// numbers or identifiers involved; a call that throws changes nothing.
public enum ListError: Error, Equatable, CustomStringConvertible {
    /// An update, reload, scroll or pass was requested while the list was calling out to the
    /// front end (from inside `configure`, a display callback or `prepareForReuse`).
    case reentrantCall(operation: String, callback: String)
    /// The list has no data source.
    case noDataSource(operation: String)
    /// A viewport with a NaN or infinite offset, a negative or non-finite size or insets, or a
    /// negative overscan.
    case invalidViewport(String)
    /// The data source names a reuse identifier no view is registered for.
    case unregisteredIdentifier(String, kind: ElementKind, element: ListElement)
    /// The element exists in the model but is not laid out (an item of a collapsed section,
    /// a header or footer its section does not have), so it can't be scrolled to or measured.
    case notLaidOut(ListElement, operation: String)
    /// The data source reported a negative count.
    case invalidCount(Int, what: String)
    /// A batch update was inconsistent with the data source's counts, out of range, or
    /// conflicting; nothing was applied.
    case update(UpdateError)
    /// A layout question or change was out of range or had a bad extent.
    case layout(LayoutError)
    /// The reuse pool refused an operation.
    case reuse(ReuseError)
    /// A `ViewRegistration` of a class (`registered`) that is not the list's view class
    /// (`listView`) or a subclass of it.
    case registrationViewType(registered: String, listView: String)
    /// The viewport and its overscan cover more than `ListLimits.maximumDisplayedElements`
    /// elements of nonzero extent (`viewport` describes it); the pass displayed nothing new.
    case tooManyElementsInWindow(viewport: String)

    /// A sentence naming the numbers.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .reentrantCall(let operation, let callback):
            "\(operation) was called from inside \(callback); the list can't change while it is calling out to the front end (do it after the callback returns)"
        case .noDataSource(let operation):
            "\(operation) needs a data source, and the list has none"
        case .invalidViewport(let reason):
            "invalid viewport: \(reason)"
        case .unregisteredIdentifier(let identifier, let kind, let element):
            "no view is registered for reuse identifier '\(identifier)' of kind \(kind), which the data source names for \(element)"
        case .notLaidOut(let element, let operation):
            "\(operation): \(element) is not laid out (its section is collapsed, or has no such header or footer)"
        case .invalidCount(let count, let what):
            "the data source reported \(count) \(what)\(count < 0 ? "; a count must not be negative" : "")"
        case .update(let error):
            error.description
        case .layout(let error):
            error.description
        case .reuse(let error):
            error.description
        case .registrationViewType(let registered, let listView):
            "cannot register views of class \(registered) with a VirtualList<\(listView)>: a registered class must be \(listView) or a subclass of it"
        case .tooManyElementsInWindow(let viewport):
            "the viewport (\(viewport)) covers more than \(ListLimits.maximumDisplayedElements) elements (ListLimits.maximumDisplayedElements); a pass displays at most that many"
        }
    }
}

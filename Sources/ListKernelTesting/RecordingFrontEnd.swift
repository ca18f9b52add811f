public import ListKernel
import Foundation

/// A view for tests: it remembers everything a front end's view would show, so a test can
/// check that a recycled view never shows stale state.
public final class RecordingView: ReusableView, CustomStringConvertible {
    /// The last serial handed out. Tests run in parallel, so the counter is behind a lock.
    nonisolated(unsafe) private static var lastSerial = 0
    private static let serialLock = NSLock()

    /// A serial number, unique per view made in this process.
    public let serial: Int
    /// The kind the view was made for.
    public let kind: ElementKind
    /// The reuse identifier the view was made for.
    public let reuseIdentifier: String
    /// What the view shows: set by configure from the model only.
    public var content: String?
    /// The element the view was last configured for.
    public var configuredFor: ListElement?
    /// The binding the view was last configured under.
    public var binding: BindingToken?
    /// How many times `prepareForReuse` ran.
    public private(set) var prepareCount = 0

    /// Makes a view of `kind` for `reuseIdentifier`.
    ///
    /// - Complexity: O(1).
    public init(kind: ElementKind, reuseIdentifier: String) {
        serial = RecordingView.serialLock.withLock {
            RecordingView.lastSerial += 1
            return RecordingView.lastSerial
        }
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier
    }

    /// Counts the call; the view keeps its content (configure must overwrite it).
    ///
    /// - Complexity: O(1).
    public func prepareForReuse() { prepareCount += 1 }

    /// `view #serial (identifier)`.
    ///
    /// - Complexity: O(1).
    public var description: String { "view #\(serial) ('\(reuseIdentifier)')" }
}

/// One section of a `RecordingFrontEnd`'s model.
public struct RecordingSection: Equatable, Sendable {
    /// A stable identifier.
    public var id: Int
    /// Item identifiers, in order.
    public var items: [Int]
    /// The header's extent (`nil`: none).
    public var header: Double?
    /// The footer's extent (`nil`: none).
    public var footer: Double?
    /// The items' extent policy.
    public var itemExtent: ListLayout.ItemExtent

    /// Creates a section.
    ///
    /// - Complexity: O(1).
    public init(id: Int, items: [Int], header: Double? = 30, footer: Double? = nil, itemExtent: ListLayout.ItemExtent = .uniform(44)) {
        self.id = id
        self.items = items
        self.header = header
        self.footer = footer
        self.itemExtent = itemExtent
    }
}

/// A data source for tests that records every callback and configures views with a token
/// unique to each element's model content, so stale state is visible.
///
/// ```swift
/// let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: Array(0..<100))])
/// let list = frontEnd.makeList()
/// try list.setViewport(Viewport(size: 300))
/// #expect(frontEnd.problems(in: list).isEmpty)
/// ```
public final class RecordingFrontEnd: ListDataSource {
    /// The front end draws with `RecordingView`s.
    public typealias View = RecordingView

    /// One recorded callback; `view` is the view's serial.
    public enum Event: Equatable, Sendable {
        /// `configure` of the view for the element.
        case configure(ListElement, view: Int)
        /// `willDisplay` of the view for the element.
        case willDisplay(ListElement, view: Int)
        /// `didEndDisplaying` of the view for the element.
        case didEndDisplaying(ListElement, view: Int)
        /// `prepareForReuse` of the view.
        case prepareForReuse(view: Int)
        /// `prefetchItemsAt` with these paths.
        case prefetch([ItemPath])
        /// `cancelPrefetchingForItemsAt` with these paths.
        case cancelPrefetch([ItemPath])
    }

    /// The model.
    public var sections: [RecordingSection]
    /// A content version per item id: bumping it changes what the item shows.
    public var versions: [Int: Int] = [:]
    /// Every callback, in order.
    public private(set) var events: [Event] = []
    /// Whether to record events (turn off for long runs).
    public var isRecording = true
    /// Called at the end of each configure (to measure, or to try a re-entrant call).
    public var onConfigure: ((VirtualList<RecordingView>, RecordingView, ListElement) -> Void)?
    /// Called from willDisplay.
    public var onWillDisplay: ((VirtualList<RecordingView>, RecordingView, ListElement) -> Void)?
    /// Display callbacks per view serial: +1 on willDisplay, -1 on didEndDisplaying.
    public private(set) var displayBalance: [Int: Int] = [:]
    /// Callbacks that arrived out of order (didEnd without willDisplay, and so on).
    public private(set) var callbackViolations: [String] = []
    /// The list this front end feeds (set by `makeList`), read for fold state.
    public weak var list: VirtualList<RecordingView>?
    /// Counts of configure calls.
    public private(set) var configureCount = 0

    /// A front end over `sections`.
    ///
    /// - Complexity: O(1).
    public init(sections: [RecordingSection]) { self.sections = sections }

    /// A list over this front end with "item", "header" and "footer" views registered.
    ///
    /// - Complexity: O(S) (the initial reload).
    public func makeList(style: ListStyle = .plain, viewport: Viewport? = nil) -> VirtualList<RecordingView> {
        let list = VirtualList<RecordingView>(style: style)
        for kind in [ElementKind.item, .header, .footer] {
            try! list.register(kind: kind, reuseIdentifier: kind.name) { RecordingView(kind: kind, reuseIdentifier: kind.name) }
        }
        list.dataSource = self
        self.list = list
        try! list.reloadData()
        if let viewport { try! list.setViewport(viewport) }
        return list
    }

    /// The content an element must show: its model identity and version.
    ///
    /// - Complexity: O(1).
    public func content(for element: ListElement) -> String {
        switch element {
        case .header(let section):
            let folded = list?.isCollapsed(section: section) ?? false
            return "header of section \(sections[section].id) \(folded ? "▸" : "▾")"
        case .footer(let section): return "footer of section \(sections[section].id)"
        case .item(let path):
            let id = sections[path.section].items[path.item]
            return "item \(id) v\(versions[id, default: 0])"
        }
    }

    /// The model's section count.
    ///
    /// - Complexity: O(1).
    public func numberOfSections(in list: VirtualList<RecordingView>) -> Int { sections.count }

    /// The model's item count of `section`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, numberOfItemsInSection section: Int) -> Int {
        sections[section].items.count
    }

    /// The section's header, footer and item extents from the model.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, metricsForSection section: Int) -> SectionMetrics {
        SectionMetrics(header: sections[section].header, footer: sections[section].footer, itemExtent: sections[section].itemExtent)
    }

    /// The section's `id`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, identifierForSection section: Int) -> AnyHashable? {
        sections[section].id
    }

    /// The item's identifier.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, identifierForItemAt path: ItemPath) -> AnyHashable? {
        sections[path.section].items[path.item]
    }

    /// The kind's name: `item`, `header` or `footer`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, reuseIdentifierFor element: ListElement) -> String {
        element.kind.name
    }

    /// Records the call, sets the view's content from the model, then calls `onConfigure`.
    ///
    /// - Complexity: O(1), plus `onConfigure`.
    public func list(_ list: VirtualList<RecordingView>, configure view: RecordingView, for element: ListElement, binding: BindingToken) {
        configureCount += 1
        if isRecording { events.append(.configure(element, view: view.serial)) }
        view.content = content(for: element)
        view.configuredFor = element
        view.binding = binding
        onConfigure?(list, view, element)
    }

    /// Records the call and checks it pairs up, then calls `onWillDisplay`.
    ///
    /// - Complexity: O(1), plus `onWillDisplay`.
    public func list(_ list: VirtualList<RecordingView>, willDisplay view: RecordingView, for element: ListElement) {
        if isRecording { events.append(.willDisplay(element, view: view.serial)) }
        displayBalance[view.serial, default: 0] += 1
        if displayBalance[view.serial] != 1 { callbackViolations.append("willDisplay twice for \(view) (\(element))") }
        if view.configuredFor != element { callbackViolations.append("willDisplay of \(view) for \(element), configured for \(String(describing: view.configuredFor))") }
        onWillDisplay?(list, view, element)
    }

    /// Records the call and checks it pairs up.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, didEndDisplaying view: RecordingView, for element: ListElement) {
        if isRecording { events.append(.didEndDisplaying(element, view: view.serial)) }
        displayBalance[view.serial, default: 0] -= 1
        if displayBalance[view.serial] != 0 { callbackViolations.append("didEndDisplaying without willDisplay for \(view) (\(element))") }
    }

    /// Records the call.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<RecordingView>, prepareForReuse view: RecordingView) {
        if isRecording { events.append(.prepareForReuse(view: view.serial)) }
    }

    /// Records the call.
    ///
    /// - Complexity: O(paths).
    public func list(_ list: VirtualList<RecordingView>, prefetchItemsAt paths: [ItemPath]) {
        if isRecording { events.append(.prefetch(paths)) }
    }

    /// Records the call.
    ///
    /// - Complexity: O(paths).
    public func list(_ list: VirtualList<RecordingView>, cancelPrefetchingForItemsAt paths: [ItemPath]) {
        if isRecording { events.append(.cancelPrefetch(paths)) }
    }

    /// Forgets the recorded events.
    ///
    /// - Complexity: O(1).
    public func clearEvents() { events.removeAll() }

    /// Everything wrong with what `list` displays: each displayed element has exactly one
    /// view; each view shows the element it is displayed for, from the current model; no view
    /// is displayed twice; displayed views are `displayed` in the pool and no pooled view is
    /// displayed; display callbacks pair up.
    ///
    /// - Complexity: O(k log k) for k displayed elements.
    public func problems(in list: VirtualList<RecordingView>) -> [String] {
        var problems = callbackViolations
        var seenViews = Set<ObjectIdentifier>()
        var previous: ListElement?
        for shown in list.displayed {
            if let previous, !(previous < shown.element) { problems.append("displayed elements out of order or repeated at \(shown.element)") }
            previous = shown.element
            if !seenViews.insert(ObjectIdentifier(shown.view)).inserted { problems.append("\(shown.view) displayed twice") }
            let expected = content(for: shown.element)
            if shown.view.content != expected {
                problems.append("\(shown.view) displayed for \(shown.element) shows '\(shown.view.content ?? "nothing")', expected '\(expected)'")
            }
            if shown.view.binding != shown.binding || !list.isCurrent(shown.binding) { problems.append("\(shown.view) binding is stale") }
            if list.pool.state(of: shown.view) != .displayed { problems.append("\(shown.view) is displayed but the pool says \(list.pool.state(of: shown.view))") }
            if displayBalance[shown.view.serial] != 1 { problems.append("\(shown.view) is displayed with display balance \(displayBalance[shown.view.serial] ?? 0)") }
            if shown.view.kind != shown.element.kind { problems.append("\(shown.view) of kind \(shown.view.kind) shows \(shown.element)") }
        }
        let displayedCount = displayBalance.values.filter { $0 == 1 }.count
        if displayedCount != list.displayed.count { problems.append("\(displayedCount) views between willDisplay and didEnd, \(list.displayed.count) displayed") }
        return problems
    }
}

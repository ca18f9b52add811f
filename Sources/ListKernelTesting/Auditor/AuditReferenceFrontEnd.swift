public import ListKernel

/// A view for audits that shows what a typical header or cell shows: a title, a fold arrow,
/// an expanded part and an image, each in a plain property a test can read.
///
/// - Complexity: every member is O(1).
public final class AuditView: CustomStringConvertible {
    /// A serial number, unique per front end that made the view.
    public let serial: Int
    /// The kind of element the view was made for.
    public let kind: ElementKind
    /// The title label's text.
    public var title: String?
    /// Whether the fold arrow points at a folded section (headers).
    public var isArrowFolded = false
    /// Whether the expanded part is shown (items).
    public var isExpanded = false
    /// The token of the image shown, or `nil` (items).
    public var image: String?
    /// A tag, as UIKit views have (seed 003 stored `section + 100` in it).
    public var tag = 0
    /// A section index captured when the view was configured, for front ends that route
    /// taps that way (and go wrong when sections are inserted above).
    public var capturedSection: Int?

    /// Makes a view of `kind`.
    ///
    /// - Complexity: O(1).
    public init(kind: ElementKind, serial: Int) {
        self.kind = kind
        self.serial = serial
    }

    /// `#3 (header)`: the serial and the kind it was made for.
    ///
    /// - Complexity: O(1).
    public var description: String { "#\(serial) (\(kind))" }
}

/// A correct front end over ``AuditView``s: everything a view shows comes from the content
/// in `configure`, images are applied only while the binding is current, taps find their
/// section at tap time. The auditor's own tests run it through random operations, and
/// subclass it to make deliberately buggy front ends the auditor must catch.
///
/// ```swift
/// let auditor = StaleStateAuditor { AuditReferenceFrontEnd() }
/// let report = try auditor.run(seed: 1, operations: 10_000)
/// ```
///
/// - Complexity: every member is O(1) unless it says otherwise.
open class AuditReferenceFrontEnd: AuditableFrontEnd {
    /// The front end draws with ``AuditView``s.
    public typealias View = AuditView

    /// How many views the factories made.
    public private(set) var viewsMade = 0
    /// Called with every view the factories make (a leak test keeps weak references).
    public var onViewMade: ((AuditView) -> Void)?

    /// Every part: titles, fold arrows, expansion, images.
    ///
    /// - Complexity: O(1).
    open var features: AuditFeatures { .all }

    /// A front end with no views yet.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Makes a view of `kind`, numbered.
    ///
    /// - Complexity: O(1).
    public func makeView(kind: ElementKind) -> AuditView {
        viewsMade += 1
        let view = AuditView(kind: kind, serial: viewsMade)
        onViewMade?(view)
        return view
    }

    /// Registers one factory per kind, under the kind's name.
    ///
    /// - Complexity: O(1).
    open func register(in list: VirtualList<AuditView>) throws(ListError) {
        for kind in [ElementKind.item, .header, .footer] {
            try list.register(kind: kind, reuseIdentifier: kind.name) { [unowned self] in makeView(kind: kind) }
        }
    }

    /// Every part from `content`; the image is cleared, then loaded, and applied only if
    /// the binding is still current when it arrives.
    ///
    /// - Complexity: O(1).
    open func configure(_ view: AuditView, with content: AuditContent, context: AuditContext<AuditView>) {
        view.title = content.title
        view.isArrowFolded = content.isFolded ?? false
        view.isExpanded = content.isExpanded ?? false
        view.image = nil
        view.tag = context.element.section + 100
        guard context.element.kind == .item else { return }
        context.loadImage { [weak view] image in
            guard context.isCurrent else { return }
            view?.image = image
        }
    }

    /// What the view's properties show, by kind.
    ///
    /// - Complexity: O(1).
    open func content(of view: AuditView) -> AuditContent {
        switch view.kind {
        case .header: AuditContent(title: view.title, isFolded: view.isArrowFolded)
        case .item: AuditContent(title: view.title, isExpanded: view.isExpanded, image: view.image)
        default: AuditContent(title: view.title)
        }
    }

    /// Nothing: `configure` sets every part.
    ///
    /// - Complexity: O(1).
    open func prepareForReuse(_ view: AuditView) {}

    /// Nothing: the arrow follows the model through `configure`, which the list calls for
    /// a folded or unfolded section's header.
    ///
    /// - Complexity: O(1).
    open func headerTapped(_ view: AuditView) {}

    /// The section the list displays `header` for, looked up now.
    ///
    /// - Complexity: O(k) for k displayed elements.
    open func section(toggledByTapping header: AuditView, in list: VirtualList<AuditView>) -> Int? {
        list.element(for: header)?.section
    }

    /// Nothing: expansion lives in the model.
    ///
    /// - Complexity: O(1).
    open func itemTapped(_ view: AuditView) {}
}

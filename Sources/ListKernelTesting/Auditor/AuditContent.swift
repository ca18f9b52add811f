/// What one view shows, in the auditor's terms: the parts a stale view gets wrong.
///
/// The auditor hands a front end the content each element must show; the front end renders
/// it into its own view however it likes, and reads it back with
/// ``AuditableFrontEnd/content(of:)``. A view that shows anything of an element it showed
/// before, instead of the element it is displayed for now, reads back differently.
///
/// ```swift
/// func content(of view: ContactCell) -> AuditContent {
///     AuditContent(title: view.nameLabel.text, isFolded: view.arrow.isPointingRight,
///                  isExpanded: !view.details.isHidden, image: view.avatar.accessibilityIdentifier)
/// }
/// ```
///
/// - Complexity: every member is O(1) except `description`, O(length of the strings).
public struct AuditContent: Hashable, Sendable, CustomStringConvertible {
    /// The element's unique token (`header S3 v0`, `item 42 v1`, `footer S3 v0`): what a
    /// title label shows. Unique per element and content version, so a recycled view that
    /// kept its old title reads back the old element's token.
    public var title: String?
    /// Headers: whether the fold arrow points at a folded section (seed 000's arrow).
    public var isFolded: Bool?
    /// Items: whether the cell shows its expanded part (seed 002's detail view).
    public var isExpanded: Bool?
    /// Items: the token of the image the view shows (`image 42 v1`), or `nil` while none has
    /// loaded. Images arrive asynchronously through ``AuditContext/loadImage(_:)``.
    public var image: String?

    /// Creates content.
    ///
    /// - Complexity: O(1).
    public init(title: String? = nil, isFolded: Bool? = nil, isExpanded: Bool? = nil, image: String? = nil) {
        self.title = title
        self.isFolded = isFolded
        self.isExpanded = isExpanded
        self.image = image
    }

    /// `'item 42 v1' expanded image 'image 42 v1'`, naming only the parts that are set.
    ///
    /// - Complexity: O(length of the strings).
    public var description: String {
        var parts = ["'\(title ?? "no title")'"]
        if let isFolded { parts.append(isFolded ? "arrow folded" : "arrow unfolded") }
        if let isExpanded { parts.append(isExpanded ? "expanded" : "collapsed") }
        if let image { parts.append("image '\(image)'") }
        return parts.joined(separator: " ")
    }
}

/// The parts of ``AuditContent`` a front end's views show; only these are compared.
///
/// ```swift
/// var features: AuditFeatures { [.title, .foldArrow] }   // no expansion, no images
/// ```
///
/// - Complexity: every member is O(1).
public struct AuditFeatures: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int

    /// Creates features from bits.
    ///
    /// - Complexity: O(1).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every view shows its element's title token.
    public static let title = AuditFeatures(rawValue: 1 << 0)
    /// Headers show a fold arrow.
    public static let foldArrow = AuditFeatures(rawValue: 1 << 1)
    /// Items show whether they are expanded, and their extent doubles when they are.
    public static let expansion = AuditFeatures(rawValue: 1 << 2)
    /// Items load an image asynchronously in `configure` and show it when it arrives.
    public static let asyncImage = AuditFeatures(rawValue: 1 << 3)
    /// Everything.
    public static let all: AuditFeatures = [.title, .foldArrow, .expansion, .asyncImage]
}

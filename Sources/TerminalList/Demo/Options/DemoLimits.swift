/// The limits of one demo run that a test may lower, so that a test of a limit never has
/// to build what the limit is there to refuse (a 16 MiB file, a search through a hundred
/// million titles). Each limit and what exceeding it returns is listed in
/// `Docs/Limits.md`; the fixed ones live with their owners (``DemoOptions``,
/// ``TerminalSize/maximum``, ``RowView/maximumDetailLines``,
/// ``DisplayWidth/maximumScalarsPerCharacter``).
///
/// ```swift
/// var limits = DemoLimits.standard
/// limits.maximumFileBytes = 1_024
/// DemoMain.run(arguments: ["--data", path], outputIsTerminal: false,
///              output: { _ in }, errorOutput: { print($0) }, limits: limits)
/// ```
///
/// - Complexity: every member is O(1).
public struct DemoLimits: Hashable, Sendable {
    /// The largest `--data` file, in bytes (``DemoDataFile/maximumFileBytes`` by default).
    public var maximumFileBytes: Int
    /// The most titles one step of a search examines before keys are read and the screen
    /// drawn again (``DemoSession/defaultSearchTitlesPerStep`` by default).
    public var searchTitlesPerStep: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumFileBytes: The largest `--data` file, in bytes.
    ///   - searchTitlesPerStep: The titles one search step examines; at least 1 is used.
    /// - Complexity: O(1).
    public init(maximumFileBytes: Int = DemoDataFile.maximumFileBytes,
                searchTitlesPerStep: Int = DemoSession.defaultSearchTitlesPerStep) {
        self.maximumFileBytes = maximumFileBytes
        self.searchTitlesPerStep = searchTitlesPerStep
    }

    /// The limits of `listkernel-demo`.
    ///
    /// - Complexity: O(1).
    public static let standard = DemoLimits()
}

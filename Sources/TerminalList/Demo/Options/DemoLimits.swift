/// The limits of one demo run that a test may lower, so that a test of a limit never has
/// to build what the limit is there to refuse (a 32 MiB file). Each limit and what exceeding it returns is listed in
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

    /// Creates limits.
    ///
    /// - Parameter maximumFileBytes: The largest `--data` file, in bytes.
    /// - Complexity: O(1).
    public init(maximumFileBytes: Int = DemoDataFile.maximumFileBytes) {
        self.maximumFileBytes = maximumFileBytes
    }

    /// The limits of `listkernel-demo`.
    ///
    /// - Complexity: O(1).
    public static let standard = DemoLimits()
}

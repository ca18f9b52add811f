@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// What a caller can get wrong when addressing a `ListDiffableDataSource`'s list by
/// identifier. A call that throws changes nothing.
///
/// ```swift
/// do { try dataSource.setCollapsed(true, section: "archive") }
/// catch { print(error) }   // no section archive in the data source's snapshot
/// ```
public enum DiffableDataSourceError: Error, Equatable, CustomStringConvertible {
    /// No section of the current snapshot has this identifier (`String(describing:)` of it).
    case sectionNotFound(identifier: String)
    /// The list refused the operation.
    case list(ListError)

    /// A sentence naming the identifier or the list's numbers.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .sectionNotFound(let identifier): "no section \(identifier) in the data source's snapshot"
        case .list(let error): error.description
        }
    }
}

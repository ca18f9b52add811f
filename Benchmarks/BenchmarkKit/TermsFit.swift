/// A fit of measured costs to a sum of known terms with non-negative coefficients,
/// `cost ≈ c₀·term₀ + c₁·term₁ + …`, minimizing the squared relative residuals as
/// `GrowthFit` does. For a few terms (it tries every subset of them), such as the curve the
/// scaling run fits to memory-bound operations:
///
///     cost(n) ≈ a + b·log₂ n + c·read(n)
///
/// where `read(n)` is the measured cost of one dependent read in memory as large as the
/// structure at size n: `a` is fixed work, `b` the work per level of a tree, and `c` the
/// number of reads the operation waits for, one after another.
///
/// ```swift
/// // Costs of 10 + 2·log₂ n + 3 reads, with reads of 2, 5, 20 and 150 ns:
/// let sizes = [1e3, 1e4, 1e5, 1e6], reads = [2.0, 5, 20, 150]
/// let terms = zip(sizes, reads).map { [1, log2($0), $1] }
/// let fit = TermsFit(terms: terms, costs: terms.map { 10 + 2 * $0[1] + 3 * $0[2] })!
/// fit.coefficients   // [10, 2, 3] (to rounding); fit.error ≈ 0
/// ```
package struct TermsFit: Equatable, Sendable {
    /// One coefficient per term, each at least 0.
    package let coefficients: [Double]
    /// The root mean square of the relative residuals.
    package let error: Double

    /// Fits `costs` to the terms of each point (`terms[i][j]` is term j at point i). Returns
    /// `nil` when there are no points, the points have different numbers of terms, there are
    /// more than 6 terms, or a term or cost is not finite, or a cost is not positive.
    ///
    /// - Complexity: O(2^k · (k³ + p·k²)) for p points and k terms.
    package init?(terms: [[Double]], costs: [Double]) {
        guard let width = terms.first?.count, width > 0, width <= 6, terms.count == costs.count,
              terms.allSatisfy({ $0.count == width && $0.allSatisfy(\.isFinite) }),
              costs.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        // In relative terms: minimize Σ (Σⱼ cⱼ·termᵢⱼ/costᵢ − 1)².
        let rows = zip(terms, costs).map { row, cost in row.map { $0 / cost } }
        var best: (coefficients: [Double], error: Double)?
        for mask in 1..<(1 << width) {
            let chosen = (0..<width).filter { mask & (1 << $0) != 0 }
            guard let solution = TermsFit.solve(rows.map { row in chosen.map { row[$0] } }),
                  solution.allSatisfy({ $0 >= 0 }) else { continue }
            var coefficients = [Double](repeating: 0, count: width)
            for (index, term) in chosen.enumerated() { coefficients[term] = solution[index] }
            let error = TermsFit.error(rows, coefficients)
            if best.map({ error < $0.error - 1e-12 }) ?? true { best = (coefficients, error) }
        }
        guard let best else { return nil }
        coefficients = best.coefficients
        error = best.error
    }

    /// The least-squares solution of `rows · x ≈ 1` by the normal equations, or `nil` when
    /// they are singular.
    private static func solve(_ rows: [[Double]]) -> [Double]? {
        let k = rows[0].count
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: k + 1), count: k)
        for row in rows {
            for i in 0..<k {
                for j in 0..<k { matrix[i][j] += row[i] * row[j] }
                matrix[i][k] += row[i]
            }
        }
        let scale = matrix.map { $0.prefix(k).map(abs).max() ?? 0 }.max() ?? 0
        guard scale > 0 else { return nil }
        // Gaussian elimination with partial pivoting.
        for column in 0..<k {
            let pivot = (column..<k).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
            guard abs(matrix[pivot][column]) > 1e-12 * scale else { return nil }
            matrix.swapAt(column, pivot)
            for row in 0..<k where row != column {
                let factor = matrix[row][column] / matrix[column][column]
                for j in column...k { matrix[row][j] -= factor * matrix[column][j] }
            }
        }
        return (0..<k).map { matrix[$0][k] / matrix[$0][$0] }
    }

    private static func error(_ rows: [[Double]], _ coefficients: [Double]) -> Double {
        var squares = 0.0
        for row in rows {
            var fitted = 0.0
            for (value, coefficient) in zip(row, coefficients) { fitted += value * coefficient }
            squares += (fitted - 1) * (fitted - 1)
        }
        return (squares / Double(rows.count)).squareRoot()
    }
}

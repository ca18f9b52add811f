/// Exact extents: every extent is stored as a whole number of 1/256 point units, so sums of
/// any number of them are exact and never drift, whatever order they are added in.
///
/// The public API speaks `Double` points; a value is rounded to the nearest 1/256 point when
/// it enters the kernel, and every value that leaves it is an exact multiple of 1/256.
///
///     points:  12.5        →  units:  3200   (12.5 × 256)
///     units:   3200 + 64   →  points: 12.75  (exactly)
///
/// - Complexity: every member is O(1).
public enum FixedPoint {
    /// Units per point: extents are exact multiples of `1 / unitsPerPoint`.
    @inlinable public static var unitsPerPoint: Int64 { 256 }

    /// The largest extent one element may have, in points (about 8.4 million).
    @inlinable public static var maximumElementExtent: Double { Double(Int32.max) / Double(unitsPerPoint) }

    /// Converts units to points, exactly (every unit count below 2^53 is representable).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func points(_ units: Int64) -> Double {
        Double(units) / Double(unitsPerPoint)
    }

    /// Rounds points to the nearest unit, or `nil` for a value that is NaN, infinite,
    /// negative or larger than `maximumElementExtent`. For `ListKernelTesting`'s reference
    /// models, which must round exactly as the kernel does.
    ///
    /// - Complexity: O(1).
    @_spi(ListKernelTesting)
    @inlinable
    public static func elementUnits(_ points: Double) -> Int32? {
        guard points.isFinite, points >= 0, points <= maximumElementExtent else { return nil }
        return Int32((points * Double(unitsPerPoint)).rounded())
    }

    /// Rounds the exclusive upper bound of a range in points up to units, or `nil` for NaN or
    /// infinity: a range `[y0, y1)` covers the units `[offsetUnits(y0), upperBoundUnits(y1))`.
    ///
    /// - Complexity: O(1).
    @inlinable package static func upperBoundUnits(_ points: Double) -> Int64? {
        guard let floor = offsetUnits(points) else { return nil }
        return Double(floor) == points * Double(unitsPerPoint) ? floor : floor + 1
    }

    /// Whether `points` is a whole number of units (a multiple of `1 / unitsPerPoint`), so
    /// that sums and differences with other such values are exact.
    ///
    /// - Complexity: O(1).
    @inlinable package static func isWholeUnits(_ points: Double) -> Bool {
        let scaled = points * Double(unitsPerPoint)   // exact: a power of two
        return scaled.isFinite && scaled.rounded(.towardZero) == scaled
    }

    /// Rounds an offset in points to the nearest unit, or `nil` for NaN or infinity.
    ///
    /// - Complexity: O(1).
    @inlinable package static func offsetUnits(_ points: Double) -> Int64? {
        guard points.isFinite, abs(points) < 1e15 else { return nil }
        // The floor, by truncation (a conversion instruction) instead of a call to libm's
        // `floor` on every lookup: truncation rounds a negative fraction up, so step down.
        let scaled = points * Double(unitsPerPoint)
        let truncated = Int64(scaled)
        return Double(truncated) > scaled ? truncated - 1 : truncated
    }
}

/// Whether the kernel's internal invariant checks (`_checkInvariants()` after every
/// mutation) are compiled in. They are in debug builds and out in release builds; the
/// benchmark runner refuses to report while they are on.
public let listKernelInvariantChecksEnabled: Bool = {
    #if DEBUG
    return true
    #else
    return false
    #endif
}()

/// Control over the per-mutation invariant checks of debug builds.
public enum InvariantChecks {
    /// While `true` (in a `withValue` scope), structures skip the check they run after every
    /// mutation, so a test that makes a million mutations can check every N steps instead by
    /// calling the structure's check itself. Has no effect in release builds, where the checks
    /// are compiled out.
    ///
    /// ```swift
    /// InvariantChecks.$areSuspended.withValue(true) { /* a million updates */ }
    /// ```
    @TaskLocal public static var areSuspended = false
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock the demo times kernel calls with: `CLOCK_MONOTONIC`, which never jumps with
/// the wall clock.
///
/// - Complexity: every member is O(1).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    ///
    /// - Complexity: O(1) (one `clock_gettime`).
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

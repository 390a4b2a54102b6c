#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the service reads wall time: the system clock, or a test's own.
public struct WallClock: Sendable {
    public let millis: @Sendable () -> Int64

    public init(millis: @escaping @Sendable () -> Int64) { self.millis = millis }

    /// Unix time in milliseconds from the system clock.
    public static let system = WallClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}

/// Durations as people read them: in seconds, as the watchdog's reasons say them.
public enum Seconds {
    /// `5`, `0.25`: whole numbers without a fraction.
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int64(seconds))" : "\(seconds)"
    }

    /// A duration a client gave in seconds, in whole milliseconds.
    public static func millis(_ seconds: Double) -> Int64 {
        // Total: the decoder keeps durations to a year, but nothing here may trap on what it is given.
        let millis = (seconds * 1000).rounded()
        guard millis.isFinite else { return millis > 0 ? .max : millis < 0 ? .min : 0 }
        return Int64(exactly: millis) ?? (millis > 0 ? .max : .min)
    }

    /// "7.0 s" style, as watchdog reasons read.
    public static func describe(millis: Int64) -> String {
        let tenths = (millis + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

/// Durations as people read them: in seconds, as the watchdog's reasons say them.
public enum Seconds {
    /// `5`, `0.25`: whole numbers without a fraction.
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int64(seconds))" : "\(seconds)"
    }

    /// A duration a client gave in seconds, in whole milliseconds.
    public static func millis(_ seconds: Double) -> Int64 {
        Int64((seconds * 1000).rounded())
    }

    /// "7.0 s" style, as watchdog reasons read.
    public static func describe(millis: Int64) -> String {
        let tenths = (millis + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

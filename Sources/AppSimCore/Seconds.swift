/// Durations as people read them: in seconds, as the watchdog's reasons say them.
public enum Seconds {
    /// `5`, `0.25`: whole numbers without a fraction.
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int64(seconds))" : "\(seconds)"
    }

    /// "7.0 s" style, as watchdog reasons read.
    public static func describe(millis: Int64) -> String {
        let tenths = (millis + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

import AppSimCore
import AppSimJSON

/// The `behavior` of openapi.yaml (Shapes), durations in seconds: read from an install request, written in the Instance
/// shape.
extension AppBehavior {
    /// The fields of `behavior`, in the order `write(to:)` writes them: all a request may give, and all a reply shows
    /// (ShapeRoundTripTests holds the reader and the writer to it).
    static let wireFields = [
        "launchSeconds", "backgroundSeconds", "terminateSeconds", "saveOn", "backgroundTaskSeconds",
        "endsTaskOnExpiration", "fetchResult", "fetchSeconds", "opensURLs", "minimumFetchInterval", "taskSeconds",
        "taskSuccess", "presentationOptions",
    ]

    /// Reads and validates `behavior` of an install request; absent fields keep their defaults.
    init(json: JSONValue, path: String = "behavior") throws(FieldError) {
        let reader = try FieldReader(json, path: path)
        try reader.allowOnly(Self.wireFields)
        self.init()
        let range = Self.millisRange
        launchMillis = try reader.seconds("launchSeconds", in: range) ?? launchMillis
        backgroundMillis = try reader.seconds("backgroundSeconds", in: range) ?? backgroundMillis
        terminateMillis = try reader.seconds("terminateSeconds", in: range) ?? terminateMillis
        if let moments = try reader.stringArray("saveOn") {
            var parsed: [SaveMoment] = []
            for moment in moments {
                guard let value = SaveMoment(rawValue: moment) else {
                    throw reader.invalid("saveOn", "has '\(moment)'; the moments are 'background' and 'terminate'")
                }
                if !parsed.contains(value) { parsed.append(value) }
            }
            saveOn = SaveMoment.allCases.filter(parsed.contains)
        }
        backgroundTaskMillis = try reader.seconds("backgroundTaskSeconds", in: range) ?? backgroundTaskMillis
        endsTaskOnExpiration = try reader.bool("endsTaskOnExpiration") ?? endsTaskOnExpiration
        fetchResult = try reader.choice("fetchResult", FetchCompletion.self, among: FetchCompletion.allCases) ?? fetchResult
        fetchMillis = try reader.seconds("fetchSeconds", in: range) ?? fetchMillis
        opensURLs = try reader.bool("opensURLs") ?? opensURLs
        minimumFetchInterval = try FetchInterval.read(reader, "minimumFetchInterval") ?? minimumFetchInterval
        if let value = reader.value("taskSeconds") {
            if let text = value.stringValue {
                guard text == "manual" else { throw reader.invalid("taskSeconds", "must be a number of seconds or \"manual\", not '\(text)'") }
                taskMillis = nil
            } else {
                taskMillis = try reader.seconds("taskSeconds", in: range)
            }
        }
        taskSuccess = try reader.bool("taskSuccess") ?? taskSuccess
        if let options = try reader.stringArray("presentationOptions") {
            var parsed: [PresentationOption] = []
            for option in options {
                guard let value = PresentationOption(rawValue: option) else {
                    throw reader.invalid("presentationOptions", "has '\(option)'; the options are 'banner', 'list', 'sound' and 'badge'")
                }
                if !parsed.contains(value) { parsed.append(value) }
            }
            presentationOptions = PresentationOption.allCases.filter(parsed.contains)
        }
    }

    /// The `behavior` shape, written to `w`.
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("launchSeconds", Double(launchMillis) / 1000)
        w.field("backgroundSeconds", Double(backgroundMillis) / 1000)
        w.field("terminateSeconds", Double(terminateMillis) / 1000)
        w.field("saveOn", strings: saveOn.map(\.rawValue))
        w.field("backgroundTaskSeconds", Double(backgroundTaskMillis) / 1000)
        w.field("endsTaskOnExpiration", endsTaskOnExpiration)
        w.field("fetchResult", fetchResult.rawValue)
        w.field("fetchSeconds", Double(fetchMillis) / 1000)
        w.field("opensURLs", opensURLs)
        w.key("minimumFetchInterval")
        minimumFetchInterval.write(to: &w)
        w.key("taskSeconds")
        if let taskMillis { w.number(Double(taskMillis) / 1000) } else { w.string("manual") }
        w.field("taskSuccess", taskSuccess)
        w.field("presentationOptions", strings: presentationOptions.map(\.rawValue))
        w.endObject()
    }
}

/// A fetch interval on the wire: `"never"` or a number of seconds.
extension FetchInterval {
    /// Reads `"never"` or a number of seconds from field `key` of `reader`; `nil` when it is absent.
    static func read(_ reader: FieldReader, _ key: String) throws(FieldError) -> FetchInterval? {
        guard let value = reader.value(key) else { return nil }
        if let text = value.stringValue {
            // A word other than "never" is a wrong value, as a wrong fetchResult is (422), not a wrong type.
            guard text == "never" else { throw reader.invalid(key, "must be \"never\" or a number of seconds, not '\(text)'") }
            return .never
        }
        guard value.doubleValue != nil else {
            throw FieldError(.wrongType, reader.fieldPath(key), "'\(reader.fieldPath(key))' must be \"never\" or a number of seconds")
        }
        return .millis(try reader.seconds(key, in: millisRange)!)
    }

    func write(to w: inout JSONWriter) {
        switch self {
        case .never: w.string("never")
        case .millis(let millis): w.number(Double(millis) / 1000)
        }
    }
}

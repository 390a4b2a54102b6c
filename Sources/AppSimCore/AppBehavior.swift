/// When the simulated app copies its in-memory user data to disk.
public enum SaveMoment: String, Sendable, Codable, CaseIterable {
    case background, terminate
}

/// What the app reports when it completes a background fetch or a silent push.
public enum FetchResult: String, Sendable, Codable, CaseIterable {
    case newData, noData, failed
}

/// How a simulated app finishes its background fetches.
public enum FetchCompletion: String, Sendable, Codable, CaseIterable {
    case newData, noData, failed
    /// The app completes only when told to, by the app action `completeFetch`.
    case manual
}

/// `UIApplication.setMinimumBackgroundFetchInterval`: never, or at most this often.
public enum FetchInterval: Sendable, Codable, Equatable {
    case never
    case millis(Int64)

    public var json: JSONValue {
        switch self {
        case .never: "never"
        case .millis(let millis): Seconds.value(millis: millis)
        }
    }

    /// Reads `"never"` or a number of seconds.
    static func read(_ reader: FieldReader, _ key: String) throws(FieldError) -> FetchInterval? {
        guard let value = reader.value(key) else { return nil }
        if value.stringValue == "never" { return .never }
        guard value.doubleValue != nil else {
            throw FieldError(.wrongType, reader.fieldPath(key), "'\(reader.fieldPath(key))' must be \"never\" or a number of seconds")
        }
        return .millis(try reader.seconds(key, in: 0...31_536_000)!)
    }
}

/// How the simulated app's code reacts (LIFECYCLE.md §2). The defaults are a well-behaved app.
public struct AppBehavior: Sendable, Codable, Equatable {
    /// Simulated time the launch callbacks take together.
    public var launchMillis: Int64 = 200
    /// Simulated time `applicationDidEnterBackground:` takes.
    public var backgroundMillis: Int64 = 100
    /// Simulated time `applicationWillTerminate:` takes.
    public var terminateMillis: Int64 = 100
    public var saveOn: [SaveMoment] = [.background, .terminate]
    /// 0: no background task; else one begun on entering the background and ended after this much work.
    public var backgroundTaskMillis: Int64 = 0
    public var endsTaskOnExpiration = true
    public var fetchResult: FetchCompletion = .newData
    public var fetchMillis: Int64 = 1000
    public var opensURLs = true
    public var minimumFetchInterval: FetchInterval = .never

    public init() {}

    static let fields: Set<String> = [
        "launchSeconds", "backgroundSeconds", "terminateSeconds", "saveOn", "backgroundTaskSeconds",
        "endsTaskOnExpiration", "fetchResult", "fetchSeconds", "opensURLs", "minimumFetchInterval",
    ]

    /// Reads and validates `behavior` of an install request; absent fields keep their defaults.
    public init(json: JSONValue, path: String = "behavior") throws(FieldError) {
        let reader = try FieldReader(json, path: path)
        try reader.allowOnly(Self.fields)
        self.init()
        let day = 0.0...86_400.0
        launchMillis = try reader.seconds("launchSeconds", in: day) ?? launchMillis
        backgroundMillis = try reader.seconds("backgroundSeconds", in: day) ?? backgroundMillis
        terminateMillis = try reader.seconds("terminateSeconds", in: day) ?? terminateMillis
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
        backgroundTaskMillis = try reader.seconds("backgroundTaskSeconds", in: day) ?? backgroundTaskMillis
        endsTaskOnExpiration = try reader.bool("endsTaskOnExpiration") ?? endsTaskOnExpiration
        fetchResult = try reader.choice("fetchResult", FetchCompletion.self, among: FetchCompletion.allCases) ?? fetchResult
        fetchMillis = try reader.seconds("fetchSeconds", in: day) ?? fetchMillis
        opensURLs = try reader.bool("opensURLs") ?? opensURLs
        minimumFetchInterval = try FetchInterval.read(reader, "minimumFetchInterval") ?? minimumFetchInterval
    }

    public func saves(on moment: SaveMoment) -> Bool { saveOn.contains(moment) }

    /// The `behavior` shape (durations in seconds), written to `w`.
    public func write(to w: inout JSONWriter) {
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
        w.field("minimumFetchInterval", minimumFetchInterval.json)
        w.endObject()
    }

    public var json: JSONValue { JSONWriter.value { write(to: &$0) } }
}

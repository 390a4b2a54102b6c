/// How a simulated app's code reacts, fixed at install; every field has a default (a well-behaved app).
///
/// Durations are seconds. An installed ``Instance`` lists every field.
///
/// ```swift
/// // An app too slow to launch: the watchdog kills it at 5 s.
/// let slow = try await simulator.install(AppInfo(bundleId: "com.example.slow"), behavior: AppBehavior(launchSeconds: 7))
/// ```
public struct AppBehavior: Sendable, Hashable, JSONFields {
    /// The members as sent or received; the typed properties read and write them.
    public var fields: [String: JSON]

    public init(fields: [String: JSON]) {
        self.fields = fields
    }

    public init(
        launchSeconds: Double? = nil, backgroundSeconds: Double? = nil, terminateSeconds: Double? = nil,
        saveOn: [SaveMoment]? = nil, backgroundTaskSeconds: Double? = nil, endsTaskOnExpiration: Bool? = nil,
        fetchResult: FetchResult? = nil, fetchSeconds: Double? = nil, opensURLs: Bool? = nil,
        minimumFetchInterval: FetchInterval? = nil, taskSeconds: JSON? = nil, taskSuccess: Bool? = nil,
        presentationOptions: [String]? = nil
    ) {
        fields = [:]
        self.launchSeconds = launchSeconds
        self.backgroundSeconds = backgroundSeconds
        self.terminateSeconds = terminateSeconds
        self.saveOn = saveOn
        self.backgroundTaskSeconds = backgroundTaskSeconds
        self.endsTaskOnExpiration = endsTaskOnExpiration
        self.fetchResult = fetchResult
        self.fetchSeconds = fetchSeconds
        self.opensURLs = opensURLs
        self.minimumFetchInterval = minimumFetchInterval
        self.taskSeconds = taskSeconds
        self.taskSuccess = taskSuccess
        self.presentationOptions = presentationOptions
    }

    /// Simulated time the launch callbacks take together.
    public var launchSeconds: Double? {
        get { field("launchSeconds") }
        set { setField("launchSeconds", newValue) }
    }

    /// Simulated time `applicationDidEnterBackground:` takes.
    public var backgroundSeconds: Double? {
        get { field("backgroundSeconds") }
        set { setField("backgroundSeconds", newValue) }
    }

    /// Simulated time `applicationWillTerminate:` takes.
    public var terminateSeconds: Double? {
        get { field("terminateSeconds") }
        set { setField("terminateSeconds", newValue) }
    }

    /// When the app copies its in-memory data to disk.
    public var saveOn: [SaveMoment]? {
        get { field("saveOn") }
        set { setField("saveOn", newValue) }
    }

    /// 0: none; otherwise the app begins a background task on entering the background and ends it after this long.
    public var backgroundTaskSeconds: Double? {
        get { field("backgroundTaskSeconds") }
        set { setField("backgroundTaskSeconds", newValue) }
    }

    /// When background time runs out the expiration handler ends the tasks; if false the watchdog kills the app.
    public var endsTaskOnExpiration: Bool? {
        get { field("endsTaskOnExpiration") }
        set { setField("endsTaskOnExpiration", newValue) }
    }

    /// How the app completes background fetches and silent pushes.
    public var fetchResult: FetchResult? {
        get { field("fetchResult") }
        set { setField("fetchResult", newValue) }
    }

    /// Simulated time a background fetch or silent push takes.
    public var fetchSeconds: Double? {
        get { field("fetchSeconds") }
        set { setField("fetchSeconds", newValue) }
    }

    /// The launch methods return YES; with false a URL launch does not call the URL method.
    public var opensURLs: Bool? {
        get { field("opensURLs") }
        set { setField("opensURLs", newValue) }
    }

    /// The fetch interval the app sets at first.
    public var minimumFetchInterval: FetchInterval? {
        get { field("minimumFetchInterval") }
        set { setField("minimumFetchInterval", newValue) }
    }

    /// Seconds a scheduled task's work takes before the app calls `setTaskCompleted`: a number, or `"manual"`
    /// when the app action `completeTask` does it.
    public var taskSeconds: JSON? {
        get { fields["taskSeconds"] }
        set { fields["taskSeconds"] = newValue }
    }

    /// How the app's notification delegate presents a notification while the app is in front: `banner`, `list`,
    /// `sound`, `badge` (none: not shown).
    public var presentationOptions: [String]? {
        get { field("presentationOptions") }
        set { setField("presentationOptions", newValue) }
    }

    /// What the app passes to `setTaskCompleted(success:)` when its task's work ends by itself.
    public var taskSuccess: Bool? {
        get { field("taskSuccess") }
        set { setField("taskSuccess", newValue) }
    }

    /// When an app saves its in-memory data.
    public enum SaveMoment: String, Sendable, Hashable, Codable, CaseIterable {
        case background
        case terminate
    }

    /// How an app completes a background fetch; `manual` waits for the app action `completeFetch`.
    public enum FetchResult: String, Sendable, Hashable, Codable, CaseIterable {
        case newData
        case noData
        case failed
        case manual
    }
}

/// `UIApplication.setMinimumBackgroundFetchInterval`: never, or a number of seconds.
public enum FetchInterval: Sendable, Hashable, Codable {
    case never
    case seconds(Double)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            self = .seconds(seconds)
        } else if try container.decode(String.self) == "never" {
            self = .never
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a fetch interval is \"never\" or seconds")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .never: try container.encode("never")
        case .seconds(let seconds): try container.encode(seconds)
        }
    }
}

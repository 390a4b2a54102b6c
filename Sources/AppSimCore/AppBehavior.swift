/// When the simulated app copies its in-memory user data to disk.
public enum SaveMoment: String, Sendable, CaseIterable {
    case background, terminate
}

/// What the app reports when it completes a background fetch or a silent push.
public enum FetchResult: String, Sendable, CaseIterable {
    case newData, noData, failed
}

/// How a simulated app finishes its background fetches.
public enum FetchCompletion: String, Sendable, CaseIterable {
    case newData, noData, failed
    /// The app completes only when told to, by the app action `completeFetch`.
    case manual
}

/// `UIApplication.setMinimumBackgroundFetchInterval`: never, or at most this often.
public enum FetchInterval: Sendable, Equatable {
    case never
    case millis(Int64)

    /// The intervals an app may set: up to a year.
    public static let millisRange: ClosedRange<Int64> = 0...31_536_000_000
}

/// A `UNNotificationPresentationOptions` member.
public enum PresentationOption: String, Sendable, CaseIterable {
    case banner, list, sound, badge
}

/// How the simulated app's code reacts (docs/lifecycle.md, Devices and apps). The defaults are a well-behaved app.
public struct AppBehavior: Sendable, Equatable {
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
    /// Simulated time a scheduled task's work takes before the app calls `setTaskCompleted`; `nil`: it waits for
    /// the app action `completeTask` (docs/lifecycle.md, Scheduled tasks).
    public var taskMillis: Int64? = 1_000
    /// What the app passes to `setTaskCompleted(success:)` when its task's work ends by itself.
    public var taskSuccess = true
    /// How the app's notification delegate asks a notification to be presented while it is in the foreground
    /// (`UNNotificationPresentationOptions`); none: not shown (docs/lifecycle.md, User notifications).
    public var presentationOptions: [PresentationOption] = []

    public init() {}

    /// The time any of the app's simulated work may take: up to a day.
    public static let millisRange: ClosedRange<Int64> = 0...86_400_000

    public func saves(on moment: SaveMoment) -> Bool { saveOn.contains(moment) }
}

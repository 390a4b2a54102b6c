import AppSimCore
import Synchronization

/// Counters for `GET /metrics`, in Prometheus text format.
final class Metrics: Sendable {
    /// A request's method and status, kept without building a string per request.
    private struct RequestKey: Hashable {
        var method: String
        var status: Int
    }

    private struct Counts {
        var requests: [RequestKey: Int] = [:]
        var events: [String: Int] = [:]
        var storeFailures = 0
    }

    private let counts = Mutex(Counts())

    /// The method labels kept as they are: the standard methods. Any other (a client's `BREW`, a random token)
    /// counts as ``otherMethod``, so that clients cannot add series without end. Paths are no label at all.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"]
    static let otherMethod = "other"

    func countRequest(method: String, status: Int) {
        let label = Self.knownMethods.contains(method) ? method : Self.otherMethod
        counts.withLock { $0.requests[RequestKey(method: label, status: status), default: 0] += 1 }
    }

    func countEvent(_ type: String) {
        counts.withLock { $0.events[type, default: 0] += 1 }
    }

    func countStoreFailure() {
        counts.withLock { $0.storeFailures += 1 }
    }

    func render(
        devices: Int, states: [String: Int], commits: (transactions: Int, writes: Int),
        logRestarts: (count: Int, time: Duration)
    ) -> String {
        let snapshot = counts.withLock { $0 }
        var lines: [String] = []
        lines.append("# HELP appsim_store_transactions_total SQLite transactions committed (group commit: many writes each).")
        lines.append("# TYPE appsim_store_transactions_total counter")
        lines.append("appsim_store_transactions_total \(commits.transactions)")
        lines.append("# HELP appsim_store_writes_total Request writes committed.")
        lines.append("# TYPE appsim_store_writes_total counter")
        lines.append("appsim_store_writes_total \(commits.writes)")
        lines.append("# HELP appsim_store_log_restarts_total Times the writer finished a long write-ahead log so that it could start over (replies waited meanwhile).")
        lines.append("# TYPE appsim_store_log_restarts_total counter")
        lines.append("appsim_store_log_restarts_total \(logRestarts.count)")
        lines.append("# HELP appsim_store_log_restart_seconds_total Time the writer spent on those restarts.")
        lines.append("# TYPE appsim_store_log_restart_seconds_total counter")
        let (seconds, attoseconds) = logRestarts.time.components
        lines.append("appsim_store_log_restart_seconds_total \(Double(seconds) + Double(attoseconds) / 1e18)")
        lines.append("# HELP appsim_http_requests_total HTTP requests answered, by method and status.")
        lines.append("# TYPE appsim_http_requests_total counter")
        for key in snapshot.requests.keys.sorted(by: { ($0.method, $0.status) < ($1.method, $1.status) }) {
            lines.append("appsim_http_requests_total{method=\"\(key.method)\",status=\"\(key.status)\"} \(snapshot.requests[key]!)")
        }
        lines.append("# HELP appsim_events_total Events applied, by type.")
        lines.append("# TYPE appsim_events_total counter")
        for type in snapshot.events.keys.sorted() {
            lines.append("appsim_events_total{type=\"\(type)\"} \(snapshot.events[type]!)")
        }
        lines.append("# HELP appsim_store_failures_total Writes the store refused (answered 503, nothing changed).")
        lines.append("# TYPE appsim_store_failures_total counter")
        lines.append("appsim_store_failures_total \(snapshot.storeFailures)")
        lines.append("# HELP appsim_devices Simulated devices.")
        lines.append("# TYPE appsim_devices gauge")
        lines.append("appsim_devices \(devices)")
        lines.append("# HELP appsim_instances Installed app instances, by lifecycle state.")
        lines.append("# TYPE appsim_instances gauge")
        for state in LifecycleState.allCases {
            lines.append("appsim_instances{state=\"\(state.rawValue)\"} \(states[state.rawValue] ?? 0)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

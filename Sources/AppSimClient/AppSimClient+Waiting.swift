import Foundation

extension AppSimClient {
    /// Sends a wait of `timeout` seconds as the server takes it: requests that wait at most ``maximumWait`` seconds
    /// each (`operation` makes one for a given number of seconds), until an answer is one `isOver` accepts or the
    /// time is up. A server that stops meanwhile (`503`, after its `Retry-After`) or does not answer while it
    /// restarts (for up to ``reconnectWindow``) is asked again with the time left; once the time is up it is asked
    /// once more without waiting, so that the answer says where things stand, not that the server went away.
    ///
    /// ```swift
    /// let response = try await client.sendWaiting(timeout: 600) { .getInstance(app, waitFor: .suspended, timeout: $0) }
    /// ```
    ///
    /// - Throws: ``AppSimProblem`` `408` (``AppSimProblem/isWaitTimeout``) when the time is up, its detail naming
    ///   the whole `timeout`; any other problem or ``AppSimTransportError`` as ``send(_:)`` does.
    public func sendWaiting<Value>(
        timeout: TimeInterval, _ operation: (TimeInterval) -> Operation<Value>,
        isOver: (Value) -> Bool = { _ in true }
    ) async throws -> Response<Value> {
        // Past a year is forever, and a Duration cannot hold much more.
        let deadline = ContinuousClock.now + .seconds(min(max(0, timeout), 365 * 86_400))
        var answeredAt = ContinuousClock.now
        var requests = 0
        while true {
            let left = max(0, Self.seconds(deadline - ContinuousClock.now))
            // Sent once the time is up, a request asks where things stand now, without waiting.
            let isFinalCheck = left == 0
            requests += 1
            do {
                let response = try await send(operation(min(left, Self.maximumWait)), retryLimit: 0)
                if isOver(response.value) || ContinuousClock.now >= deadline { return response }
                answeredAt = ContinuousClock.now
            } catch var problem as AppSimProblem where problem.isWaitTimeout {
                guard ContinuousClock.now >= deadline else {
                    answeredAt = ContinuousClock.now
                    continue
                }
                // The server's detail names its last request's wait; the caller waited for all of them.
                if requests > 1 { problem.detail = Self.detail(problem.detail, waited: timeout) }
                throw problem
            } catch let problem as AppSimProblem where problem.status == 503 && !isFinalCheck {
                answeredAt = ContinuousClock.now
                try await Task.sleep(for: .seconds(min(max(problem.retryAfter ?? 1, 0.05), max(0.05, left))))
            } catch let error as AppSimTransportError
                where error.code != .invalidResponse && !isFinalCheck && ContinuousClock.now - answeredAt < .seconds(reconnectWindow)
            {
                try await Task.sleep(for: .milliseconds(100))
            } catch let problem as AppSimProblem
                where problem.isNodeUnreachable && !isFinalCheck && ContinuousClock.now - answeredAt < .seconds(reconnectWindow)
            {
                // A cluster's node restarting, seen through its proxy: as a server on its own restarting.
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// `detail` with the wait it names ("within 0.0 s") made the whole wait of `waited` seconds.
    static func detail(_ detail: String, waited: TimeInterval) -> String {
        guard let range = detail.range(of: #"within [0-9.]+ s"#, options: .regularExpression) else { return detail }
        let whole = waited.rounded() == waited ? "\(Int(waited)) s" : "\(waited) s"
        return detail.replacingCharacters(in: range, with: "within \(whole)")
    }
}

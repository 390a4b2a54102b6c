import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Server-Sent Event stream of the API that reconnects by itself: after a broken connection, a server restart or a
/// `503` it connects again with `Last-Event-ID` set to the last id it delivered, so the server replays exactly what
/// came after. Messages whose id is not above the last one are dropped, so none is delivered twice.
///
/// It gives up, throwing the last error, when the server has not answered for ``AppSimClient/reconnectWindow``
/// seconds, and at once on an answer that retrying cannot change (`404` for an instance or device that is gone,
/// `401`).
struct EventSource: Sendable {
    let client: AppSimClient
    /// The stream's path (`/v1/instances/{id}/stream`).
    let path: String
    /// Deliver the messages with an id above this one.
    let after: Int64

    /// The messages, from a task that runs until the stream's consumer goes away.
    func messages() -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ServerSentEvent, any Error>.makeStream()
        let task = Task { await run(continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func run(_ output: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation) async {
        var last = after
        var delay: TimeInterval = 1
        // When the server last answered; the window for reconnecting counts from then.
        var answeredAt = ContinuousClock.now
        while !Task.isCancelled {
            var request = client.urlRequest(for: AppSimClient.Operation<AppSimClient.NoContent>("GET", path) { _ in .init() })
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            request.setValue(String(last), forHTTPHeaderField: "Last-Event-ID")
            // The server sends a heartbeat every 15 s: three missed ones mean the connection is dead.
            request.timeoutInterval = 45
            var parser = ServerSentEventParser()
            var status: Int?
            var retryAfter: Double?
            var refusal = Data()
            var failure: any Error = AppSimTransportError(code: .connectionLost, url: request.url, reason: "the stream ended")
            do {
                for try await part in client.transport.stream(for: request) {
                    switch part {
                    case .response(let head):
                        status = head.statusCode
                        retryAfter = head.value(forHTTPHeaderField: "Retry-After").flatMap { Double($0) }
                    case .data(let data) where status == 200:
                        answeredAt = .now
                        for message in parser.feed(data) {
                            if let id = message.id.flatMap({ Int64($0) }) {
                                guard id > last else { continue }
                                last = id
                            }
                            output.yield(message)
                        }
                    case .data(let data):
                        refusal.append(data)
                    }
                }
            } catch {
                failure = error
            }
            if Task.isCancelled { break }
            if let status, status != 200 {
                let problem = AppSimProblem(status: status, body: refusal, retryAfter: retryAfter)
                guard status == 503 else {
                    output.finish(throwing: problem)
                    return
                }
                failure = problem
            }
            if let milliseconds = parser.retryMilliseconds { delay = Double(milliseconds) / 1000 }
            if status == 503, let retryAfter { delay = retryAfter }
            guard ContinuousClock.now - answeredAt < .seconds(client.reconnectWindow) else {
                output.finish(throwing: failure)
                return
            }
            try? await Task.sleep(for: .seconds(min(max(delay, 0.05), 30)))
        }
        output.finish()
    }
}

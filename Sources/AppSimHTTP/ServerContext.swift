import Synchronization

/// What the callbacks share across worker threads.
final class ServerContext: Sendable {
    /// Requests answered later, by writer, until libmicrohttpd reports them complete; and how far a stop has come.
    private struct Waiting {
        /// Set by `stopAccepting`: requests not yet handed to the responder are refused.
        var isDraining = false
        /// Set by `shutdown`: nothing may be suspended any more.
        var isShuttingDown = false
        /// Responder calls under way (admitted before draining began).
        var respondersRunning = 0
        var writers: [ObjectIdentifier: HTTPResponseWriter] = [:]
        var streams: [ObjectIdentifier: HTTPStream] = [:]
    }

    let responder: any HTTPResponder
    let maxBodyBytes: Int
    let watcher: HangupWatcher
    let deadlines: ArrivalDeadlines
    /// Where libmicrohttpd's messages go; `nil`: dropped.
    let log: (@Sendable (String) -> Void)?
    /// The headers every response carries, as the C strings libmicrohttpd copies (made once, not per response).
    let commonHeaders: [(name: [CChar], value: [CChar])]
    private let waiting = Mutex(Waiting())

    init(
        responder: any HTTPResponder, maxBodyBytes: Int, watcher: HangupWatcher, deadlines: ArrivalDeadlines,
        log: (@Sendable (String) -> Void)?, commonHeaders: [(name: String, value: String)] = []
    ) {
        self.commonHeaders = commonHeaders.map { (Array($0.name.utf8CString), Array($0.value.utf8CString)) }
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
        self.watcher = watcher
        self.deadlines = deadlines
        self.log = log
    }

    /// Admits a request to the responder; `false` once draining began (refuse it, unprocessed). Pair with
    /// `responderReturned`.
    func admitRequest() -> Bool {
        waiting.withLock { waiting in
            guard !waiting.isDraining else { return false }
            waiting.respondersRunning += 1
            return true
        }
    }

    func responderReturned() {
        waiting.withLock { $0.respondersRunning -= 1 }
    }

    /// Starts draining; `false` if it had started already.
    func beginDraining() -> Bool {
        waiting.withLock { waiting in
            defer { waiting.isDraining = true }
            return !waiting.isDraining
        }
    }

    var hasRespondersRunning: Bool { waiting.withLock { $0.respondersRunning > 0 } }

    /// Registers `writer` as answered later; `false` once shutdown began (answer at once instead).
    func admitWaiting(_ writer: HTTPResponseWriter) -> Bool {
        waiting.withLock { waiting in
            guard !waiting.isShuttingDown else { return false }
            waiting.writers[ObjectIdentifier(writer)] = writer
            return true
        }
    }

    func removeWaiting(_ writer: HTTPResponseWriter) {
        waiting.withLock { _ = $0.writers.removeValue(forKey: ObjectIdentifier(writer)) }
    }

    /// Registers an open stream until libmicrohttpd frees it; `false` once shutdown began.
    func admitStream(_ stream: HTTPStream) -> Bool {
        waiting.withLock { waiting in
            guard !waiting.isShuttingDown else { return false }
            waiting.streams[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    func removeStream(_ stream: HTTPStream) {
        waiting.withLock { _ = $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Refuses further waiting requests and streams, and returns those open now.
    func beginShutdown() -> (writers: [HTTPResponseWriter], streams: [HTTPStream]) {
        waiting.withLock { waiting in
            waiting.isShuttingDown = true
            return (Array(waiting.writers.values), Array(waiting.streams.values))
        }
    }

    var hasWaitingRequests: Bool {
        waiting.withLock { !$0.writers.isEmpty || !$0.streams.isEmpty }
    }
}

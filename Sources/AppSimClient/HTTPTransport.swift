import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP: whole answers for ordinary requests, and bodies piece by piece as they arrive for streams. `http://` goes
/// over a ``SocketExchange`` (URLSession on Linux keeps a core busy while a request waits); `https://` over URLSession.
///
/// Both go through data tasks with completion handlers or a delegate, not `URLSession.bytes(for:)`, which
/// FoundationNetworking on Linux does not have (Swift 6.3); a delegate feeding an `AsyncThrowingStream` streams the
/// same on every platform.
final class HTTPTransport: Sendable {
    private let configuration: URLSessionConfiguration
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        // Long-polls hold a connection each while they wait; the default of 6 per host would queue the seventh.
        configuration.httpMaximumConnectionsPerHost = 64
        self.configuration = configuration
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the whole answer; cancelling the calling task cancels the request.
    func data(for request: URLRequest) async throws(AppSimTransportError) -> (Data, HTTPURLResponse) {
        if let url = request.url, url.scheme == "http" { return try await socketData(for: request, url: url) }
        let running = RunningTask()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let task = session.dataTask(with: request) { data, response, error in
                        if let error {
                            continuation.resume(throwing: AppSimTransportError(error, url: request.url))
                        } else if let response = response as? HTTPURLResponse {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: AppSimTransportError(
                                code: .invalidResponse, url: request.url, reason: "the answer is not HTTP"))
                        }
                    }
                    running.start(task)
                }
            } onCancel: {
                running.cancel()
            }
        } catch let error as AppSimTransportError {
            throw error
        } catch {
            throw AppSimTransportError(error, url: request.url)
        }
    }

    /// What a streamed request delivers: the response head first, then the body as it arrives.
    enum StreamPart: Sendable {
        case response(HTTPURLResponse)
        case data(Data)
    }

    /// Sends `request` and delivers its answer as it arrives. The stream finishes when the answer ends, throws an
    /// ``AppSimTransportError`` when the connection breaks, and cancels the request when its consumer goes away.
    func stream(for request: URLRequest) -> AsyncThrowingStream<StreamPart, any Error> {
        let (parts, continuation) = AsyncThrowingStream<StreamPart, any Error>.makeStream()
        if let url = request.url, url.scheme == "http" {
            let exchange = SocketExchange(url: url)
            continuation.onTermination = { _ in exchange.cancel() }
            Self.start("appsim-stream") {
                do throws(AppSimTransportError) {
                    try exchange.run(request, onHead: { continuation.yield(.response($0)) }, onData: { continuation.yield(.data($0)) })
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            return parts
        }
        // A session of its own, because a session's delegate is fixed when it is made; it is invalidated when the
        // stream ends, which also releases the delegate it retains.
        let session = URLSession(
            configuration: configuration, delegate: StreamDelegate(continuation, url: request.url), delegateQueue: nil)
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        return parts
    }
}

extension HTTPTransport {
    /// `data(for:)` over a ``SocketExchange``: its blocking reads run on a thread of their own, which a cancelled
    /// task unblocks by shutting the socket.
    private func socketData(for request: URLRequest, url: URL) async throws(AppSimTransportError) -> (Data, HTTPURLResponse) {
        let exchange = SocketExchange(url: url)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                    Self.start("appsim-request") {
                        var head: HTTPURLResponse?
                        var body = Data()
                        do throws(AppSimTransportError) {
                            try exchange.run(request, onHead: { head = $0 }, onData: { body.append($0) })
                            guard let head else { throw exchange.failure(.invalidResponse, "no answer") }
                            continuation.resume(returning: (body, head))
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                }
            } onCancel: {
                exchange.cancel()
            }
        } catch let error as AppSimTransportError {
            throw error
        } catch {
            throw AppSimTransportError(error, url: url)
        }
    }

    /// Runs `body` on a new thread: a request's blocking reads must not hold one of the concurrency pool's few.
    static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            nameThisThread(name)
            body()
        }
        thread.stackSize = 256 << 10
        thread.start()
    }
}

/// Names the calling thread for top -H and debuggers. On Linux it writes its own name (at most 15 bytes) to
/// /proc/thread-self/comm: Foundation's `Thread.name` reaches Linux only once the thread's starter has recorded it,
/// which the new thread may outrun, and a short request's thread may be gone before its starter could name it.
private func nameThisThread(_ name: String) {
    #if os(Linux)
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    defer { close(file) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    #else
    Thread.current.name = name
    #endif
}

/// A data task that may be cancelled before, while or after it starts.
private final class RunningTask: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}

/// Forwards one streamed task's response and data to a continuation.
// @unchecked: NSObject is not Sendable, but this subclass only holds constants that are.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let continuation: AsyncThrowingStream<HTTPTransport.StreamPart, any Error>.Continuation
    private let url: URL?

    init(_ continuation: AsyncThrowingStream<HTTPTransport.StreamPart, any Error>.Continuation, url: URL?) {
        self.continuation = continuation
        self.url = url
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse {
            continuation.yield(.response(response))
            completionHandler(.allow)
        } else {
            continuation.finish(throwing: AppSimTransportError(code: .invalidResponse, url: url, reason: "the answer is not HTTP"))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.data(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            continuation.finish(throwing: AppSimTransportError(error, url: url))
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}

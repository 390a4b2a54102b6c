import Foundation

/// An app's callbacks and state changes as they are committed, from the Server-Sent Event stream
/// `GET /v1/instances/{id}/stream`. It reconnects by itself (after a broken connection or a server restart) and
/// never delivers a gap or a duplicate in the callbacks' seqs.
///
/// ```swift
/// for try await message in client.streamInstance(app.id) {
///     if case .callback(let callback) = message { print(callback.seq, callback.name) }
/// }
/// ```
///
/// It ends when the task iterating it is cancelled, and throws ``AppSimProblem`` (`404`) once the app is
/// uninstalled, or the last error when the server stays unreachable for ``AppSimClient/reconnectWindow`` seconds.
public struct InstanceStream: AsyncSequence, Sendable {
    public typealias Element = InstanceStreamMessage

    let source: EventSource

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(messages: source.messages().makeAsyncIterator())
    }

    /// The same messages undecoded, as the server sent them (`appsim history --follow --json` prints their data).
    public var serverSentEvents: AsyncThrowingStream<ServerSentEvent, any Error> { source.messages() }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var messages: AsyncThrowingStream<ServerSentEvent, any Error>.AsyncIterator

        public mutating func next() async throws -> InstanceStreamMessage? {
            while let message = try await messages.next() {
                switch message.event {
                case "callback": return .callback(try decode(Callback.self, message))
                case "state": return .state(try decode(StateChangeMessage.self, message))
                case "dropped": return .dropped(try decode(DroppedMessage.self, message).dropped)
                default: continue
                }
            }
            return nil
        }
    }
}

func decode<Value: Decodable>(_ type: Value.Type, _ message: ServerSentEvent) throws -> Value {
    do {
        return try JSONCoding.decode(type, from: Data(message.data.utf8))
    } catch {
        throw AppSimTransportError(
            code: .invalidResponse, url: nil, reason: "a stream's '\(message.event)' message is not a \(type): \(message.data)")
    }
}

extension AppSimClient {
    /// The app's callbacks after seq `after` (0: its whole history), then its callbacks and state changes as they
    /// are committed; see ``InstanceStream``.
    public func streamInstance(_ id: String, after: Int64 = 0) -> InstanceStream {
        InstanceStream(source: EventSource(client: self, path: "/v1/instances/\(segment(id))/stream", after: after))
    }
}

/// The data of an instance stream's `dropped` message.
struct DroppedMessage: Decodable {
    var dropped: Int64
}

import Foundation

/// A device's committed events, from the Server-Sent Event stream `GET /v1/devices/{id}/stream`. It reconnects by
/// itself and never delivers an event twice. Events that happened while it was reconnecting are replayed from the
/// device's event journal, with the callbacks their apps still keep; events the journal no longer keeps are skipped
/// (the stream's `dropped` message, in ``serverSentEvents``, says how many).
///
/// It ends when the task iterating it is cancelled, and throws ``AppSimProblem`` (`404`) once the device is
/// deleted, or the last error when the server stays unreachable for ``AppSimClient/reconnectWindow`` seconds.
public struct DeviceStream: AsyncSequence, Sendable {
    public typealias Element = DeviceStreamMessage

    let source: EventSource

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(messages: source.messages().makeAsyncIterator())
    }

    /// The same messages undecoded, as the server sent them.
    public var serverSentEvents: AsyncThrowingStream<ServerSentEvent, any Error> { source.messages() }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var messages: AsyncThrowingStream<ServerSentEvent, any Error>.AsyncIterator

        public mutating func next() async throws -> DeviceStreamMessage? {
            while let message = try await messages.next() {
                if message.event == "event" { return try decode(DeviceStreamMessage.self, message) }
            }
            return nil
        }
    }
}

extension AppSimClient {
    /// The device's events after seq `after` (0: all of them the journal keeps), then every event as it is
    /// committed; see ``DeviceStream``.
    public func streamDevice(_ id: String, after: Int64 = 0) -> DeviceStream {
        DeviceStream(source: EventSource(client: self, path: "/v1/devices/\(segment(id))/stream", after: after))
    }
}

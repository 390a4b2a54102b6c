import AppSimCore
import AppSimHTTP
import AppSimJSON
import AppSimStore
import Synchronization

/// Long-poll and Server-Sent Events: clients wait for what happens instead of sleeping and polling.
extension AppSimService {
    /// The longest a client may wait in one request.
    static let maxWaitSeconds = 300.0

    static func waitMillis(_ text: String?, name: String) throws(Problem) -> Int64 {
        guard let text else { return 30_000 }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= maxWaitSeconds else {
            throw Problem.badQuery(name, "must be a number of seconds from 0 to \(Int(maxWaitSeconds)), not '\(text)'")
        }
        return Int64(seconds * 1000)
    }

    /// `GET /v1/instances/{id}?waitFor=STATE&timeout=S`: the Instance once it is in STATE, or 408 at the timeout.
    func waitForState(_ id: String, state wanted: LifecycleState, timeoutMillis: Int64, writer: HTTPResponseWriter) throws(Problem) {
        _ = try visibleInstance(id)  // 404 before waiting
        let waiter = watchers.wait(
            for: .state(instance: id, wanted), deadline: clock.millis() + timeoutMillis, writer: writer,
            check: { [weak self] publication in
                guard publication.changes.contains(where: { $0.instance == id && $0.to == wanted })
                    || publication.states[id] == wanted else { return nil }
                return self.flatMap { try? APIResponder.raw($0.instanceBytes(id)) }
            },
            timeout: { [weak self] in
                let current = (try? self?.visibleInstance(id))?.state
                return APIResponder.problemResponse(Problem(
                    status: 408, slug: "wait-timeout", title: "Request Timeout",
                    detail: "the instance did not reach '\(wanted.rawValue)' within \(Seconds.describe(millis: timeoutMillis)); it is '\(current?.rawValue ?? "?")'",
                    extra: ["state": JSONValue(current?.rawValue)]))
            })
        // Registered first, checked second: a change committed in between is seen by one or the other.
        let now = try shownInstance(id)
        if now.instance.state == wanted {
            watchers.finish(waiter, key: "i:" + id, with: APIResponder.raw(now.json))
        }
    }

    /// `GET /v1/devices/{id}?waitForForeground=INSTANCE&timeout=S`: the Device once INSTANCE is in the foreground.
    func waitForForeground(_ deviceId: String, instance wanted: String, timeoutMillis: Int64, writer: HTTPResponseWriter) throws(Problem) {
        // An app that is not on this device can never come to its foreground: say so now rather than at the timeout.
        guard try visibleDevice(deviceId).instance(wanted) != nil else {
            throw Problem.notFound("instance", wanted, on: deviceId)
        }
        let waiter = watchers.wait(
            for: .foreground(device: deviceId, instance: wanted), deadline: clock.millis() + timeoutMillis, writer: writer,
            check: { [weak self] publication in
                guard publication.foreground == wanted else { return nil }
                return self.flatMap { try? APIResponder.json($0.device(deviceId)) }
            },
            timeout: { [weak self] in
                let foreground = (try? self?.visibleDevice(deviceId))?.foregroundInstance?.id
                return APIResponder.problemResponse(Problem(
                    status: 408, slug: "wait-timeout", title: "Request Timeout",
                    detail: "\(wanted) did not come to the foreground within \(Seconds.describe(millis: timeoutMillis))",
                    extra: ["foreground": JSONValue(foreground)]))
            })
        let current = try visibleDevice(deviceId)
        if current.foregroundInstance?.id == wanted {
            watchers.finish(waiter, key: "d:" + deviceId, with: APIResponder.json(deviceJSON(current)))
        }
    }

    /// `GET /v1/instances/{id}/callbacks?after=SEQ&wait=S`: a page as soon as there is a callback after SEQ, or an
    /// empty page at the timeout.
    func waitForCallbacks(_ id: String, after: Int64, limit: Int, timeoutMillis: Int64, writer: HTTPResponseWriter) throws(Problem) {
        let page = try callbacks(instance: id, after: after, limit: limit)
        guard Self.isEmptyPage(page) else {
            writer.send(APIResponder.raw(page))
            return
        }
        let waiter = watchers.wait(
            for: .callbacks(instance: id), deadline: clock.millis() + timeoutMillis, writer: writer,
            check: { [weak self] publication in
                guard publication.callbacks.contains(where: { $0.instance == id && $0.seq > after }) else { return nil }
                return (try? self?.callbacks(instance: id, after: after, limit: limit)).map(APIResponder.raw)
            },
            timeout: { [weak self] in
                guard let self else { return APIResponder.problemResponse(.shuttingDown) }
                // The same page as without waiting; a 404 if the instance was uninstalled meanwhile.
                do throws(Problem) {
                    return APIResponder.raw(try self.callbacks(instance: id, after: after, limit: limit))
                } catch {
                    return APIResponder.problemResponse(error)
                }
            })
        let again = try callbacks(instance: id, after: after, limit: limit)
        if !Self.isEmptyPage(again) { watchers.finish(waiter, key: "i:" + id, with: APIResponder.raw(again)) }
    }

    static func isEmptyPage(_ page: [UInt8]) -> Bool {
        page.starts(with: Array(#"{"items":[]"#.utf8))
    }

    // MARK: Streams

    /// `GET /v1/instances/{id}/stream`: each callback (`event: callback`, `id:` its seq) and each state change
    /// (`event: state`) as it is committed. `Last-Event-ID` (or `?after=SEQ`) first replays what came after it.
    func streamInstance(_ id: String, after: Int64?, writer: HTTPResponseWriter) throws(Problem) {
        let instance = try visibleInstance(id)  // 404 before streaming
        let feed = StreamFeed()
        let stream = writer.stream(status: 200, headers: Self.streamHeaders)
        stream.write(Array("retry: 1000\n: streaming \(id)\n\n".utf8))
        watchers.subscribe(key: "i:" + id, stream: stream) { publication in
            feed.deliver(publication) { publication, lastSeq in
                let own = publication.callbacks.filter { $0.instance == id }
                if !own.isEmpty, own.allSatisfy({ $0.seq <= lastSeq }) { return ([], lastSeq) }  // replayed already
                var text = ""
                var last = lastSeq
                for callback in publication.callbacks where callback.instance == id && callback.seq > lastSeq {
                    text += "event: callback\nid: \(callback.seq)\ndata: \(String(decoding: callback.body, as: UTF8.self))\n\n"
                    last = max(last, callback.seq)
                }
                for change in publication.changes where change.instance == id {
                    text += "event: state\ndata: \(Self.stateMessage(change, publication: publication))\n\n"
                }
                return (Array(text.utf8), last)
            }
        }
        // Replay history after the client's last seq, then let live publications through (without duplicates).
        var replayed = after ?? Int64.max
        if let after {
            // Resuming past history no longer kept: say how much is missing, as a page's `dropped` does.
            let dropped = max(0, instance.nextSeq - 1 - Int64(store.historyLimit))
            if after < dropped { stream.write(Array("event: dropped\ndata: {\"dropped\":\(dropped)}\n\n".utf8)) }
            var cursor = after
            while true {
                let stored: [StoredCallback]
                do { stored = try store.callbacks(instance: id, after: cursor, limit: 1000) } catch { break }
                for callback in stored {
                    stream.write(Array("event: callback\nid: \(callback.seq)\ndata: ".utf8) + callback.body + Array("\n\n".utf8))
                    cursor = callback.seq
                }
                if stored.count < 1000 { break }
            }
            replayed = cursor
        }
        feed.open(lastSeq: replayed == Int64.max ? Int64(0) : replayed, stream: stream, skipBefore: replayed == Int64.max ? nil : replayed)
    }

    /// `GET /v1/devices/{id}/stream`: each committed event of the device (`event: event`, `id:` the device event seq)
    /// with its changes and callbacks. `Last-Event-ID` (or `?after=SEQ`) first replays the events after it.
    func streamDevice(_ deviceId: String, after: Int64?, writer: HTTPResponseWriter) throws(Problem) {
        let simulation = try visibleDevice(deviceId)  // 404 before streaming
        let feed = StreamFeed()
        let stream = writer.stream(status: 200, headers: Self.streamHeaders)
        stream.write(Array("retry: 1000\n: streaming device \(deviceId)\n\n".utf8))
        watchers.subscribe(key: "d:" + deviceId, stream: stream) { publication in
            feed.deliver(publication) { publication, lastSeq in
                guard publication.eventSeq > lastSeq else { return ([], lastSeq) }
                var changes = JSONWriter(capacity: 16 + publication.changes.count * 64)
                changes.beginArray()
                for change in publication.changes { change.write(to: &changes) }
                changes.endArray()
                return (Self.deviceMessage(seq: publication.eventSeq, type: publication.type, at: publication.at,
                                           changes: changes.bytes, callbacks: publication.callbacks.map(\.body)),
                        publication.eventSeq)
            }
        }
        var replayed: Int64 = 0
        if let after {
            // The events after `after` from the journal, as sent live, with the callbacks their apps' histories still
            // keep. A database older than the journal has history without entries: those events go out as their
            // callbacks.
            let replay: (oldest: Int64?, events: [(seq: Int64, entry: StoredEvent?, callbacks: [[UInt8]])])
            do { replay = try store.replay(device: deviceId, after: after) } catch { replay = (nil, []) }
            // Resuming past events the journal no longer keeps: say how many are missing, as its page's `dropped` does
            // (and the instance stream for callbacks), so that the gap is not silent.
            let firstKept = [replay.oldest, replay.events.first?.seq].compactMap { $0 }.min() ?? simulation.device.eventSeq + 1
            let dropped = firstKept - 1
            if after < dropped { stream.write(Array("event: dropped\ndata: {\"dropped\":\(dropped)}\n\n".utf8)) }
            for event in replay.events {
                stream.write(Self.deviceMessage(
                    seq: event.seq, type: event.entry?.type, at: event.entry?.at,
                    changes: event.entry?.changes ?? Array("[]".utf8), callbacks: event.callbacks))
                replayed = event.seq
            }
            replayed = max(after, replayed)
        }
        feed.open(lastSeq: replayed, stream: stream, skipBefore: replayed)
    }

    /// `GET /v1/devices/{id}/events`: a page of the device's event journal, `{items, next, dropped}`, where
    /// `dropped` counts its oldest events no longer kept (their history was dropped, or they came before the journal).
    func journal(device deviceId: String, after: Int64, limit: Int) throws(Problem) -> [UInt8] {
        let simulation = try visibleDevice(deviceId)
        let stored: [StoredEvent]
        let oldest: Int64?
        do {
            (stored, oldest) = try store.journal(device: deviceId, after: after, limit: limit + 1)
        } catch {
            throw Problem.store(error)
        }
        // Only what is committed shows: the cache's visible face bounds the store, which may be a commit ahead.
        let shown = stored.filter { $0.seq <= simulation.device.eventSeq }
        let dropped = (oldest ?? simulation.device.eventSeq + 1) - 1
        return Page.jsonBytes(shown.prefix(limit).lazy.map(\.entry)) { w in
            w.field("next", shown.count > limit ? shown[limit - 1].seq : nil)
            w.field("dropped", dropped)
        }
    }

    static let streamHeaders: [(name: String, value: String)] = [
        ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no"),
    ]

    /// The data of an instance stream's `state` message: the change, with the event that made it.
    static func stateMessage(_ change: StateChange, publication: EventPublication) -> String {
        var w = JSONWriter(capacity: 128)
        change.write(to: &w, event: (publication.eventSeq, publication.at))
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// A device stream's `event` message: the event (its type and time unless it was rebuilt from history), its
    /// changes and its callbacks, already rendered.
    static func deviceMessage(seq: Int64, type: String?, at: Int64?, changes: [UInt8], callbacks: [[UInt8]]) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("event")
        w.beginObject()
        w.field("seq", seq)
        if let type { w.field("type", type) }
        if let at { w.field("at", at) }
        w.endObject()
        w.key("changes")
        w.raw(changes)
        w.key("callbacks")
        w.beginArray()
        for body in callbacks { w.raw(body) }
        w.endArray()
        w.endObject()
        return Array("event: event\nid: \(seq)\ndata: ".utf8) + w.bytes + Array("\n\n".utf8)
    }
}

/// Holds a stream's live messages back until its replay of history is written, then lets them through in order,
/// skipping what the replay already sent.
final class StreamFeed: Sendable {
    private struct State {
        var open = false
        var lastSeq: Int64 = 0
        var held: [EventPublication] = []
        var stream: HTTPStream?
        var render: (@Sendable (EventPublication, Int64) -> ([UInt8], Int64))?
    }

    private let state = Mutex(State())

    /// Called for every publication (on the publisher's thread); returns nothing: it writes to the stream itself.
    func deliver(_ publication: EventPublication, render: @escaping @Sendable (EventPublication, Int64) -> ([UInt8], Int64)) -> [UInt8] {
        state.withLock { state in
            state.render = render
            guard state.open, let stream = state.stream else {
                state.held.append(publication)
                return
            }
            let (bytes, last) = render(publication, state.lastSeq)
            state.lastSeq = last
            if !bytes.isEmpty { stream.write(bytes) }
        }
        return []
    }

    /// The replay is written: flush what was held (after `skipBefore`) and go live.
    func open(lastSeq: Int64, stream: HTTPStream, skipBefore: Int64?) {
        state.withLock { state in
            state.lastSeq = lastSeq
            state.stream = stream
            if let render = state.render {
                for publication in state.held {
                    let (bytes, last) = render(publication, state.lastSeq)
                    state.lastSeq = last
                    if !bytes.isEmpty { stream.write(bytes) }
                }
            }
            state.held = []
            state.open = true
        }
    }
}

import AppSimCore
import AppSimJSON
import AppSimStore
import Synchronization

/// Waits and event streams: clients wait for what happens instead of sleeping and polling. The service says what a
/// wait ends with and what a stream carries, in the domain's terms; the responder frames them for HTTP
/// (`APIResponder+Watching.swift`).
extension AppSimService {
    /// The longest a client may wait in one request.
    static let maxWaitSeconds = 300.0

    static func waitMillis(_ text: String?, name: String) throws(Problem) -> Int64 {
        guard let text else { return 30_000 }
        // Decimal digits with an optional fraction only: Double("0x1p3") is 8 and Double("1e2") is 100, which no
        // client writing seconds means.
        let decimal = !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
            && text.utf8.filter { $0 == 0x2E }.count <= 1 && text.utf8.first != 0x2E && text.utf8.last != 0x2E
        guard decimal, let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= maxWaitSeconds else {
            throw Problem.badQuery(name, "must be seconds from 0 to \(Int(maxWaitSeconds)) in decimal digits (such as 30 or 0.5), not '\(text)'")
        }
        return Int64(seconds * 1000)
    }

    /// Refuses a resume point past the newest seq there is (`409`, naming the newest): what comes after it would be
    /// skipped until the seqs caught up, and the client would never know (a seq of another instance or device, or
    /// of a database since replaced). It conflicts with what is there now, not with the form of the request.
    static func checkResumePoint(_ after: Int64, newest: Int64, of what: String, in place: String) throws(Problem) {
        guard after > newest else { return }
        throw Problem(
            status: 409, slug: "resume-past-newest", title: "Conflict",
            detail: "after (or Last-Event-ID) is \(after), past the newest \(what) of \(place), \(newest); resume from at most \(newest)",
            extra: ["field": "after", "newest": JSONValue(newest)])
    }

    /// `GET /v1/instances/{id}?waitFor=STATE&timeout=S`: the Instance once it is in STATE, or 408 at the timeout.
    func waitForState(_ id: String, state wanted: LifecycleState, timeoutMillis: Int64, client: WaitingClient) throws(Problem) {
        _ = try visibleInstance(id)  // 404 before waiting
        let waiter = watchers.wait(
            for: .state(instance: id, wanted), deadline: clock.millis() + timeoutMillis, client: client,
            check: { [weak self] publication in
                guard publication.changes.contains(where: { $0.instance == id && $0.to == wanted })
                    || publication.states[id] == wanted else { return nil }
                return self.flatMap { try? .success($0.instanceBytes(id)) }
            },
            timeout: { [weak self] in
                let current = (try? self?.visibleInstance(id))?.state
                return .failure(Problem(
                    status: 408, slug: "wait-timeout", title: "Request Timeout",
                    detail: "the instance did not reach '\(wanted.rawValue)' within \(Seconds.describe(millis: timeoutMillis)); it is '\(current?.rawValue ?? "?")'",
                    extra: ["state": JSONValue(current?.rawValue)]))
            })
        // Registered first, checked second: a change committed in between is seen by one or the other.
        let now = try shownInstance(id)
        if now.instance.state == wanted {
            watchers.finish(waiter, key: "i:" + id, with: .success(now.json))
        }
    }

    /// `GET /v1/devices/{id}?waitForForeground=INSTANCE&timeout=S`: the Device once INSTANCE is in the foreground.
    func waitForForeground(_ deviceId: String, instance wanted: String, timeoutMillis: Int64, client: WaitingClient) throws(Problem) {
        // An app that is not on this device can never come to its foreground: say so now rather than at the timeout.
        guard try visibleDevice(deviceId).instance(wanted) != nil else {
            throw Problem.notFound("instance", wanted, on: deviceId)
        }
        let waiter = watchers.wait(
            for: .foreground(device: deviceId, instance: wanted), deadline: clock.millis() + timeoutMillis, client: client,
            check: { [weak self] publication in
                guard publication.foreground == wanted else { return nil }
                return self.flatMap { try? .success($0.device(deviceId).jsonBytes) }
            },
            timeout: { [weak self] in
                let foreground = (try? self?.visibleDevice(deviceId))?.foregroundInstance?.id
                return .failure(Problem(
                    status: 408, slug: "wait-timeout", title: "Request Timeout",
                    detail: "\(wanted) did not come to the foreground within \(Seconds.describe(millis: timeoutMillis))",
                    extra: ["foreground": JSONValue(foreground)]))
            })
        let current = try visibleDevice(deviceId)
        if current.foregroundInstance?.id == wanted {
            watchers.finish(waiter, key: "d:" + deviceId, with: .success(deviceJSON(current).jsonBytes))
        }
    }

    /// `GET /v1/instances/{id}/callbacks?after=SEQ&wait=S`: a page as soon as there is a callback after SEQ, or an
    /// empty page at the timeout.
    func waitForCallbacks(_ id: String, after: Int64, limit: Int, timeoutMillis: Int64, client: WaitingClient) throws(Problem) {
        let page = try callbackPage(instance: id, after: after, limit: limit)
        guard page.isEmpty else {
            client.answer(.success(page.json))
            return
        }
        let waiter = watchers.wait(
            for: .callbacks(instance: id), deadline: clock.millis() + timeoutMillis, client: client,
            check: { [weak self] publication in
                guard publication.callbacks.contains(where: { $0.instance == id && $0.seq > after }) else { return nil }
                return (try? self?.callbacks(instance: id, after: after, limit: limit)).map { .success($0) }
            },
            timeout: { [weak self] in
                guard let self else { return .failure(.shuttingDown) }
                // The same page as without waiting; a 404 if the instance was uninstalled meanwhile.
                do throws(Problem) {
                    return .success(try self.callbacks(instance: id, after: after, limit: limit))
                } catch {
                    return .failure(error)
                }
            })
        let again = try callbackPage(instance: id, after: after, limit: limit)
        if !again.isEmpty { watchers.finish(waiter, key: "i:" + id, with: .success(again.json)) }
    }

    // MARK: Streams

    /// `GET /v1/instances/{id}/stream`: each callback and each state change as it is committed. Resuming `after` a
    /// seq first replays the callbacks after it. `open` is called once the instance is known to exist (else 404).
    func streamInstance(_ id: String, after: Int64?, open: () -> StreamClient) throws(Problem) {
        let instance = try visibleInstance(id)  // 404 before streaming
        if let after { try Self.checkResumePoint(after, newest: instance.nextSeq - 1, of: "callback", in: "the history of \(id)") }
        let client = open()
        let feed = StreamFeed()
        watchers.subscribe(key: "i:" + id, client: client) { publication in
            feed.deliver(publication) { publication, lastSeq in
                let own = publication.callbacks.filter { $0.instance == id }
                if !own.isEmpty, own.allSatisfy({ $0.seq <= lastSeq }) { return ([], lastSeq) }  // replayed already
                var messages: [StreamMessage] = []
                var last = lastSeq
                for callback in own where callback.seq > lastSeq {
                    messages.append(.callback(seq: callback.seq, body: callback.body))
                    last = max(last, callback.seq)
                }
                for change in publication.changes where change.instance == id {
                    messages.append(.state(change, eventSeq: publication.eventSeq, at: publication.at))
                }
                return (messages, last)
            }
        }
        // Replay history after the client's last seq, then let live publications through (without duplicates).
        var replayed = after ?? Int64.max
        if let after {
            var cursor = after
            var first = true
            while true {
                let (stored, dropped): ([CallbackRecord], Int64)
                do { (stored, dropped) = try store.historyPage(instance: id, after: cursor, limit: 1000) } catch { break }
                // Resuming past history no longer kept: say how much is missing, as a page's `dropped` does.
                if first, after < dropped { client.send([.dropped(upTo: dropped)]) }
                first = false
                if !stored.isEmpty { client.send(stored.map { .callback(seq: $0.seq, body: $0.jsonBytes) }) }
                cursor = stored.last?.seq ?? cursor
                if stored.count < 1000 { break }
            }
            replayed = cursor
        }
        feed.open(lastSeq: replayed == Int64.max ? Int64(0) : replayed, client: client)
    }

    /// `GET /v1/devices/{id}/stream`: each committed event of the device with its changes and callbacks. Resuming
    /// `after` an event seq first replays the events after it. `open` is called once the device is known to exist.
    func streamDevice(_ deviceId: String, after: Int64?, open: () -> StreamClient) throws(Problem) {
        let simulation = try visibleDevice(deviceId)  // 404 before streaming
        if let after { try Self.checkResumePoint(after, newest: simulation.device.eventSeq, of: "event", in: "the journal of \(deviceId)") }
        let client = open()
        let feed = StreamFeed()
        watchers.subscribe(key: "d:" + deviceId, client: client) { publication in
            feed.deliver(publication) { publication, lastSeq in
                guard publication.eventSeq > lastSeq else { return ([], lastSeq) }
                var changes = JSONWriter(capacity: 16 + publication.changes.count * 64)
                changes.beginArray()
                for change in publication.changes { change.write(to: &changes) }
                changes.endArray()
                return ([.event(seq: publication.eventSeq, type: publication.type, at: publication.at,
                                changes: changes.bytes, callbacks: publication.callbacks.map(\.body))],
                        publication.eventSeq)
            }
        }
        var replayed: Int64 = 0
        if let after {
            // The events after `after` from the journal, as sent live, with the callbacks their apps' histories still
            // keep. A database older than the journal has history without entries: those events go out as their
            // callbacks.
            let replay: (oldest: Int64?, events: [(seq: Int64, entry: JournalEntry?, callbacks: [CallbackRecord])])
            do { replay = try store.replay(device: deviceId, after: after) } catch { replay = (nil, []) }
            // Resuming past events the journal no longer keeps: say how many are missing, as its page's `dropped` does
            // (and the instance stream for callbacks), so that the gap is not silent.
            let firstKept = [replay.oldest, replay.events.first?.seq].compactMap { $0 }.min() ?? simulation.device.eventSeq + 1
            let dropped = firstKept - 1
            if after < dropped { client.send([.dropped(upTo: dropped)]) }
            for event in replay.events {
                client.send([.event(
                    seq: event.seq, type: event.entry?.type, at: event.entry?.at,
                    changes: event.entry?.changesBytes ?? Array("[]".utf8), callbacks: event.callbacks.map(\.jsonBytes))])
                replayed = event.seq
            }
            replayed = max(after, replayed)
        }
        feed.open(lastSeq: replayed, client: client)
    }

    /// `GET /v1/devices/{id}/events`: a page of the device's event journal, `{items, next, dropped}`, where
    /// `dropped` counts its oldest events no longer kept (their history was dropped, or they came before the journal).
    func journal(device deviceId: String, after: Int64, limit: Int) throws(Problem) -> [UInt8] {
        let simulation = try visibleDevice(deviceId)
        try Self.checkResumePoint(after, newest: simulation.device.eventSeq, of: "event", in: "the journal of \(deviceId)")
        let stored: [JournalEntry]
        let oldest: Int64?
        do {
            (stored, oldest) = try store.journal(device: deviceId, after: after, limit: limit + 1)
        } catch {
            throw Problem.store(error)
        }
        // Only what is committed shows: the cache's visible face bounds the store, which may be a commit ahead.
        let shown = stored.filter { $0.seq <= simulation.device.eventSeq }
        let dropped = (oldest ?? simulation.device.eventSeq + 1) - 1
        return Page.jsonBytes(shown.prefix(limit).lazy.map(\.jsonBytes)) { w in
            w.field("next", shown.count > limit ? shown[limit - 1].seq : nil)
            w.field("dropped", dropped)
        }
    }
}

/// Holds a stream's live messages back until its replay of history is written, then lets them through in order,
/// skipping what the replay already sent.
final class StreamFeed: Sendable {
    /// What a publication says to this stream, given the last seq it sent: its messages, and the new last seq.
    typealias Render = @Sendable (EventPublication, Int64) -> ([StreamMessage], Int64)

    private struct State {
        var open = false
        var lastSeq: Int64 = 0
        var held: [EventPublication] = []
        var client: StreamClient?
        var render: Render?
    }

    private let state = Mutex(State())

    /// Called for every publication (on the publisher's thread): sends its messages, or holds it until ``open``.
    func deliver(_ publication: EventPublication, render: @escaping Render) {
        state.withLock { state in
            state.render = render
            guard state.open, let client = state.client else {
                state.held.append(publication)
                return
            }
            let (messages, last) = render(publication, state.lastSeq)
            state.lastSeq = last
            if !messages.isEmpty { client.send(messages) }
        }
    }

    /// The replay is sent, up to `lastSeq`: send what was held after it (each render skips what is not) and go live.
    func open(lastSeq: Int64, client: StreamClient) {
        state.withLock { state in
            state.lastSeq = lastSeq
            state.client = client
            if let render = state.render {
                for publication in state.held {
                    let (messages, last) = render(publication, state.lastSeq)
                    state.lastSeq = last
                    if !messages.isEmpty { client.send(messages) }
                }
            }
            state.held = []
            state.open = true
        }
    }
}

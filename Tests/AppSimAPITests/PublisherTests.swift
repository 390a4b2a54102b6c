@testable import AppSimAPI
import AppSimCore
import AppSimHTTP
import AppSimJSON
import AppSimStore
import Foundation
import Synchronization
import Testing

/// Waiters and streams hear of commits from the publisher's thread: a slow one holds up no commit and no reply.
@Suite("Publisher")
struct PublisherTests {
    /// A service on a new database, and one app installed on a new device.
    final class Service {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-publisher-\(UUID().uuidString)")
        let service: AppSimService
        let app: String

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let service = try AppSimService(store: Store(path: directory.appendingPathComponent("appsim.db").path))
            var phone = Device(id: "")
            phone.osVersion = OSVersion(17)
            let device = try #require(Self.answer(try service.createDevice(phone))).simulation.device.id
            let installed = Self.answer(try service.install(InstallRequest(json: ["device": .string(device), "info": ["bundleId": "com.example.a"]])))
            self.service = service
            app = try #require(installed).instance.id
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Posts `type` to the app and returns what it did once committed; `nil` if it was refused or not committed within 5 s.
        func post(_ type: String) -> PostedEvent? {
            let body: JSONValue = ["type": .string(type)]
            guard let event = try? Event.decode(body, toInstance: true),
                  let pending = try? service.post(event, body: body, device: AppSimService.deviceId(ofInstance: app), instance: app)
            else { return nil }
            return Self.answer(pending)
        }

        /// What a write did, once it is committed (at most 5 s); `nil` if it was refused or its commit failed.
        static func answer<Value>(_ pending: PendingWrite<Value>) -> Value? {
            let committed = Mutex<Bool?>(nil)
            let settled = DispatchSemaphore(value: 0)
            pending.commit.whenSettled { result in
                committed.withLock { $0 = (try? result.get()) != nil }
                settled.signal()
            }
            guard settled.wait(timeout: .now() + 5) == .success, committed.withLock({ $0 }) == true else { return nil }
            return try? pending.result.get()
        }
    }

    /// A waiter whose check blocks until `release`, once it has said it is checking.
    final class SlowCheck: Sendable {
        let checking = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = Atomic(false)

        func check(_ publication: EventPublication) -> WaitResult? {
            guard !released.load(ordering: .acquiring) else { return nil }
            checking.signal()
            release.wait()
            return nil
        }

        func open() {
            released.store(true, ordering: .releasing)
            release.signal()
        }
    }

    @Test("a waiter slow to check a commit holds up neither the next commit nor its reply")
    func slowCheckDelaysNoCommit() throws {
        let setup = try Service()
        let service = setup.service
        let slow = SlowCheck()
        _ = service.watchers.wait(
            for: .state(instance: setup.app, .background), deadline: Int64.max, client: WaitingClient(answer: { _ in }, onLeave: { _ in }),
            check: { slow.check($0) }, timeout: { .failure(Problem(status: 408, slug: "wait-timeout", title: "Request Timeout", detail: "")) })
        #expect(setup.post("launch") != nil)
        #expect(slow.checking.wait(timeout: .now() + 5) == .success, "the launch's publication is being checked")

        // The check still blocks: the next events commit and are answered all the same.
        #expect(setup.post("memoryWarning") != nil)
        #expect(setup.post("home") != nil)
        #expect(try service.visibleInstance(setup.app).state == .background)
        slow.open()
        service.shutdown()
    }

    /// A stream client that records what it is sent, with no transport.
    final class RecordingStream: Sendable {
        let messages = Mutex<[StreamMessage]>([])
        let ended = Mutex(false)
        var client: StreamClient {
            StreamClient(
                send: { sent in self.messages.withLock { $0 += sent } },
                end: { self.ended.withLock { $0 = true } },
                onLeave: { _ in })
        }

        /// The messages once there are `count` of them (at most 5 s later).
        func wait(for count: Int) -> [StreamMessage] {
            for _ in 0..<250 where messages.withLock({ $0.count }) < count { Thread.sleep(forTimeInterval: 0.02) }
            return messages.withLock { $0 }
        }
    }

    @Test("the service's streams are a feed of domain messages, with no HTTP: an instance's callbacks and state changes in commit order, a device's events, and the end when the app is uninstalled")
    func streamsAreDomainFeeds() throws {
        let setup = try Service()
        let service = setup.service
        let instance = RecordingStream()
        let device = RecordingStream()
        var opened = 0
        try service.streamInstance(setup.app, after: nil) { opened += 1; return instance.client }
        try service.streamDevice(AppSimService.deviceId(ofInstance: setup.app), after: nil) { opened += 1; return device.client }
        #expect(opened == 2)
        #expect(setup.post("launch") != nil)

        let messages = instance.wait(for: 4)
        #expect(messages.count == 4)
        #expect(messages.prefix(3).map { (message: StreamMessage) -> Int64 in if case .callback(let seq, _) = message { seq } else { -1 } } == [1, 2, 3])
        guard case .state(let change, let eventSeq, _)? = messages.last else {
            Issue.record("no state message last: \(messages)")
            return
        }
        #expect(change.instance == setup.app && change.from == .notRunning && change.to == .active && eventSeq == 1)
        let events = device.wait(for: 1)
        guard case .event(let seq, let type, _, _, let callbacks)? = events.first else {
            Issue.record("no event message: \(events)")
            return
        }
        #expect(seq == 1 && type == "launch" && callbacks.count == 3)

        // A stream of something that does not exist is refused before it is opened.
        #expect(throws: Problem.self) { try service.streamInstance(setup.app + "9", after: nil) { opened += 1; return instance.client } }
        #expect(opened == 2)

        #expect(Service.answer(try service.uninstall(setup.app)) != nil)
        for _ in 0..<250 where !instance.ended.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.02) }
        #expect(instance.ended.withLock { $0 })
        service.shutdown()
    }

    @Test("a graceful stop tells waiters all that was committed before it ends the rest as at their timeout")
    func stopPublishesWhatWasCommitted() throws {
        let setup = try Service()
        let service = setup.service
        #expect(setup.post("launch") != nil)
        let slow = SlowCheck()
        _ = service.watchers.wait(
            for: .state(instance: setup.app, .suspended), deadline: Int64.max, client: WaitingClient(answer: { _ in }, onLeave: { _ in }),
            check: { slow.check($0) }, timeout: { .failure(Problem(status: 408, slug: "wait-timeout", title: "Request Timeout", detail: "")) })
        let heard = Mutex<[Int]>([])
        try service.waitForState(
            setup.app, state: .background, timeoutMillis: 60_000,
            client: WaitingClient(
                answer: { result in
                    let status = switch result { case .success: 200; case .failure(let problem): problem.status }
                    heard.withLock { $0.append(status) }
                }, onLeave: { _ in }))
        #expect(setup.post("memoryWarning") != nil)
        #expect(slow.checking.wait(timeout: .now() + 5) == .success)
        // Home is committed while the publisher is held up on the warning: its publication waits in the queue.
        #expect(setup.post("home") != nil)
        #expect(heard.withLock { $0 }.isEmpty)

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            service.shutdown()
            stopped.signal()
        }
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut, "the stop waits for what is being told")
        slow.open()
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        #expect(heard.withLock { $0 } == [200], "the waiter heard of Home, not the stop's timeout")
    }
}

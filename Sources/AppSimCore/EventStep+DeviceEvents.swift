import AppSimJSON

/// Device events: lock, reboot, memory, the clock and system notifications (docs/lifecycle.md, What the events do, Time, Notifications that wait, What the events do).
extension EventStep {
    func refuseDevice(_ reason: String) -> EventRejection { EventRejection(.notAllowed, reason) }

    func hasProtectedData(_ i: Int) -> Bool { instances[i].info.dataProtection && device.passcode }

    mutating func perform(_ event: DeviceEvent) throws(EventRejection) {
        switch event {
        case .lock:
            guard !device.locked else { throw refuseDevice("the device is locked already") }
            lock()
        case .unlock:
            guard device.locked else { throw refuseDevice("the device is not locked") }
            unlock()
        case .reboot:
            for i in instances.indices {
                if instances[i].state.isAlive { kill(i, reason: DeviceEvent.reboot.type) }
                instances[i].forceQuit = false
            }
            device.lock = .unlocked
            device.call = nil
            device.appSwitcherOpen = false
        case .appSwitcher:
            try openAppSwitcher()
        case .dismissAppSwitcher:
            guard device.appSwitcherOpen else { throw refuseDevice("the app switcher is not open") }
            dismissAppSwitcher()
        case .memoryPressure(let freeMB):
            reclaimBackgroundScenes()
            let freed = freeMemory(freeMB, sparing: nil)
            if let freeMB, freed < freeMB, let f = instances.firstIndex(where: { $0.state.isForeground }) {
                record(f, Delegate.didReceiveMemoryWarning)
            }
        case .memoryWarning:
            for i in instances.indices where instances[i].state.isRunning {
                record(i, Delegate.didReceiveMemoryWarning)
            }
        case .advanceClock(let millis):
            fireTimers(until: now + millis)
        case .timers, .runTask:
            break
        case .notification(let notification):
            if notification.kind == .orientation, let value = notification.value["value"]?.stringValue {
                device.orientation = value
            }
            if notification.kind == .battery, let state = notification.value["state"]?.stringValue {
                device.batteryState = state
            }
            for i in instances.indices {
                for posted in notification.posts {
                    let isTimeChange = notification.kind == .timeChange
                    post(
                        i, type: posted.key, name: isTimeChange ? Delegate.significantTimeChange : posted.name,
                        kind: isTimeChange ? .delegate : .notification, notification: posted.name,
                        args: .object(notification.value))
                }
            }
            if notification.kind == .orientation { updateSceneGeometry(to: device.orientation) }
        }
    }

    /// Each foreground scene of a UIKit scene app is told its new geometry; SwiftUI lays its views out itself
    /// (docs/lifecycle.md, iOS 18 to 27).
    mutating func updateSceneGeometry(to orientation: String) {
        for i in instances.indices where usesScenes(i) && !usesSwiftUI(i) && instances[i].state.isRunning {
            for s in instances[i].scenes.indices where instances[i].scenes[s].activationState.isForeground {
                recordScene(i, s, device.osVersion.sceneGeometrySelector, args: ["interfaceOrientation": .string(orientation)])
            }
        }
    }

    /// The app switcher opens: the app in front resigns active and stays inactive, shown as its card.
    mutating func openAppSwitcher() throws(EventRejection) {
        guard device.osVersion.hasMultitasking else {
            throw EventRejection(.unusable, "iOS \(device.osVersion) has no app switcher; it came with iOS 4.0")
        }
        guard !device.locked else { throw refuseDevice("the device is locked; unlock it first") }
        guard !device.appSwitcherOpen else { throw refuseDevice("the app switcher is open already") }
        if let f = instances.firstIndex(where: { $0.state.isForeground }) {
            guard instances[f].state == .active else {
                throw refuseDevice("the app in front is interrupted (\(instances[f].interruption?.rawValue ?? "inactive")); dismiss that first")
            }
            resignActive(f, because: .appSwitcher)
        }
        device.appSwitcherOpen = true
    }

    /// The app switcher closes on the app in front, which becomes active again.
    mutating func dismissAppSwitcher() {
        device.appSwitcherOpen = false
        if let f = instances.firstIndex(where: { $0.interruption == .appSwitcher }) { becomeActive(f) }
    }

    /// Home or a launch closes the switcher; the app in front then leaves as Home sends it.
    mutating func closeAppSwitcher() {
        device.appSwitcherOpen = false
    }

    /// Lock: docs/lifecycle.md, What the events do ("Lock / unlock") and Devices and apps (by OS version).
    mutating func lock() {
        let foreground = instances.firstIndex { $0.state.isForeground }
        if device.appSwitcherOpen {
            // Locking closes the switcher; an app shown in it is inactive for the lock from now on.
            device.appSwitcherOpen = false
            if let f = foreground, instances[f].interruption == .appSwitcher { becomeInactive(f, interruption: .lock) }
        }
        device.lock = .locked(foregroundBeforeLock: foreground.map { instances[$0].id })
        if let f = foreground {
            if device.osVersion.lockEntersBackground {
                let before = instances[f].lifecycle
                becomeInactive(f, interruption: nil)
                if case .active = before { announceWillResignActive(f) }
                if hasProtectedData(f) { record(f, Delegate.protectedDataWillBecomeUnavailable) }
                // An app that exits on suspend leaves the foreground for good, as with Home.
                if instances[f].info.exitsOnSuspend { terminate(f, killReason: nil) } else { enterBackground(f) }
            } else if instances[f].state == .active {
                resignActive(f, because: .lock)
            }
        }
        for i in instances.indices where i != foreground && hasProtectedData(i) {
            post(i, type: "protectedData", name: Delegate.protectedDataWillBecomeUnavailable, kind: .delegate,
                 notification: Delegate.notification(for: Delegate.protectedDataWillBecomeUnavailable), args: [:])
        }
    }

    /// Unlock: the app that was in the foreground comes back.
    mutating func unlock() {
        let foreground = device.foregroundBeforeLock.flatMap { index(of: $0) }
        device.lock = .unlocked
        // A call that rang on the lock screen and was neither answered nor declined was missed.
        if device.call?.answered == false { device.call = nil }
        if let f = foreground, instances[f].state.isAlive {
            if device.osVersion.lockEntersBackground {
                // A running app hears it at once; a suspended one gets it queued, right after
                // applicationWillEnterForeground: (What the events do: only a running app gets callbacks).
                if hasProtectedData(f) {
                    post(f, type: "protectedData", name: Delegate.protectedDataDidBecomeAvailable, kind: .delegate,
                         notification: Delegate.notification(for: Delegate.protectedDataDidBecomeAvailable), args: [:])
                }
                if instances[f].state == .background || instances[f].state == .suspended {
                    resumeForeground(f, delivery: .none)
                }
            } else if instances[f].state == .inactive, instances[f].interruption == .lock {
                becomeActive(f)
            }
        }
        for i in instances.indices where i != foreground && hasProtectedData(i) {
            post(i, type: "protectedData", name: Delegate.protectedDataDidBecomeAvailable, kind: .delegate,
                 notification: Delegate.notification(for: Delegate.protectedDataDidBecomeAvailable), args: [:])
        }
    }
}

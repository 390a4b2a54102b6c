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
        }
    }

    /// Lock: docs/lifecycle.md, What the events do ("Lock / unlock") and Devices and apps (by OS version).
    mutating func lock() {
        let foreground = instances.firstIndex { $0.state.isForeground }
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

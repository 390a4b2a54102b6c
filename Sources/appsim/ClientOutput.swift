import AppSimClient
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the client verbs print: one short line per result for people, or the server's JSON with `--json`.
enum ClientOutput {
    /// A line on standard output, flushed at once so that a following stream shows as it happens.
    static func line(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// JSON as the server sent it, on a line of its own.
    static func json(_ body: Data) {
        var text = String(decoding: body, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        line(text)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func flush() {
        fflush(nil)
    }

    // MARK: Lines

    static func summary(of device: Device) -> String {
        var parts = ["iOS \(device.osVersion)", "\(device.memoryMB) MB", "\(device.clock.mode.rawValue) clock"]
        if device.clock.mode == .realtime, let speed = device.clock.speed, speed != 1 { parts[2] += " ×\(number(speed))" }
        parts.append("time \(seconds(device.time))")
        parts.append(device.instances.count == 1 ? "1 app" : "\(device.instances.count) apps")
        if let foreground = device.foreground { parts.append("foreground \(foreground)") }
        if device.locked { parts.append("locked") }
        if device.appSwitcher == true { parts.append("app switcher open") }
        return "\(device.id): " + parts.joined(separator: ", ")
    }

    static func summary(of instance: Instance) -> String {
        "\(instance.id): \(instance.info.bundleId) on device \(instance.device), \(instance.state.rawValue)"
    }

    /// `launch, event 1: d7.1 notRunning → active; 3 callbacks: application:willFinish…, …`
    static func summary(of result: EventResult) -> String {
        var text = "\(result.event.type), event \(result.event.seq): "
        text += result.changes.isEmpty
            ? "no state changed"
            : result.changes.map { "\($0.instance) \($0.from.rawValue) → \($0.to.rawValue)" }.joined(separator: ", ")
        let instances = Set(result.callbacks.map(\.instance))
        let names = result.callbacks.map { instances.count > 1 ? "\($0.instance) \($0.name)" : $0.name }
        switch names.count {
        case 0: text += "; no callbacks"
        case 1: text += "; 1 callback: " + names[0]
        default: text += "; \(names.count) callbacks: " + names.joined(separator: ", ")
        }
        if let delivery = result.pushDelivery {
            text += "; push \(delivery.rawValue)" + (result.pushDropReason.map { ": \($0)" } ?? "")
        } else if let result = result.result, !result.isEmpty {
            text += "; result \(JSON.object(result))"
        }
        return text
    }

    /// `    4     2.524 s  applicationWillResignActive:  → inactive`
    static func line(of callback: Callback) -> String {
        let seq = String(callback.seq)
        let at = seconds(callback.at)
        var text = String(repeating: " ", count: max(0, 5 - seq.count)) + seq + "  "
        text += String(repeating: " ", count: max(0, 11 - at.count)) + at + "  " + callback.name
        if callback.kind == .scenePhase, let from = callback.args["from"]?.stringValue, let to = callback.args["to"]?.stringValue {
            // `scenePhase d7.1.s1 inactive → active`, or `scenePhase app inactive → active`
            text += " \(callback.args["scene"]?.stringValue ?? "app") \(from) → \(to)"
        } else if callback.kind != .delegate {
            text += " (\(callback.kind.rawValue))"
        }
        if let reason = callback.args["reason"]?.stringValue { text += " [\(reason)]" }
        return text + "  → " + callback.state.rawValue
    }

    static func line(of change: StateChangeMessage) -> String {
        "       \(change.instance) \(change.from.rawValue) → \(change.to.rawValue) (event \(change.event))"
    }

    /// `    3     0.156 s  home d7.1: d7.1 active → background; 4 callbacks`
    static func line(of entry: JournalEntry) -> String {
        let seq = String(entry.seq)
        let at = seconds(entry.at)
        var text = String(repeating: " ", count: max(0, 5 - seq.count)) + seq + "  "
        text += String(repeating: " ", count: max(0, 11 - at.count)) + at + "  " + entry.type
        if let instance = entry.instance { text += " \(instance)" }
        if !entry.changes.isEmpty {
            text += ": " + entry.changes.map { "\($0.instance) \($0.from.rawValue) → \($0.to.rawValue)" }.joined(separator: ", ")
        }
        text += entry.callbacks.count == 1 ? "; 1 callback" : "; \(entry.callbacks.count) callbacks"
        if let delivery = entry.result?["delivery"]?.stringValue { text += "; push \(delivery)" }
        return text
    }

    /// Device milliseconds as seconds (`2.524 s`).
    static func seconds(_ milliseconds: Int64) -> String {
        String(format: "%.3f s", Double(milliseconds) / 1000)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}

import AppSimStore
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Takes SIGINT and SIGTERM while `appsim serve` starts, when the main thread does not wait for them yet: starting
/// can take minutes, as a database of an earlier appsim is brought up to date first. A stop signal stops that
/// migration (``MigrationStop``: it is one transaction, rolled back, so the database stays as it was) and is passed
/// on to the main thread: if the migration had committed already, the server starts and its `sigwait` stops it as
/// usual. From ``served()`` on, the main thread takes the signals itself.
final class StartupStop: Sendable {
    let migration = MigrationStop()
    /// The stop signal taken before serving, if any; whether the server serves, after which this takes none.
    private let state = Mutex<(signal: Int32?, serving: Bool)>((nil, false))

    /// Starts waiting for `signals`, which must be blocked in every thread already.
    init(signals: sigset_t, logger: Logger) {
        let main = pthread_self()
        let thread = Thread { [self] in
            var waited = signals
            // A short wait, so that the thread ends soon after the server serves.
            var timeout = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            while true {
                let number = sigtimedwait(&waited, nil, &timeout)
                let ended = self.state.withLock { state in
                    guard number > 0 else { return state.serving }
                    if !state.serving {
                        state.signal = number
                        logger.notice("received \(number == SIGINT ? "SIGINT" : "SIGTERM") while starting; stopping")
                        self.migration.stop()
                    }
                    // The main thread's sigwait takes it once the server serves, if it gets that far.
                    pthread_kill(main, number)
                    return true
                }
                if ended { return }
            }
        }
        thread.name = "appsim-startup"
        thread.start()
    }

    /// The stop signal taken while starting, if any.
    var signal: Int32? { state.withLock { $0.signal } }

    /// The server serves: from now on the main thread's `sigwait` takes the stop signals.
    func served() {
        state.withLock { $0.serving = true }
    }
}

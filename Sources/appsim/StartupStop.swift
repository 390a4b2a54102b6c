import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Stops `appsim serve` at once on SIGINT or SIGTERM while it starts. The main thread waits for those signals only
/// once the server serves, and starting can take minutes: a database of an earlier appsim is brought up to date
/// first. That update is one transaction, so stopping midway leaves the database as it was, as a kill would.
/// Once the server serves (``served()``), a signal this thread took is passed on to the main thread's `sigwait`.
final class StartupStop: Sendable {
    private let serving = Mutex(false)

    /// Starts waiting for `signals`, which must be blocked in every thread already.
    init(signals: sigset_t, logger: Logger) {
        let main = pthread_self()
        let thread = Thread { [self] in
            var waited = signals
            // A short wait, so that the thread ends soon after the server serves.
            var timeout = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            while true {
                let number = sigtimedwait(&waited, nil, &timeout)
                let ended = self.serving.withLock { serving in
                    guard number > 0 else { return serving }
                    if serving {
                        pthread_kill(main, number)
                        return true
                    }
                    logger.notice("received \(number == SIGINT ? "SIGINT" : "SIGTERM") before serving; stopping, with the database as it was before this start")
                    _exit(128 + number)
                }
                if ended { return }
            }
        }
        thread.name = "appsim-startup"
        thread.start()
    }

    /// The server serves: from now on the main thread's `sigwait` takes the stop signals.
    func served() {
        serving.withLock { $0 = true }
    }
}

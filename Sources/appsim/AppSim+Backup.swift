import AppSimAPI
import AppSimStore
import ArgumentParser
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension AppSim {
    /// `appsim backup`: not a client of a server, but of its database file, which it reads beside the server.
    struct MakeBackup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Copy a database to a new file, while a server serves it or not.",
            discussion: """
                The copy holds every change the server acknowledged before the backup began: it is the database as one \
                commit left it, read in one read transaction, while the server goes on serving. It is written beside \
                OUT, checked (PRAGMA quick_check) and written to disk, then renamed to OUT, so OUT is never half a copy.

                  appsim backup --db /var/lib/appsim/appsim.db /backups/appsim-$(date +%F).db

                To restore, either start a server on the copy (appsim serve --db COPY), or put it in place of the \
                database: stop the server, delete the database's -wal and -shm files if there are any (they belong to \
                the database being replaced, and SQLite would apply them to the copy), copy COPY over the database \
                file, and start the server.

                Exit status: 0 done; 1 refused or failed (why, on standard error); 2 usage error.
                """)

        @Option(help: "The database to copy (env APPSIM_DB; default ./appsim.db), as appsim serve is given it.")
        var db: String?

        @Argument(help: "Where the copy goes: a new file, unless --force.")
        var out: String

        @Flag(help: "Replace OUT if it exists.")
        var force = false

        func run() throws {
            let database = db ?? Environment()["APPSIM_DB"] ?? AppSimServer.Configuration().databasePath
            let stopSignals = removePartialCopy(of: out, on: [SIGINT, SIGTERM])
            defer { stopSignals.forEach { $0.cancel() } }
            let started = ContinuousClock.now
            let backup: Backup
            do {
                backup = try Backup(of: database, to: out, replacing: force)
            } catch {
                ClientOutput.error("appsim: \(error.message)")
                throw ExitCode.failure
            }
            let took = (ContinuousClock.now - started) / .seconds(1)
            let copied = [Self.count(backup.devices, "device"), Self.count(backup.instances, "instance"), Self.size(backup.bytes)]
            ClientOutput.line("copied \(database) (\(copied.joined(separator: ", "))) to \(out) in \(String(format: "%.2f", took)) s")
        }

        /// Sees to it that a copy stopped by `signals` leaves no partial file beside OUT, then exits as the signal
        /// would have. Returns the sources, which must be kept while the copy runs.
        private func removePartialCopy(of out: String, on signals: [Int32]) -> [any DispatchSourceSignal] {
            signals.map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    Backup.removePartial(for: out)
                    Foundation.exit(128 + number)
                }
                source.resume()
                return source
            }
        }

        /// `1 device`, `2 devices`.
        static func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }

        /// `12.3 MB`, in decimal units as `ls -lh --si` gives them.
        static func size(_ bytes: Int) -> String {
            switch Double(bytes) {
            case ..<1e6: String(format: "%.0f kB", Double(bytes) / 1e3)
            case ..<1e9: String(format: "%.1f MB", Double(bytes) / 1e6)
            default: String(format: "%.2f GB", Double(bytes) / 1e9)
            }
        }
    }
}

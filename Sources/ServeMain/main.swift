import ClubServer
import Dispatch
import TwentyNineCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `twentynine-serve`: the SSH server `twentynine serve` becomes. Its options are `serve`'s
// (`ServeOptions`); a player's files are kept as `twentynine` keeps them (`ClubKeeping`).

@Sendable func log(_ line: String) {
    let text = "twentynine serve: \(line)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

func fail(_ message: String, status: Int32) -> Never {
    let text = "twentynine: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

/// A session takes five descriptors (its socket and two pipes): the soft limit goes up to the
/// hard one, so that `--max-players` players fit.
func raiseDescriptorLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = min(limit.rlim_max, 65_536)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

/// The program, in a function of its own: top-level code is the main actor's, and the signal
/// handlers run on another queue.
func serve() {
    var environment: [String: String] = [:]
    for name in ["XDG_DATA_HOME", "HOME"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let options = ServeOptions.parseOrExit()
    let settings: ServeOptions.Settings
    do throws(ServeOptions.Invalid) {
        settings = try options.settings(environment: environment)
    } catch {
        fail(error.description, status: error.status)
    }

    raiseDescriptorLimit()
    var configuration = ClubConfiguration(dataFolder: settings.folder)
    configuration.host = settings.host
    configuration.port = settings.port
    configuration.allowFile = settings.allow
    configuration.maxConnections = settings.maxPlayers
    configuration.maxPerAddress = settings.maxPerAddress
    let server: ClubServer
    do {
        server = try ClubServer(configuration: configuration, keeper: ClubKeeping.keeper(in:),
                                history: ClubKeeping.recordShared(in:table:id:names:started:), log: log)
    } catch {
        fail("cannot serve: \(error)", status: 1)
    }
    log("host key \(server.hostKey.fingerprint) (ED25519); players' files in \(settings.folder)")
    let bound: Int
    do { bound = try server.start() } catch {
        fail("cannot listen on \(settings.host):\(settings.port): \(error)", status: 1)
    }
    log("listening on \(settings.host):\(bound); stop with ctrl-c or SIGTERM")
    let stops = [SIGINT, SIGTERM, SIGHUP].map { number -> DispatchSourceSignal in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            log("stopping: every player is told, every game saved")
            server.stop()
        }
        source.resume()
        return source
    }
    server.waitUntilStopped()
    stops.forEach { $0.cancel() }
    log("stopped")
}

serve()

import ArgumentParser
import ClubServer
import CribbageUI
import Dispatch
import GameStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `twentynine serve`: TwentyNine over SSH for players with nothing but `ssh`.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve TwentyNine over SSH: players connect with `ssh -p PORT NAME@HOST`.",
        discussion: """
            Listens only where --listen says (127.0.0.1:2229 by default). Public keys only: the first \
            key to log in with a name (1 to 16 letters, digits, - or _) owns it; --allow takes an \
            authorized_keys file of the only keys let in. The host key is made on the first start in \
            the data folder and its fingerprint printed at every start. Each player's games are kept \
            in players/NAME/ of the data folder. One line a connection on standard error; SIGTERM, \
            SIGHUP or ctrl-c stops it, every player told.
            """
    )

    @Option(help: ArgumentHelp("Where to listen.", valueName: "host:port"))
    var listen = "127.0.0.1:2229"

    @Option(help: ArgumentHelp("The club's folder (default: club/ in the data folder).", valueName: "dir"))
    var data: String?

    @Option(help: ArgumentHelp("An authorized_keys file: only its keys may log in.", valueName: "file"))
    var allow: String?

    @Option(name: .customLong("max-players"), help: ArgumentHelp("Players connected at once.", valueName: "n"))
    var maxPlayers = 32

    @Option(name: .customLong("max-per-address"),
            help: ArgumentHelp("Connections at once from one address (players behind one NAT share it).", valueName: "n"))
    var maxPerAddress = 4

    func run() throws {
        let (host, port) = try Self.address(listen)
        guard (1...1000).contains(maxPlayers) else { throw CommandFailure(message: "--max-players must be 1 to 1000") }
        guard (1...1000).contains(maxPerAddress) else { throw CommandFailure(message: "--max-per-address must be 1 to 1000") }
        let folder: String
        if let data {
            folder = data.hasPrefix("/") ? data : Self.currentFolder() + "/" + data
        } else {
            do { folder = try GameStore(environment: Console.environment).folder + "/club" } catch {
                throw CommandFailure.problem("\(error)")
            }
        }
        Self.raiseDescriptorLimit()
        var configuration = ClubConfiguration(dataFolder: folder)
        configuration.host = host
        configuration.port = port
        configuration.allowFile = allow
        configuration.maxConnections = maxPlayers
        configuration.maxPerAddress = min(maxPerAddress, maxPlayers)
        let server: ClubServer
        do {
            server = try ClubServer(configuration: configuration, keeper: Self.keeper(in:), log: Self.log)
        } catch {
            throw CommandFailure.problem("cannot serve: \(error)")
        }
        Self.log("host key \(server.hostKey.fingerprint) (ED25519); players' files in \(folder)")
        let bound: Int
        do { bound = try server.start() } catch {
            throw CommandFailure.problem("cannot listen on \(listen): \(error)")
        }
        Self.log("listening on \(host):\(bound); stop with ctrl-c or SIGTERM")
        let stops = [SIGINT, SIGTERM, SIGHUP].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Self.log("stopping: every player is told, every game saved")
                server.stop()
            }
            source.resume()
            return source
        }
        server.waitUntilStopped()
        stops.forEach { $0.cancel() }
        Self.log("stopped")
    }

    /// A session takes five descriptors (its socket and two pipes): the soft limit goes up to the
    /// hard one, so that `--max-players` players fit.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = min(limit.rlim_max, 65_536)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// A player's keeper: the game store in their own folder, as `twentynine` keeps a player's
    /// games in the XDG data folder.
    @Sendable static func keeper(in folder: String) -> Keeper {
        StoreKeeper(environment: ["XDG_DATA_HOME": folder]).keeper(table: nil, fresh: false)
    }

    @Sendable static func log(_ line: String) {
        let text = "twentynine serve: \(line)\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `host:port`, `[v6]:port`, or a port alone (on 127.0.0.1).
    static func address(_ text: String) throws -> (String, Int) {
        var host = "127.0.0.1", portText = text
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else {
            throw CommandFailure(message: "--listen takes HOST:PORT, as 127.0.0.1:2229, not \(text)")
        }
        return (host, port)
    }
}

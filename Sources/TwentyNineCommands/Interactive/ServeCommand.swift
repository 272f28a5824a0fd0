import ArgumentParser
import CribbageCore
import CribbageUI
import GameStore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `twentynine serve`: TwentyNine over SSH for players with nothing but `ssh`. The options are
/// read and checked here; the server itself is the program `twentynine-serve` beside this one
/// (built from `ServeMain`), which this command becomes (`execv`). SwiftNIO SSH imports the whole
/// of Foundation, and with it ICU: kept out of `twentynine`, whose every run starts without it.
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
            SIGHUP or ctrl-c stops it, every player told. The server is the program twentynine-serve, \
            installed beside twentynine.
            """
    )

    @OptionGroup var options: ServeOptions

    func run() throws {
        let settings: ServeOptions.Settings
        do throws(ServeOptions.Invalid) {
            settings = try options.settings(environment: Console.environment)
        } catch {
            throw CommandFailure(message: error.description, status: error.status)
        }
        guard !Console.isCaptured else {
            // In process (the tests), the options are checked and nothing is served.
            Console.print("would serve on \(settings.host):\(settings.port) from \(settings.folder)")
            return
        }
        let program = Self.serverProgram
        guard access(program, X_OK) == 0 else {
            throw CommandFailure.problem("serve needs the program \(program), beside twentynine (make install installs both)")
        }
        let arguments = [program] + options.arguments
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(program, &pointers)
        throw CommandFailure.problem("cannot start \(program): \(String(cString: strerror(errno)))")
    }

    /// `twentynine-serve` in the folder of the running program.
    static var serverProgram: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = count > 0 ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/twentynine-serve"
    }
}

/// `serve`'s options, shared by `twentynine serve` (which checks them) and `twentynine-serve`
/// (which serves).
public struct ServeOptions: ParsableArguments {
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

    public init() {}

    /// The options checked.
    public struct Settings: Sendable {
        public let host: String
        public let port: Int
        public let folder: String
        public let allow: String?
        public let maxPlayers: Int
        public let maxPerAddress: Int
    }

    /// Why the options cannot be served: `status` 2 for bad input, 1 for another problem.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
        public let status: Int32
    }

    /// The options as given, for the server program.
    var arguments: [String] {
        ["--listen", listen] + (data.map { ["--data", $0] } ?? []) + (allow.map { ["--allow", $0] } ?? [])
            + ["--max-players", "\(maxPlayers)", "--max-per-address", "\(maxPerAddress)"]
    }

    public func settings(environment: [String: String]) throws(Invalid) -> Settings {
        let (host, port) = try Self.address(listen)
        guard (1...1000).contains(maxPlayers) else { throw Invalid(description: "--max-players must be 1 to 1000", status: 2) }
        guard (1...1000).contains(maxPerAddress) else {
            throw Invalid(description: "--max-per-address must be 1 to 1000", status: 2)
        }
        let folder: String
        if let data {
            folder = data.hasPrefix("/") ? data : Self.currentFolder() + "/" + data
        } else {
            do { folder = try GameStore(environment: environment).folder + "/club" } catch {
                throw Invalid(description: "\(error)", status: 1)
            }
        }
        return Settings(host: host, port: port, folder: folder, allow: allow, maxPlayers: maxPlayers,
                        maxPerAddress: min(maxPerAddress, maxPlayers))
    }

    static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `host:port`, `[v6]:port`, or a port alone (on 127.0.0.1).
    static func address(_ text: String) throws(Invalid) -> (String, Int) {
        var host = "127.0.0.1", portText = text
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else {
            throw Invalid(description: "--listen takes HOST:PORT, as 127.0.0.1:2229, not \(text)", status: 2)
        }
        return (host, port)
    }
}

/// A player's keeper for the server: the game store in the player's own folder, as `twentynine`
/// keeps a player's games in the XDG data folder.
public enum ClubKeeping {
    @Sendable public static func keeper(in folder: String) -> Keeper {
        keeper(in: folder, table: nil)
    }

    /// The same, with a new match set up as `table` says (its seed deals the same cards), as
    /// `twentynine table --seed` does: for the hidden-card test and the load tool.
    public static func keeper(in folder: String, table: TableGame.Setup?) -> Keeper {
        StoreKeeper(environment: ["XDG_DATA_HOME": folder]).keeper(table: table, fresh: false)
    }

    /// A finished game between people put into the history of the player of `folder`, once by
    /// its id (`GameStore.recordShared`).
    @Sendable public static func recordShared(in folder: String, table: TableGame, id: String, names: [String],
                                              started: Date) throws {
        try GameStore(environment: ["XDG_DATA_HOME": folder]).recordShared(table, id: id, names: names, started: started)
    }
}

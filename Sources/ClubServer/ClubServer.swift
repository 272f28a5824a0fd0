import CribbageCore
import CribbageUI
import Dispatch
import NIOCore
import NIOPosix
import NIOSSH
import Synchronization

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

/// `twentynine serve`: TwentyNine over SSH. Each connection logs in with a public key under a
/// name (`PlayerBook`), asks for a pty and a shell, and gets the app on a `ChannelBackend`, its
/// files in `players/<name>/` of the data folder through the keeper the program makes for that
/// folder. Nothing else is served.
///
///     let server = try ClubServer(configuration: configuration, keeper: { folder in … }, log: { line in … })
///     let port = try server.start()
///     server.waitUntilStopped()
public final class ClubServer: Sendable {
    public let configuration: ClubConfiguration
    public let hostKey: HostKey
    let book: PlayerBook
    private let makeKeeper: @Sendable (_ folder: String) -> Keeper
    /// The lobby and the tables between people.
    let hall: TableHall
    private let logQueue: LogQueue
    private let gate: ConnectionGate
    private let claims: ClaimLimiter
    private let group: MultiThreadedEventLoopGroup
    private let sessionThreads: NIOThreadPool
    private let state = Mutex(State())
    /// How long keys take to be answered, over every session since the start.
    public let keyLatency = KeyLatency()
    private let stopped = Mutex(false)
    /// Rings once everything has stopped.
    private let done = DispatchSemaphore(value: 0)

    private struct State {
        var serverChannel: Channel?
        var connections: [ObjectIdentifier: Channel] = [:]
        var sessions: [ObjectIdentifier: ChannelBackend] = [:]
        /// Each player's session, and what it signals once it has ended.
        var players: [String: (backend: ChannelBackend, ended: DispatchSemaphore)] = [:]
    }

    /// Reads (or makes) the host key and the players' keys in the data folder, and the tables
    /// between people (`tables/`). `keeper` makes a player's keeper over their own folder (called
    /// on the session's thread); `history` puts a finished game between people into a player's
    /// history, once by its id (the player's folder, the table, its id, the players' names, when
    /// it began); `log` takes one line per connection, and the server's own lines.
    public init(configuration: ClubConfiguration, keeper: @escaping @Sendable (_ folder: String) -> Keeper,
                history: @escaping @Sendable (_ folder: String, _ table: TableGame, _ id: String, _ names: [String],
                                              _ started: Date) throws -> Void = { _, _, _, _, _ in },
                log: @escaping @Sendable (String) -> Void) throws {
        self.configuration = configuration
        try ClubFiles.makeFolder(configuration.dataFolder + "/players")
        hostKey = try HostKey.loadOrCreate(in: configuration.dataFolder)
        book = try PlayerBook(folder: configuration.dataFolder, allowFile: configuration.allowFile,
                              limit: configuration.maxPlayersKept)
        makeKeeper = keeper
        logQueue = LogQueue(write: log)
        let seed = configuration.tableSeed
        hall = try TableHall(folder: configuration.dataFolder + "/tables", playersFolder: configuration.dataFolder + "/players",
                             ratingsFile: configuration.dataFolder + "/ratings.json",
                             seeds: { seed ?? UInt64.random(in: .min ... .max) }, history: history, log: { [logQueue] in logQueue.say($0) },
                             adjournAfter: configuration.adjournAfter)
        gate = ConnectionGate(maxTotal: configuration.maxConnections, maxPerAddress: configuration.maxPerAddress)
        claims = ClaimLimiter(perHour: configuration.claimsPerAddressPerHour)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        sessionThreads = NIOThreadPool(numberOfThreads: max(1, configuration.maxConnections))
    }

    func log(_ line: String) { logQueue.say(line) }

    /// Listens; returns the port bound (the one asked for, or the one picked for port 0).
    public func start() throws -> Int {
        sessionThreads.start()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture { try self.accept(channel) }
            }
        let channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
        state.withLock { $0.serverChannel = channel }
        return channel.localAddress?.port ?? configuration.port
    }

    private func accept(_ channel: Channel) throws {
        let address = channel.remoteAddress?.ipAddress ?? "?"
        let connection = Connection(address: "\(address):\(channel.remoteAddress?.port ?? 0)", channel: channel,
                                    authTimeout: configuration.authTimeout)
        if let refusal = gate.enter(address) {
            log("\(connection.address) refused: \(refusal.rawValue)")
            channel.close(promise: nil)
            return
        }
        let id = ObjectIdentifier(channel)
        state.withLock { $0.connections[id] = channel }
        channel.closeFuture.whenComplete { [self] _ in
            gate.leave(address)
            state.withLock { _ = $0.connections.removeValue(forKey: id) }
            log(connection.logLine)
        }
        connection.authTimer = channel.eventLoop.scheduleTask(in: configuration.authTimeout) {
            if connection.player == nil { connection.close("closed: no key accepted in time") }
        }
        // A connection that says nothing (half open, or stuck before the key exchange) goes sooner.
        channel.eventLoop.scheduleTask(in: configuration.helloTimeout) {
            if !connection.asked { connection.close("closed: no log-in begun in time") }
        }
        var server = SSHServerConfiguration(
            hostKeys: [hostKey.key],
            userAuthDelegate: KeyOnlyAuthentication(book: book, connection: connection, claims: claims, ip: address)
        )
        server.maxAuthAttempts = configuration.maxAuthAttempts
        let ssh = NIOSSHHandler(role: .server(server), allocator: channel.allocator) { [self] child, type in
            child.eventLoop.makeCompletedFuture {
                connection.channelsOpened += 1
                guard connection.channelsOpened <= configuration.maxChannelsPerConnection else {
                    connection.close("closed: more than \(configuration.maxChannelsPerConnection) channels")
                    throw ChannelError.inappropriateOperationForState
                }
                // Sessions only: no port forwarding either way.
                guard case .session = type else { throw ChannelError.inappropriateOperationForState }
                try child.pipeline.syncOperations.addHandler(SessionHandler(connection: connection, club: self))
            }
        }
        let budget = ProtocolBudget(connection: connection, burst: configuration.protocolBurst,
                                    perSecond: configuration.protocolPerSecond)
        try channel.pipeline.syncOperations.addHandlers([budget, ssh, ConnectionErrorHandler(connection: connection)])
    }

    /// Runs a player's session on a thread of its own; `ended` gets why it ended (nil: quit).
    func run(_ backend: ChannelBackend, player: String, addingKey: String? = nil,
             ended: @escaping @Sendable (String?) -> Void) {
        let id = ObjectIdentifier(backend)
        let finished = DispatchSemaphore(value: 0)
        // One session a player: a new one ends the one before (its last move saved) first.
        let before = state.withLock { state in
            state.sessions[id] = backend
            defer { state.players[player] = (backend, finished) }
            return state.players[player]
        }
        let folder = configuration.dataFolder + "/players/" + player
        sessionThreads.submit { [self] work in
            defer {
                state.withLock { state in
                    state.sessions.removeValue(forKey: id)
                    if state.players[player]?.backend === backend { state.players[player] = nil }
                }
                finished.signal()
            }
            if let before {
                before.backend.stop("you logged in from another session")
                _ = before.ended.wait(timeout: .now() + .seconds(5))
            }
            guard case .active = work else {
                ended("the server is stopping")
                return
            }
            do {
                try ClubFiles.makeFolder(folder)
            } catch {
                backend.finish(saying: "The server cannot keep your games: \(error)")
                ended("closed: no player folder")
                return
            }
            // A key to add is said on the screen the client had, seen again when the app ends.
            if let addingKey { backend.say(addKey(addingKey, to: player)) }
            if backend.start() {
                // The session opens on the club's lobby; its tables between people are the hall's.
                var keeper = makeKeeper(folder)
                let link = ClubSession(name: player, hall: hall)
                keeper.answer(ClubLoad.self) { _ in .club(link) }
                hall.arrive(player)
                MainLoop.run(on: backend, keeper: keeper, opening: .lobby)
                hall.leave(player)
            }
            let reason = backend.endReason
            backend.finish(saying: reason == nil ? "Thanks for the game." : "TwentyNine: \(reason!); your games are saved.")
            ended(reason)
        }
    }

    /// Adds a public key line to `player`'s keys; what to tell them.
    func addKey(_ line: String, to player: String) -> String {
        guard let key = try? NIOSSHPublicKey(openSSHPublicKey: line.split(separator: " ").prefix(2).joined(separator: " ")) else {
            return "TwentyNine: TWENTYNINE_ADD_KEY is not a public key (ssh-ed25519 AAAA...); nothing was added."
        }
        let fingerprint = HostKey.fingerprint(of: key)
        let said: String
        switch book.add(key, to: player) {
        case .added: said = "TwentyNine: the key \(fingerprint) logs in as \(player) too."
        case .already: said = "TwentyNine: the key \(fingerprint) is \(player)'s already."
        case .keyHasName: said = "TwentyNine: the key \(fingerprint) has a name of its own; nothing was added."
        case .full: said = "TwentyNine: \(player) has \(PlayerBook.keysPerPlayer) keys, the most; nothing was added."
        }
        log("\(player) added a key: \(said.dropFirst("TwentyNine: ".count))")
        return said
    }

    /// Stops: no new connection; every session told and ended (its games are saved as it goes);
    /// the connections closed, waiting at most `grace` for the sessions to end.
    public func stop(grace: TimeAmount = .seconds(5)) {
        guard stopped.withLock({ was in defer { was = true }; return !was }) else { return }
        gate.stop()
        let (server, sessions) = state.withLock { ($0.serverChannel, Array($0.sessions.values)) }
        try? server?.close().wait()
        for session in sessions { session.stop("the server is stopping") }
        let deadline = NIODeadline.now() + grace
        while NIODeadline.now() < deadline, state.withLock({ !$0.connections.isEmpty }) {
            usleep(20_000)
        }
        let left = state.withLock { Array($0.connections.values) }
        for connection in left { connection.close(promise: nil) }
        try? sessionThreads.syncShutdownGracefully()
        try? group.syncShutdownGracefully()
        let latency = keyLatency.summary
        log(latency.keys == 0 ? "no key answered" : "\(latency) (from the key read to its frame written)")
        logQueue.flush()
        done.signal()
    }

    /// Returns once `stop` has finished.
    public func waitUntilStopped() {
        done.wait()
        done.signal()
    }

    /// Players' sessions running now.
    public var sessionsRunning: Int { state.withLock { $0.sessions.count } }

    /// Connections open now.
    public var connectionsOpen: Int { gate.open }
}

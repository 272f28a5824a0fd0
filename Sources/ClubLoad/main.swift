import Crypto
import Foundation
import GameStore
import NIOCore
import NIOPosix
import NIOSSH
import Synchronization

// `club-load`: `twentynine serve` under load (`make bench-serve`). The real server program
// (twentynine-serve) on 127.0.0.1, a port of its own, a data folder of its own with the players'
// names and keys written before it starts; SwiftNIO SSH clients in this process, each a scripted
// player who logs in, opens the table and plays the computer a whole game by what the screen
// shows (a key after a think of a few hundred milliseconds), then quits. For each number of
// players: the server's start-up, ssh to the first frame (alone, then in the crowd), the key to
// its frame as the server measures it (the line it says when it stops) and as the client sees it,
// the bytes a key, the server's memory idle and at its peak, its CPU; and every game finished and
// recorded in the player's own database. Loopback only; every wait bounded; it stops by itself.

struct Options {
    var server = ".build/release/twentynine-serve"
    var players = [20, 100, 200]
    var thinkMilliseconds = 400
    var timeLimit = 300
    var seed: UInt64 = 29

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var index = 1
        func value() -> String {
            index += 1
            guard index < arguments.count else { fail("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--server": options.server = value()
            case "--players": options.players = value().split(separator: ",").compactMap { Int($0) }.filter { (1...900).contains($0) }
            case "--think-ms": options.thinkMilliseconds = max(10, min(10_000, Int(value()) ?? 400))
            case "--time-limit": options.timeLimit = max(10, min(3600, Int(value()) ?? 300))
            case "--seed": options.seed = UInt64(value()) ?? 29
            default:
                fail("""
                    usage: club-load [--server PATH] [--players 20,100,200] [--think-ms 400] [--time-limit SECONDS] [--seed N]
                    """)
            }
            index += 1
        }
        return options
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("club-load: \(message)\n".utf8))
    exit(1)
}

func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Milliseconds since `start`.
func milliseconds(since start: NIODeadline, _ now: NIODeadline = .now()) -> Double {
    Double((now - start).nanoseconds) / 1e6
}

func percentile(_ values: [Double], _ share: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * share).rounded(.up)) - 1))]
}

func format(_ value: Double, places: Int = 1) -> String {
    value.isNaN ? "-" : String(format: "%.\(places)f", value)
}

// MARK: - The server program

/// twentynine-serve on a data folder, its standard error read as it comes.
final class ServedProcess: @unchecked Sendable {
    let process = Process()
    let folder: String
    private let lines = Lines()
    let port: Int
    /// From the start of the process to its "listening on" line.
    let startUp: Double

    init(program: String, folder: String, maxPlayers: Int) throws {
        self.folder = folder
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--listen", "127.0.0.1:0", "--data", folder, "--max-players", "\(maxPlayers)",
                             "--max-per-address", "\(maxPlayers)"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let lines = self.lines
        let pending = Lines()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            pending.text.withLock { pending in
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    lines.lines.withLock { $0.append(line) }
                }
            }
        }
        let started = NIODeadline.now()
        try process.run()
        var port: Int?
        for _ in 0..<1000 where port == nil {
            port = lines.lines.withLock { $0.lazy.compactMap { line -> Int? in
                guard let range = line.range(of: "listening on 127.0.0.1:") else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }.first }
            if port == nil { usleep(1000) }
        }
        startUp = milliseconds(since: started)
        guard let port else {
            process.terminate()
            throw LoadFailure("the server did not start: \(lines.lines.withLock { $0 })")
        }
        self.port = port
    }

    var log: [String] { lines.lines.withLock { $0 } }

    /// The resident memory in MB (VmRSS) and the CPU seconds so far (user and system).
    var usage: (rss: Double, cpu: Double) {
        let pid = process.processIdentifier
        var rss = 0.0, cpu = 0.0
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) {
            rss = (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
        }
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
            if fields.count > 13 {
                cpu = ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
            }
        }
        return (rss, cpu)
    }

    /// SIGTERM, and the exit waited for (30 s at most); the server's last lines.
    func stop() -> [String] {
        process.terminate()
        for _ in 0..<3000 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        usleep(100_000)
        return log
    }
}

/// The server's lines as they come, and a line not yet ended.
final class Lines: Sendable {
    let lines = Mutex<[String]>([])
    let text = Mutex("")
}

struct LoadFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - A scripted player

/// What a player measured, handed over when it ends.
struct PlayerFigures: Sendable {
    var firstFrame: Double?
    var latencies: [Double] = []
    var keys = 0
    var payloadBytes = 0
    var wireBytes = 0
    var finished = false
    var ending = "not started"
}

/// One player: logs in, opens the table, plays a game by what the screen shows, quits. Every
/// field is touched on its connection's event loop only.
final class LoadPlayer: @unchecked Sendable {
    enum Phase { case connecting, counter, table, quitting, ended }

    let name: String
    let key: NIOSSHPrivateKey
    let think: ClosedRange<Int>
    /// False: the player logs in, sees the first frame and presses nothing.
    let plays: Bool
    private var random: UInt64
    private(set) var figures = PlayerFigures()
    private var phase = Phase.connecting
    private var screen = Screen(width: 80, height: 24)
    private var connectStarted = NIODeadline.now()
    private var keySent: NIODeadline?
    private var lastFrame = NIODeadline.now()
    private var actedOn = ""
    private var scheduled: Scheduled<Void>?
    private var stalls = 0
    private var throwing: [String] = []
    private var channel: Channel?
    private var session: Channel?
    let ended: EventLoopPromise<PlayerFigures>

    init(name: String, key: NIOSSHPrivateKey, think: ClosedRange<Int>, seed: UInt64, loop: EventLoop, plays: Bool = true) {
        self.name = name
        self.key = key
        self.think = think
        self.plays = plays
        random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        ended = loop.makePromise()
    }

    private func nextRandom() -> Int {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return Int(truncatingIfNeeded: random >> 1)
    }

    /// Connects; `ended` is fulfilled when the player has finished (or failed).
    func start(port: Int, group: EventLoopGroup, deadline: NIODeadline) {
        let loop = ended.futureResult.eventLoop
        connectStarted = .now()
        let player = self
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let ssh = NIOSSHHandler(
                        role: .client(.init(userAuthDelegate: KeyOffer(name: player.name, key: player.key),
                                            serverAuthDelegate: AnyHostKey())),
                        allocator: channel.allocator, inboundChildChannelInitializer: nil)
                    try channel.pipeline.syncOperations.addHandlers([WireCounter(player: player), ssh, LogInWatcher(player: player)])
                }
            }
            .connectTimeout(.seconds(10))
            .connect(host: "127.0.0.1", port: port)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    player.channel = channel
                    channel.closeFuture.whenComplete { _ in player.end(player.figures.finished ? "quit" : "connection closed") }
                case .failure(let error):
                    player.end("connect failed: \(error)")
                }
            }
        loop.scheduleTask(deadline: deadline) { player.end("time limit") }
        watch(loop)
    }

    /// A key that brought no frame, or a screen the player cannot read, is tried again after a while.
    private func watch(_ loop: EventLoop) {
        loop.scheduleTask(in: .seconds(2)) { [self] in
            guard phase != .ended else { return }
            if phase == .table || phase == .counter, scheduled == nil, milliseconds(since: lastFrame) > 2000 {
                stalls += 1
                if stalls > 30 {
                    end("stalled: \(screen.lines.filter { !$0.allSatisfy { $0 == " " } }.suffix(12).joined(separator: " / "))")
                    return
                }
                keySent = nil
                actedOn = ""
                decide()
            }
            watch(loop)
        }
    }

    func loggedIn() {
        guard let channel, let ssh = try? channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self) else { return }
        let player = self
        let promise = channel.eventLoop.makePromise(of: Channel.self)
        ssh.createChannel(promise, channelType: .session) { child, _ in
            child.eventLoop.makeCompletedFuture {
                try child.pipeline.syncOperations.addHandler(SessionReader(player: player))
            }
        }
        promise.futureResult.whenComplete { result in
            guard case .success(let session) = result else {
                player.end("no session")
                return
            }
            player.session = session
            player.phase = .counter
            let pty = SSHChannelRequestEvent.PseudoTerminalRequest(
                wantReply: false, term: "xterm", terminalCharacterWidth: 80, terminalRowHeight: 24,
                terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
            session.triggerUserOutboundEvent(pty, promise: nil)
            session.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false), promise: nil)
        }
    }

    func wire(_ count: Int) { figures.wireBytes += count }

    func received(_ bytes: ByteBufferView) {
        let now = NIODeadline.now()
        figures.payloadBytes += bytes.count
        if figures.firstFrame == nil { figures.firstFrame = milliseconds(since: connectStarted, now) }
        if let sent = keySent {
            figures.latencies.append(milliseconds(since: sent, now))
            keySent = nil
        }
        lastFrame = now
        screen.feed(bytes)
        decide()
    }

    /// The next key, from the screen: after a think, and never twice on the same screen.
    private func decide() {
        guard plays, scheduled == nil, keySent == nil, let session else { return }
        let lines = screen.lines
        let text = lines.joined(separator: "\n")
        var key: String?
        switch phase {
        case .counter:
            if text.contains("q quit") {
                key = "v"
            }
        case .table:
            key = tableKey(lines, text)
        default:
            return
        }
        guard let key else { return }
        let signature = (lines.prefix(10).joined()) + key
        guard signature != actedOn else { return }
        actedOn = signature
        let delay = think.lowerBound + nextRandom() % (think.upperBound - think.lowerBound + 1)
        scheduled = session.eventLoop.scheduleTask(in: .milliseconds(Int64(delay))) { [self] in
            scheduled = nil
            guard phase != .ended else { return }
            if phase == .counter { phase = .table }
            if key == "Q" { phase = .quitting }
            figures.keys += 1
            keySent = .now()
            stalls = 0
            session.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: key))), promise: nil)
        }
    }

    private func tableKey(_ lines: [String], _ text: String) -> String? {
        if text.contains("starts the next game") {
            figures.finished = true
            return "Q"
        }
        if text.contains("deals the first hand") || text.contains("deals the next hand") { return "\r" }
        let hand = Self.hand(lines)
        if text.contains("throws them to") { return "\r" }
        if text.contains("Throw two") {
            if text.contains("(0 of 2 picked)") {
                guard let first = hand.first, let second = hand.first(where: { $0.rank != first.rank }) else { return nil }
                throwing = [first.key, second.key]
                return throwing[0]
            }
            if text.contains("(1 of 2 picked)"), throwing.count == 2 { return throwing[1] }
            return nil
        }
        if text.contains("Your lead") || text.contains("Your card on") {
            var count = 0
            if let range = text.range(of: "Your card on ") { count = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0 }
            return hand.first { $0.value + count <= 31 }?.key
        }
        return nil
    }

    /// The player's cards, from the row that starts "You" above the prompt.
    static func hand(_ lines: [String]) -> [(rank: String, value: Int, key: String)] {
        guard let row = lines.prefix(10).first(where: { $0.drop { $0 == " " }.hasPrefix("You ") }) else { return [] }
        return row.split(separator: " ").dropFirst().compactMap { word in
            guard let suit = word.last, "♠♥♦♣".contains(suit) else { return nil }
            let rank = String(word.dropLast())
            switch rank {
            case "A": return (rank, 1, "a")
            case "10": return (rank, 10, "t")
            case "J", "Q", "K": return (rank, 10, rank.lowercased())
            default:
                guard let pips = Int(rank), (2...9).contains(pips) else { return nil }
                return (rank, pips, rank)
            }
        }
    }

    func end(_ why: String) {
        guard phase != .ended else { return }
        phase = .ended
        scheduled?.cancel()
        scheduled = nil
        figures.ending = figures.finished ? "finished" : why
        channel?.close(promise: nil)
        ended.succeed(figures)
    }
}

final class KeyOffer: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
    let name: String
    let key: NIOSSHPrivateKey
    private var offered = false
    init(name: String, key: NIOSSHPrivateKey) {
        self.name = name
        self.key = key
    }

    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        guard !offered else {
            nextChallengePromise.succeed(nil)
            return
        }
        offered = true
        nextChallengePromise.succeed(.init(username: name, serviceName: "", offer: .privateKey(.init(privateKey: key))))
    }
}

/// The server is ours, on loopback: its key is taken as it is.
final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate, Sendable {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}

/// The bytes on the wire, before SSH takes them apart.
final class WireCounter: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    let player: LoadPlayer
    init(player: LoadPlayer) { self.player = player }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        player.wire(unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }
}

final class LogInWatcher: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Any
    let player: LoadPlayer
    init(player: LoadPlayer) { self.player = player }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is UserAuthSuccessEvent { player.loggedIn() }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        player.end("error: \(error)")
    }
}

final class SessionReader: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    let player: LoadPlayer
    init(player: LoadPlayer) { self.player = player }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let data = unwrapInboundIn(data)
        guard case .byteBuffer(let buffer) = data.data else { return }
        player.received(buffer.readableBytesView)
    }

    func channelInactive(context: ChannelHandlerContext) {
        player.end("the session closed")
        context.fireChannelInactive()
    }
}

// MARK: - A run

struct LevelFigures {
    let players: Int
    let startUp: Double
    let aloneFirstFrame: [Double]
    let crowdFirstFrame: [Double]
    let serverSummary: String
    let serverP50: Double
    let serverP99: Double
    let serverLongest: Double
    let serverFrameBytesPerKey: Double
    let clientLatencies: [Double]
    let keys: Int
    let payloadPerKey: Double
    let wirePerKey: Double
    let idleRSS: Double
    let peakRSS: Double
    let cpuSeconds: Double
    let seconds: Double
    let finished: Int
    let recorded: Int
    let endings: [String: Int]
}

/// The server's largest resident memory while the players play.
final class Peak: Sendable {
    let rss: Mutex<Double>
    let sampling = Mutex(true)
    init(_ rss: Double) { self.rss = Mutex(rss) }
}

/// The players' names and keys in the club's book, before the server reads it.
func writeBook(_ players: [(String, NIOSSHPrivateKey)], folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
    let book = players.map { "\($0.0) \(String(openSSHPublicKey: $0.1.publicKey))\n" }.joined()
    let path = folder + "/players.keys"
    FileManager.default.createFile(atPath: path, contents: Data(book.utf8), attributes: [.posixPermissions: 0o600])
}

/// Plays `players` at once (and ten alone first, for ssh to the first frame on a quiet server).
func run(players count: Int, options: Options, group: MultiThreadedEventLoopGroup) throws -> LevelFigures {
    let root = NSTemporaryDirectory() + "club-load-\(getpid())-\(count)"
    try? FileManager.default.removeItem(atPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let alone = (0..<10).map { ("alone\($0)", NIOSSHPrivateKey(ed25519Key: .init())) }
    let crowd = (0..<count).map { ("load\($0)", NIOSSHPrivateKey(ed25519Key: .init())) }
    try writeBook(alone + crowd, folder: root + "/club")
    let served = try ServedProcess(program: options.server, folder: root + "/club", maxPlayers: count + 10)
    var stopped = false
    defer { if !stopped { _ = served.stop() } }
    usleep(300_000)

    // Ten players alone, one after another: ssh to the first frame, then quit at the counter.
    var aloneFirstFrame: [Double] = []
    for (index, (name, key)) in alone.enumerated() {
        let player = LoadPlayer(name: name, key: key, think: 1...1, seed: UInt64(index), loop: group.next(), plays: false)
        player.start(port: served.port, group: group, deadline: .now() + .seconds(20))
        let first = player.ended.futureResult.eventLoop.scheduleTask(in: .seconds(20)) { player.end("alone: time limit") }
        // The first frame is all it waits for.
        for _ in 0..<2000 {
            let seen = try player.ended.futureResult.eventLoop.submit { player.figures.firstFrame }.wait()
            if seen != nil { break }
            usleep(1000)
        }
        first.cancel()
        let figures = try player.ended.futureResult.eventLoop.submit { () -> PlayerFigures in
            player.end("alone: done")
            return player.figures
        }.wait()
        if let frame = figures.firstFrame { aloneFirstFrame.append(frame) }
    }
    usleep(500_000)
    let idle = served.usage

    // The crowd: connecting 10 ms apart, each playing one game to its end.
    let started = NIODeadline.now()
    let deadline = started + .seconds(Int64(options.timeLimit))
    let think = (options.thinkMilliseconds / 2)...(options.thinkMilliseconds * 3 / 2)
    var players: [LoadPlayer] = []
    for (index, (name, key)) in crowd.enumerated() {
        let player = LoadPlayer(name: name, key: key, think: think, seed: options.seed &+ UInt64(index), loop: group.next())
        players.append(player)
        player.start(port: served.port, group: group, deadline: deadline)
        usleep(10_000)
    }
    let peak = Peak(idle.rss)
    let sampler = Thread {
        while peak.sampling.withLock({ $0 }) {
            let rss = served.usage.rss
            peak.rss.withLock { $0 = max($0, rss) }
            usleep(100_000)
        }
    }
    sampler.start()
    var results: [PlayerFigures] = []
    for player in players {
        results.append(try player.ended.futureResult.wait())
    }
    let seconds = milliseconds(since: started) / 1000
    peak.sampling.withLock { $0 = false }
    usleep(200_000)
    let busy = served.usage
    let log = served.stop()
    stopped = true

    // The server's own measure, from the line it says when it stops.
    let summary = log.last { $0.contains("keys answered") } ?? "no summary line"
    func figure(after label: String) -> Double {
        guard let range = summary.range(of: label) else { return .nan }
        return Double(summary[range.upperBound...].prefix { $0.isNumber || $0 == "." }) ?? .nan
    }
    let recorded = crowd.filter { name, _ in
        let store = GameStore(folder: root + "/club/players/\(name)/twentynine")
        let games = (try? store.withSession { $0.history().games.filter { !$0.isAbandoned }.count }) ?? 0
        return games >= 1
    }.count
    let keys = results.reduce(0) { $0 + $1.keys }
    var endings: [String: Int] = [:]
    for result in results { endings[String(result.ending.prefix(120)), default: 0] += 1 }
    return LevelFigures(
        players: count, startUp: served.startUp, aloneFirstFrame: aloneFirstFrame,
        crowdFirstFrame: results.compactMap(\.firstFrame), serverSummary: summary,
        serverP50: figure(after: "p50 "), serverP99: figure(after: "p99 "), serverLongest: figure(after: "longest "),
        serverFrameBytesPerKey: figure(after: "answered, "),
        clientLatencies: results.flatMap(\.latencies), keys: keys,
        payloadPerKey: Double(results.reduce(0) { $0 + $1.payloadBytes }) / Double(max(1, keys)),
        wirePerKey: Double(results.reduce(0) { $0 + $1.wireBytes }) / Double(max(1, keys)),
        idleRSS: idle.rss, peakRSS: peak.rss.withLock { $0 }, cpuSeconds: busy.cpu - idle.cpu, seconds: seconds,
        finished: results.count { $0.finished }, recorded: recorded, endings: endings)
}

func main() {
    let options = Options.parse(CommandLine.arguments)
    guard FileManager.default.isExecutableFile(atPath: options.server) else { fail("no server program at \(options.server)") }
    signal(SIGPIPE, SIG_IGN)
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    defer { try? group.syncShutdownGracefully() }
    var levels: [LevelFigures] = []
    var failed = false
    for count in options.players {
        say("club-load: \(count) players, a key every \(options.thinkMilliseconds) ms or so, \(options.timeLimit) s at most")
        do {
            let level = try run(players: count, options: options, group: group)
            levels.append(level)
            say("  \(level.serverSummary)")
            say("  endings: \(level.endings.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: "; "))")
            if level.finished != count || level.recorded != count { failed = true }
        } catch {
            say("  failed: \(error)")
            failed = true
        }
    }
    print("""
        | players | games finished / recorded | keys | key to frame at the server p50 / p99 / longest (ms) | at the client p50 / p99 (ms) \
        | bytes a key: frame / on the wire | server RSS idle / peak (MB) | MB a player | server CPU s (s of run) \
        | serve start-up (ms) | ssh to first frame alone p50 / max; in the crowd p50 / p99 (ms) |
        |---|---|---|---|---|---|---|---|---|---|---|
        """)
    for level in levels {
        let perPlayer = (level.peakRSS - level.idleRSS) / Double(level.players)
        print("| \(level.players) | \(level.finished) / \(level.recorded) | \(level.keys) "
              + "| \(format(level.serverP50)) / \(format(level.serverP99)) / \(format(level.serverLongest)) "
              + "| \(format(percentile(level.clientLatencies, 0.5))) / \(format(percentile(level.clientLatencies, 0.99))) "
              + "| \(format(level.serverFrameBytesPerKey, places: 0)) / \(format(level.wirePerKey, places: 0)) "
              + "| \(format(level.idleRSS)) / \(format(level.peakRSS)) | \(format(perPlayer, places: 2)) "
              + "| \(format(level.cpuSeconds)) (\(format(level.seconds))) | \(format(level.startUp, places: 0)) "
              + "| \(format(percentile(level.aloneFirstFrame, 0.5))) / \(format(level.aloneFirstFrame.max() ?? .nan)); "
              + "\(format(percentile(level.crowdFirstFrame, 0.5))) / \(format(percentile(level.crowdFirstFrame, 0.99))) |")
    }
    exit(failed ? 1 : 0)
}

main()

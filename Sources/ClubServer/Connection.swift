import Dispatch
import NIOCore
import NIOSSH
import Synchronization

/// One connection's state, on its event loop only: who it is, what it has opened, and why it
/// ended, for its one log line.
final class Connection: @unchecked Sendable {
    let address: String
    let channel: Channel
    let started = NIODeadline.now()
    /// The player's folder name, once a key is accepted.
    var player: String?
    /// What the log line says of the name tried when no key was accepted.
    var nameTried: String?
    var outcome: String?
    var channelsOpened = 0
    var sessionRunning = false
    var bytesIn = 0
    var bytesOut = 0
    /// The event loop's processor time its bytes took, in nanoseconds (`ProtocolBudget`).
    var processorTime: Int64 = 0
    var authTimer: Scheduled<Void>?
    /// A log-in request has come (of any method).
    var asked = false
    let authTimeout: TimeAmount

    init(address: String, channel: Channel, authTimeout: TimeAmount) {
        self.address = address
        self.channel = channel
        self.authTimeout = authTimeout
    }

    /// Closes the connection, for `reason` unless it has one already.
    func close(_ reason: String) {
        if outcome == nil { outcome = reason }
        channel.close(promise: nil)
    }

    /// Closes the connection for an error in its pipeline: the client's own close (the TCP
    /// connection shut) is said as such.
    func close(_ error: Error) {
        if let ssh = error as? NIOSSHError, ssh.type == .tcpShutdown {
            close("closed by the client")
        } else {
            close("closed: \(String(describing: error).prefix(160))")
        }
    }

    /// The connection's one line.
    var logLine: String {
        let seconds = Double((NIODeadline.now() - started).nanoseconds / 1_000_000) / 1000
        let who = player ?? nameTried.map { "(\($0))" } ?? "-"
        return "\(address) \(who) \(outcome ?? "closed by the client") after \(seconds)s, \(bytesIn) bytes in, \(bytesOut) out, "
            + "\(processorTime / 1_000_000) ms of processor"
    }
}

/// Public keys only: a key that verified (NIOSSH checks the signature before asking) is let in
/// under the name asked for if the book says so. A password, `none` or any other method fails.
final class KeyOnlyAuthentication: NIOSSHServerUserAuthenticationDelegate, @unchecked Sendable {
    private let book: PlayerBook
    private let connection: Connection
    private let claims: ClaimLimiter
    private let ip: String

    init(book: PlayerBook, connection: Connection, claims: ClaimLimiter, ip: String) {
        self.book = book
        self.connection = connection
        self.claims = claims
        self.ip = ip
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let name = request.username
        connection.asked = true
        connection.nameTried = PlayerBook.isName(name) ? name : "a name that is not one, \(name.utf8.count) bytes"
        guard case .publicKey(let offer) = request.request else {
            responsePromise.succeed(.failure)
            return
        }
        // A claim writes the players' file: never on the event loop, which every connection shares.
        let book = self.book, connection = self.connection, claims = self.claims, ip = self.ip
        let loop = responsePromise.futureResult.eventLoop
        Self.bookQueue.async {
            let verdict = book.admit(name: name, key: offer.publicKey, mayClaim: claims.mayClaim(ip))
            if case .claimed = verdict { claims.claimed(ip) }
            loop.execute { Self.answer(verdict, connection: connection, promise: responsePromise) }
        }
    }

    /// The players' file is read and written here, one claim at a time.
    static let bookQueue = DispatchQueue(label: "twentynine.players")

    private static func answer(_ verdict: PlayerBook.Verdict, connection: Connection,
                               promise responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        switch verdict {
        case .owner(let folder), .claimed(let folder):
            connection.player = folder
            connection.authTimer?.cancel()
            // Logged in, a connection has as long again to start its session: one that holds
            // its place and asks for nothing is closed.
            let timeout = connection.authTimeout
            connection.authTimer = connection.channel.eventLoop.scheduleTask(in: timeout) {
                if !connection.sessionRunning { connection.close("closed: no session started in time") }
            }
            responsePromise.succeed(.success)
        case .badName:
            // A name that is not one never logs in: the connection ends here.
            responsePromise.succeed(.failure)
            connection.close("refused: a name that is not one")
        case .taken, .keyHasName, .notAllowed, .full, .claimsUsedUp:
            responsePromise.succeed(.failure)
        }
    }
}

/// Closes a connection whose protocol broke (a malformed packet, garbage): that connection only.
final class ConnectionErrorHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Any
    private let connection: Connection

    init(connection: Connection) { self.connection = connection }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        connection.close(error)
    }
}

/// New names claimed from one address: at most `perHour` an hour, so that nobody fills the club
/// with names (each claim is a key made in a moment).
final class ClaimLimiter: Sendable {
    private let perHour: Int
    private let claims = Mutex([String: [NIODeadline]]())

    init(perHour: Int) { self.perHour = perHour }

    func mayClaim(_ ip: String) -> Bool {
        let since = NIODeadline.now() - .hours(1)
        return claims.withLock { claims in
            claims[ip] = claims[ip]?.filter { $0 > since }
            if claims[ip]?.isEmpty == true { claims[ip] = nil }
            return (claims[ip]?.count ?? 0) < perHour
        }
    }

    func claimed(_ ip: String) {
        claims.withLock { $0[ip, default: []].append(NIODeadline.now()) }
    }
}

import Canvas
import NIOCore
import NIOSSH
import Synchronization

/// A session channel: the pty request gives TERM and size, environment requests the locale,
/// window changes resize, and the shell request starts the player's session (the app on a
/// `ChannelBackend`, on a thread of its own). exec and subsystem (sftp) requests are refused, as
/// is a shell without a pty or a second one on the connection; what NIOSSH does not know
/// (agent and X11 forwarding, among others) it refuses itself. Input is rate-limited, and the
/// session is closed after `idleTimeout` without a key.
final class SessionHandler: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = Never
    typealias OutboundOut = SSHChannelData

    private let connection: Connection
    private let club: ClubServer
    private var term: String?
    private var size = Size(width: 80, height: 24)
    private var environment: [String: String] = [:]
    private var backend: ChannelBackend?
    private var tokens: Double
    private var lastInput = NIODeadline.now()
    private var lastRefill = NIODeadline.now()
    private var idleTimer: Scheduled<Void>?

    init(connection: Connection, club: ClubServer) {
        self.connection = connection
        self.club = club
        self.tokens = Double(club.configuration.inputBurst)
    }

    /// A public key line a player logged in with one key sends to make it theirs too
    /// (`ssh -o SetEnv="TWENTYNINE_ADD_KEY=ssh-ed25519 AAAA…"`): a second machine's key.
    static let addKeyVariable = "TWENTYNINE_ADD_KEY"

    /// What a request costs of the input allowance: a flood of requests (window changes, each a
    /// whole frame drawn again) is a flood of input.
    static let requestCost = 256

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is SSHChannelRequestEvent.PseudoTerminalRequest || event is SSHChannelRequestEvent.WindowChangeRequest
            || event is SSHChannelRequestEvent.EnvironmentRequest || event is SSHChannelRequestEvent.ShellRequest
            || event is SSHChannelRequestEvent.ExecRequest || event is SSHChannelRequestEvent.SubsystemRequest {
            guard take(Self.requestCost) else { return }
        }
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            term = String(request.term.prefix(64))
            size = Self.size(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
            reply(context, request.wantReply, backend == nil)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            size = Self.size(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
            backend?.resize(size)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let wanted = (["LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR"].contains(request.name) && request.value.utf8.count <= 64)
                || (request.name == Self.addKeyVariable && request.value.utf8.count <= 2048)
            if wanted { environment[request.name] = request.value }
            reply(context, request.wantReply, wanted)
        case let request as SSHChannelRequestEvent.ShellRequest:
            startShell(context, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(context, request.wantReply, false)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(context, request.wantReply, false)
        case is ChannelEvent where (event as? ChannelEvent) == .inputClosed:
            backend?.stop("the client closed its input")
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private static func size(width: Int, height: Int) -> Size {
        guard width > 0, height > 0 else { return Size(width: 80, height: 24) }
        return Size(width: min(width, 10_000), height: min(height, 10_000))
    }

    private func reply(_ context: ChannelHandlerContext, _ wanted: Bool, _ success: Bool) {
        guard wanted else { return }
        let event: Any = success ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    /// UTF-8 unless the client's locale says otherwise (LC_ALL, then LC_CTYPE, then LANG).
    private var utf8: Bool {
        guard let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"], !locale.isEmpty else {
            return true
        }
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    private func startShell(_ context: ChannelHandlerContext, wantReply: Bool) {
        let channel = context.channel
        guard let term, backend == nil, !connection.sessionRunning, let player = connection.player else {
            reply(context, wantReply, false)
            if term == nil, backend == nil {
                let text = "TwentyNine needs a terminal: connect with plain `ssh -p PORT NAME@HOST` (or add -t).\r\n"
                context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(ByteBuffer(string: text)))),
                                      promise: nil)
                Self.exit(channel, status: 1, closingConnection: false)
            }
            return
        }
        let outstanding = Mutex(0)
        let limit = club.configuration.outputBufferLimit
        let connection = self.connection
        let loop = channel.eventLoop
        // Monochrome for a client that sends a non-empty NO_COLOR, as at home.
        let colors = (environment["NO_COLOR"] ?? "").isEmpty
        let latency = club.keyLatency
        let backend = ChannelBackend(term: term, size: size, utf8: utf8, colors: colors) { bytes, answering in
            let queued = outstanding.withLock { total in
                total += bytes.count
                return total
            }
            guard queued <= limit else {
                loop.execute { connection.close("dropped: the client stopped reading (\(queued) bytes unread)") }
                return false
            }
            loop.execute {
                connection.bytesOut += bytes.count
                let data = SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(bytes: bytes)))
                channel.writeAndFlush(data).whenComplete { _ in
                    outstanding.withLock { $0 -= bytes.count }
                    if let answering { latency.record(.now() - answering, bytes: bytes.count) }
                }
            }
            return true
        }
        guard let backend else {
            reply(context, wantReply, false)
            return
        }
        self.backend = backend
        connection.sessionRunning = true
        reply(context, wantReply, true)
        armIdleTimer(loop)
        club.run(backend, player: player, addingKey: environment[Self.addKeyVariable]) { reason in
            loop.execute {
                connection.sessionRunning = false
                if connection.outcome == nil { connection.outcome = reason ?? "quit" }
                Self.exit(channel, status: reason == nil ? 0 : 1)
            }
        }
    }

    /// Sends the exit status, closes the channel, and then the connection (one session each).
    private static func exit(_ channel: Channel, status: Int, closingConnection: Bool = true) {
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close().whenComplete { _ in
                if closingConnection { channel.parent?.close(promise: nil) }
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let data = unwrapInboundIn(data)
        guard case .channel = data.type, case .byteBuffer(let buffer) = data.data else { return }
        connection.bytesIn += buffer.readableBytes
        guard take(buffer.readableBytes) else { return }
        lastInput = NIODeadline.now()
        guard let backend else { return }
        if !backend.receive(buffer.readableBytesView) {
            connection.close("dropped: input faster than the session reads it")
        }
    }

    /// Takes `count` from the input allowance (a burst, refilled at so many bytes a second);
    /// false, with the connection closed, when it runs out.
    private func take(_ count: Int) -> Bool {
        let now = NIODeadline.now()
        let elapsed = Double((now - lastRefill).nanoseconds) / 1e9
        lastRefill = now
        tokens = min(Double(club.configuration.inputBurst), tokens + elapsed * Double(club.configuration.inputBytesPerSecond))
        tokens -= Double(count)
        guard tokens >= 0 else {
            connection.close("dropped: input beyond \(club.configuration.inputBytesPerSecond) bytes a second")
            return false
        }
        return true
    }

    private func armIdleTimer(_ loop: EventLoop) {
        let idle = club.configuration.idleTimeout
        let wait = lastInput + idle - NIODeadline.now()
        let bound = NIOLoopBound(self, eventLoop: loop)
        let connection = self.connection
        idleTimer = loop.scheduleTask(in: wait > .zero ? wait : .zero) {
            let handler = bound.value
            if NIODeadline.now() >= handler.lastInput + idle {
                handler.backend?.stop("closed: no key for \(idle.nanoseconds / 1_000_000_000) s")
                connection.outcome = connection.outcome ?? "closed: idle"
            } else {
                handler.armIdleTimer(loop)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        backend?.stop("the connection closed")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        connection.close(error)
    }
}

import Crypto
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// An SSH client for the tests, on loopback: it logs in with a key (or a password), opens a
/// session, and keeps what the server sends and every request's reply. Every wait is bounded.
final class TestClient: @unchecked Sendable {
    enum Offer: Sendable {
        case key(NIOSSHPrivateKey)
        /// One key after another, each refused in turn.
        case keys([NIOSSHPrivateKey])
        case password(String)
        case nothing
    }

    let group: MultiThreadedEventLoopGroup
    let channel: Channel
    private let authenticated: EventLoopPromise<Void>
    let state = NIOLockedValueBox(Received())
    /// What the client offered, in order to log in.
    private(set) var offers: OfferOnce!

    struct Received {
        var output: [UInt8] = []
        /// Where each message of the channel's data ended in `output` (a frame is one or more).
        var messageEnds: [Int] = []
        var replies: [Bool] = []
        var exitStatus: Int?
        var channelClosed = false
        var hostKey: NIOSSHPublicKey?
        var errors: [String] = []
    }

    /// Connects as `name` with `offer`; `autoRead: false` makes a client that never reads once
    /// logged in (`stopReading`).
    init(port: Int, name: String, offer: Offer, receiveBuffer: Int? = nil) throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let promise = group.next().makePromise(of: Void.self)
        authenticated = promise
        let state = self.state
        let offers = OfferOnce(name: name, offer: offer, refused: promise)
        do {
            channel = try ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let ssh = NIOSSHHandler(
                            role: .client(.init(userAuthDelegate: offers,
                                                serverAuthDelegate: RememberHostKey(state: state))),
                            allocator: channel.allocator, inboundChildChannelInitializer: nil)
                        try channel.pipeline.syncOperations.addHandlers([ssh, AuthWatcher(promise: promise, state: state)])
                    }
                }
                .channelOption(ChannelOptions.socketOption(.so_rcvbuf), value: receiveBuffer ?? 1 << 20)
                .connectTimeout(.seconds(5))
                .connect(host: "127.0.0.1", port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.offers = offers
        // A connection the server closes (or refused at once) ends the wait for the log-in.
        channel.closeFuture.whenComplete { _ in promise.fail(ChannelError.eof) }
    }

    /// True once the server accepted the offer; false when it refused or closed.
    func waitForLogIn() -> Bool {
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(10)) { self.authenticated.fail(ChannelError.eof) }
        defer { timeout.cancel() }
        do {
            try authenticated.futureResult.wait()
            return true
        } catch {
            return false
        }
    }

    /// Opens a channel of `type`; nil when the server refuses it.
    func openChannel(_ type: SSHChannelType = .session) -> Channel? {
        let state = self.state
        let promise = channel.eventLoop.makePromise(of: Channel.self)
        channel.eventLoop.execute {
            guard let ssh = try? self.channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self) else {
                promise.fail(ChannelError.ioOnClosedChannel)
                return
            }
            ssh.createChannel(promise, channelType: type) { child, _ in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(SessionRecorder(state: state))
                }
            }
        }
        return try? promise.futureResult.wait()
    }

    /// Sends a request on `session` and waits for its reply: true for success.
    func request(_ session: Channel, _ event: any Sendable) -> Bool? {
        let before = state.withLockedValue { $0.replies.count }
        let sent = session.eventLoop.makePromise(of: Void.self)
        session.triggerUserOutboundEvent(event, promise: sent)
        guard (try? sent.futureResult.wait()) != nil else { return nil }
        guard waitUntil({ $0.replies.count > before || $0.channelClosed }) else { return nil }
        return state.withLockedValue { $0.replies.count > before ? $0.replies[before] : nil }
    }

    func ptyAndShell(_ session: Channel, term: String = "xterm", width: Int = 80, height: Int = 24,
                     locale: String? = nil) -> Bool {
        if let locale {
            _ = request(session, SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: locale))
        }
        let pty = SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: true, term: term, terminalCharacterWidth: width, terminalRowHeight: height,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
        guard request(session, pty) == true else { return false }
        return request(session, SSHChannelRequestEvent.ShellRequest(wantReply: true)) == true
    }

    func send(_ session: Channel, _ text: String) {
        send(session, Array(text.utf8))
    }

    func send(_ session: Channel, _ bytes: [UInt8]) {
        let data = SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(bytes: bytes)))
        try? session.writeAndFlush(data).wait()
    }

    func resize(_ session: Channel, width: Int, height: Int) {
        let change = SSHChannelRequestEvent.WindowChangeRequest(terminalCharacterWidth: width, terminalRowHeight: height,
                                                                terminalPixelWidth: 0, terminalPixelHeight: 0)
        try? session.triggerUserOutboundEvent(change).wait()
    }

    /// Polls what was received until `condition` holds, at most `attempts` times 20 ms.
    @discardableResult
    func waitUntil(attempts: Int = 500, _ condition: (Received) -> Bool) -> Bool {
        for _ in 0..<attempts {
            if state.withLockedValue({ condition($0) }) { return true }
            usleep(20_000)
        }
        return state.withLockedValue { condition($0) }
    }

    /// The screen the output draws, `width`×`height`.
    func screen(width: Int = 80, height: Int = 24) -> VirtualScreen {
        var screen = VirtualScreen(width: width, height: height)
        screen.feed(state.withLockedValue { $0.output })
        return screen
    }

    /// Waits until the drawn screen contains `text`.
    func waitForScreen(containing text: String, width: Int = 80, height: Int = 24, attempts: Int = 500) -> Bool {
        for _ in 0..<attempts {
            if screen(width: width, height: height).text.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Whether the connection is closed (the server closed it), waiting for it a while.
    func waitForClose(attempts: Int = 500) -> Bool {
        for _ in 0..<attempts {
            if !channel.isActive { return true }
            usleep(20_000)
        }
        return !channel.isActive
    }

    func close() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

/// Offers one thing, once; after that, nothing (which ends the log-in).
final class OfferOnce: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
    let name: String
    var offer: TestClient.Offer?
    var offered = 0
    let refused: EventLoopPromise<Void>

    init(name: String, offer: TestClient.Offer, refused: EventLoopPromise<Void>) {
        self.name = name
        self.offer = offer
        self.refused = refused
    }

    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        if case .keys(var keys) = offer, !keys.isEmpty {
            let key = keys.removeFirst()
            offered += 1
            offer = keys.isEmpty ? nil : .keys(keys)
            nextChallengePromise.succeed(.init(username: name, serviceName: "", offer: .privateKey(.init(privateKey: key))))
            return
        }
        defer { offer = nil }
        switch offer {
        case .key(let key):
            nextChallengePromise.succeed(.init(username: name, serviceName: "", offer: .privateKey(.init(privateKey: key))))
        case .password(let password):
            nextChallengePromise.succeed(.init(username: name, serviceName: "", offer: .password(.init(password: password))))
        case .nothing:
            nextChallengePromise.succeed(.init(username: name, serviceName: "", offer: .none))
        case .keys, nil:
            refused.fail(ChannelError.eof)
            nextChallengePromise.succeed(nil)
        }
    }
}

final class RememberHostKey: NIOSSHClientServerAuthenticationDelegate, @unchecked Sendable {
    let state: NIOLockedValueBox<TestClient.Received>
    init(state: NIOLockedValueBox<TestClient.Received>) { self.state = state }

    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        state.withLockedValue { $0.hostKey = hostKey }
        validationCompletePromise.succeed(())
    }
}

final class AuthWatcher: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Any
    let promise: EventLoopPromise<Void>
    let state: NIOLockedValueBox<TestClient.Received>
    init(promise: EventLoopPromise<Void>, state: NIOLockedValueBox<TestClient.Received>) {
        self.promise = promise
        self.state = state
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is UserAuthSuccessEvent { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        state.withLockedValue { $0.errors.append("\(error)") }
        promise.fail(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }
}

final class SessionRecorder: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    let state: NIOLockedValueBox<TestClient.Received>
    init(state: NIOLockedValueBox<TestClient.Received>) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let data = unwrapInboundIn(data)
        guard case .byteBuffer(let buffer) = data.data else { return }
        state.withLockedValue {
            $0.output += buffer.readableBytesView
            $0.messageEnds.append($0.output.count)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is ChannelSuccessEvent: state.withLockedValue { $0.replies.append(true) }
        case is ChannelFailureEvent: state.withLockedValue { $0.replies.append(false) }
        case let status as SSHChannelRequestEvent.ExitStatus: state.withLockedValue { $0.exitStatus = status.exitStatus }
        default: context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.withLockedValue { $0.channelClosed = true }
        context.fireChannelInactive()
    }
}

@testable import ClubServer
import CribbageCore
import CribbageUI
import Crypto
import Foundation
import GameStore
import NIOCore
import NIOSSH
import TestSupport
import Testing

/// `twentynine serve` in process, with SwiftNIO SSH clients on loopback: logging in with a key,
/// the app over a pty and a shell, and what a hostile client gets. Every wait is bounded in
/// attempts; nothing is timed.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ServerTests {
    @Test func aPlayerLogsInWithANewKeyPlaysAndQuits() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (client, session) = try #require(try server.player("alice"))
        defer { client.close() }
        #expect(client.waitForScreen(containing: "TwentyNine"))
        #expect(client.waitForScreen(containing: "q quit"))
        // A key: help opens, the same frame drawn as a difference.
        client.send(session, "?")
        #expect(client.waitForScreen(containing: "show / hide this help"))
        client.send(session, "?")
        #expect(client.waitForScreen(containing: "q quit"))
        #expect(client.screen().strayControls == 0)
        client.send(session, "q")
        #expect(client.waitUntil { $0.channelClosed })
        #expect(client.state.withLockedValue { $0.exitStatus } == 0)
        #expect(client.waitForClose())
        // The name is alice's now, in the book, and her folder exists.
        let book = try String(contentsOfFile: server.folder.file("club/players.keys"), encoding: .utf8)
        #expect(book.hasPrefix("alice ssh-ed25519 "))
        #expect(FileManager.default.fileExists(atPath: server.folder.file("club/players/alice")))
    }

    @Test func theHostKeyIsMadeOnceKept0600AndItsFingerprintIsTheOneServed() throws {
        let server = try TestServer()
        defer { server.stop() }
        let path = server.folder.file("club/host_ed25519_key")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let client = try server.client("alice", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        defer { client.close() }
        #expect(client.waitForLogIn())
        let served = try #require(client.state.withLockedValue { $0.hostKey })
        #expect(HostKey.fingerprint(of: served) == server.server.hostKey.fingerprint)
        #expect(server.server.hostKey.fingerprint.hasPrefix("SHA256:"))
        #expect(server.server.hostKey.fingerprint.count == 7 + 43)
        // Read again, the same key.
        let again = try HostKey.loadOrCreate(in: server.folder.file("club"))
        #expect(again.fingerprint == server.server.hostKey.fingerprint)
    }

    @Test func aPasswordOrNoKeyIsRefused() throws {
        let server = try TestServer()
        defer { server.stop() }
        for offer in [TestClient.Offer.password("hunter2"), .nothing] {
            let client = try server.client("alice", offer)
            #expect(!client.waitForLogIn())
            client.close()
        }
        #expect(server.server.sessionsRunning == 0)
    }

    @Test func anAllowListLetsInItsKeysOnly() throws {
        let allowed = NIOSSHPrivateKey(ed25519Key: .init())
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("club_keys")
        let line = String(openSSHPublicKey: allowed.publicKey)
        try "# the club\n\nno-pty,command=\"x\" \(line) alice@home\nssh-ed25519 not-base64\n".write(toFile: file, atomically: true, encoding: .utf8)
        let server = try TestServer { $0.allowFile = file }
        defer { server.stop() }
        let member = try server.client("alice", .key(allowed))
        #expect(member.waitForLogIn())
        member.close()
        let stranger = try server.client("bob", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(!stranger.waitForLogIn())
        stranger.close()
        #expect(server.server.book.names == ["alice"])
    }

    @Test func theClubFilesAreThePlayersOnlyAndAnUnreadableOneStopsTheStart() throws {
        let server = try TestServer()
        let client = try server.client("alice", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(client.waitForLogIn())
        client.close()
        let club = server.folder.file("club")
        for file in ["players.keys", "host_ed25519_key"] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: club + "/" + file)[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(file)")
        }
        server.server.stop()
        // A book that is not one is kept as it is, and the server does not start on it.
        try "alice not a key\n".write(toFile: club + "/players.keys", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            _ = try ClubServer(configuration: ClubConfiguration(dataFolder: club), keeper: { _ in Keeper() }, log: { _ in })
        }
        #expect(try String(contentsOfFile: club + "/players.keys", encoding: .utf8) == "alice not a key\n")
        try "garbage".write(toFile: club + "/host_ed25519_key", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { _ = try HostKey.loadOrCreate(in: club) }
        #expect(try String(contentsOfFile: club + "/host_ed25519_key", encoding: .utf8) == "garbage")
        server.folder.remove()
    }

    @Test func authenticationAttemptsAreLimited() throws {
        let server = try TestServer { $0.maxAuthAttempts = 4 }
        defer { server.stop() }
        let owner = try server.client("alice", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(owner.waitForLogIn())
        owner.close()
        // Twenty keys for a name another key owns: each refused, and the connection closed.
        let guesser = try server.client("alice", .keys((0..<20).map { _ in NIOSSHPrivateKey(ed25519Key: .init()) }))
        #expect(!guesser.waitForLogIn())
        #expect(guesser.waitForClose())
        let offered = try guesser.channel.eventLoop.submit { guesser.offers.offered }.wait()
        guesser.close()
        #expect(offered <= 5, "the server took \(offered) keys")
    }

    @Test func aPlayerAddsASecondKeyFromASessionOfTheFirst() throws {
        let server = try TestServer()
        defer { server.stop() }
        let first = NIOSSHPrivateKey(ed25519Key: .init()), second = NIOSSHPrivateKey(ed25519Key: .init())
        for (line, said) in [("not a key", "is not a public key"),
                             (String(openSSHPublicKey: second.publicKey) + " laptop", "logs in as alice too")] {
            let client = try server.client("alice", .key(first))
            #expect(client.waitForLogIn())
            let session = try #require(client.openChannel())
            #expect(client.request(session, SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "TWENTYNINE_ADD_KEY",
                                                                                       value: line)) == true)
            #expect(client.ptyAndShell(session))
            #expect(client.waitForScreen(containing: "q quit"))
            client.send(session, "q")
            #expect(client.waitUntil { $0.channelClosed })
            #expect(String(decoding: client.state.withLockedValue { $0.output }, as: UTF8.self).contains(said))
            client.close()
        }
        let laptop = try server.client("alice", .key(second))
        #expect(laptop.waitForLogIn())
        laptop.close()
        // The second key is alice's: it claims no other name.
        let other = try server.client("bob", .key(second))
        #expect(!other.waitForLogIn())
        other.close()
    }

    @Test func oneAddressClaimsAFewNamesAnHour() throws {
        let server = try TestServer { $0.claimsPerAddressPerHour = 3 }
        defer { server.stop() }
        var keys: [NIOSSHPrivateKey] = []
        for index in 0..<4 {
            let key = NIOSSHPrivateKey(ed25519Key: .init())
            keys.append(key)
            let client = try server.client("squat\(index)", .key(key))
            #expect(client.waitForLogIn() == (index < 3))
            client.close()
        }
        #expect(server.server.book.names == ["squat0", "squat1", "squat2"])
        // A name already claimed still logs in.
        let back = try server.client("squat0", .key(keys[0]))
        #expect(back.waitForLogIn())
        back.close()
    }

    @Test func theFirstKeyOwnsTheNameAndAKeyOwnsOneName() throws {
        let server = try TestServer()
        defer { server.stop() }
        let alice = NIOSSHPrivateKey(ed25519Key: .init())
        let first = try server.client("alice", .key(alice))
        #expect(first.waitForLogIn())
        first.close()
        // Another key cannot take alice, in any case.
        for name in ["alice", "ALICE"] {
            let other = try server.client(name, .key(NIOSSHPrivateKey(ed25519Key: .init())))
            #expect(!other.waitForLogIn())
            other.close()
        }
        // Alice's key comes back as alice, not as someone new.
        let again = try server.client("Alice", .key(alice))
        #expect(again.waitForLogIn())
        again.close()
        let squat = try server.client("bob", .key(alice))
        #expect(!squat.waitForLogIn())
        squat.close()
    }

    @Test(arguments: ["", "seventeen-letters", "al ice", "al\u{1B}[2Jce", "al/ce", "..", "élise", "a\u{0}b"])
    func aNameThatIsNotOneIsRefused(name: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client(name, .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(!client.waitForLogIn())
        client.close()
        #expect(server.server.book.names.isEmpty)
        // Nothing of the name reached the log.
        #expect(!server.log.joined().contains("\u{1B}"))
    }

    @Test func aHundredKilobyteNameClosesThatConnectionOnly() throws {
        let server = try TestServer()
        defer { server.stop() }
        let long = try server.client(String(repeating: "a", count: 100_000), .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(!long.waitForLogIn())
        #expect(long.waitForClose())
        long.close()
        let (client, _) = try #require(try server.player("bob"))
        #expect(client.waitForScreen(containing: "TwentyNine"))
        client.close()
    }

    @Test func execSubsystemAndForwardingAreRefused() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client("alice", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        defer { client.close() }
        #expect(client.waitForLogIn())
        let exec = try #require(client.openChannel())
        #expect(client.request(exec, SSHChannelRequestEvent.ExecRequest(command: "cat /etc/passwd", wantReply: true)) == false)
        let sftp = try #require(client.openChannel())
        #expect(client.request(sftp, SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true)) == false)
        // A shell without a pty is refused too.
        let bare = try #require(client.openChannel())
        #expect(client.request(bare, SSHChannelRequestEvent.ShellRequest(wantReply: true)) == false)
        #expect(client.channel.isActive, "after the bare shell")
        // Port forwarding, both ways.
        let target = SSHChannelType.DirectTCPIP(targetHost: "127.0.0.1", targetPort: 22,
                                                originatorAddress: try SocketAddress(ipAddress: "127.0.0.1", port: 4000))
        #expect(client.openChannel(.directTCPIP(target)) == nil)
        #expect(client.channel.isActive, "after direct-tcpip: \(client.state.withLockedValue { $0.errors })")
        let forwarded = client.channel.eventLoop.makePromise(of: GlobalRequest.TCPForwardingResponse?.self)
        client.channel.eventLoop.execute {
            guard let ssh = try? client.channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self) else {
                forwarded.fail(ChannelError.ioOnClosedChannel)
                return
            }
            ssh.sendTCPForwardingRequest(.listen(host: "127.0.0.1", port: 0), promise: forwarded)
        }
        #expect(throws: (any Error).self) { try forwarded.futureResult.wait() }
        #expect(server.server.sessionsRunning == 0)
        // Each refusal left the connection open.
        #expect(client.channel.isActive, "\(server.log)")
    }

    @Test func aRequestTheServerDoesNotUseLeavesTheSessionWorking() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (client, session) = try #require(try server.player("alice"))
        defer { client.close() }
        // A flow-control request, which the server ignores. (Agent and X11 forwarding have no
        // type in NIOSSH's client: they are sent by OpenSSH in ServeOpenSSHTests.)
        try session.triggerUserOutboundEvent(SSHChannelRequestEvent.LocalFlowControlRequest(clientCanDo: true)).wait()
        client.send(session, "?")
        #expect(client.waitForScreen(containing: "show / hide this help"))
    }

    @Test func twoPlayersDataIsKeptApart() throws {
        let server = try TestServer()
        defer { server.stop() }
        let aliceKey = NIOSSHPrivateKey(ed25519Key: .init())
        let (alice, aliceSession) = try #require(try server.player("alice", key: aliceKey))
        #expect(alice.waitForScreen(containing: "q quit"))
        // Alice starts a match against the computer and deals: her moves are saved in her folder.
        alice.send(aliceSession, "v")
        #expect(alice.waitForScreen(containing: "enter deals the first hand"))
        alice.send(aliceSession, "\r")
        #expect(alice.waitForScreen(containing: "Throw two"))
        alice.send(aliceSession, "Q")
        #expect(alice.waitForClose())
        alice.close()
        // Each player's own database, in their own folder.
        func table(_ name: String) throws -> TableGame? {
            try GameStore(folder: server.folder.file("club/players/\(name)/twentynine")).withTableSession { $0.saved?.table }
        }
        let aliceTable = try #require(try table("alice"))
        #expect(aliceTable.deal != nil)
        // Bob's table is his own: a new match, not alice's dealt one.
        let (bob, bobSession) = try #require(try server.player("bob"))
        #expect(bob.waitForScreen(containing: "q quit"))
        bob.send(bobSession, "v")
        #expect(bob.waitForScreen(containing: "enter deals the first hand"))
        #expect(!bob.screen().text.contains("Throw two"))
        bob.send(bobSession, "Q")
        #expect(bob.waitForClose())
        bob.close()
        let bobTable = try #require(try table("bob"))
        #expect(bobTable.deal == nil && bobTable != aliceTable)
        // Alice comes back to her own match, where she left it.
        let (again, againSession) = try #require(try server.player("alice", key: aliceKey))
        #expect(again.waitForScreen(containing: "q quit"))
        again.send(againSession, "v")
        #expect(again.waitForScreen(containing: "Throw two"))
        again.close()
    }

    @Test func aClientThatNeverReadsIsDroppedAndNobodyElseWaits() throws {
        // Its thousands of keys may cost the event loop what they cost (a debug build's most of all).
        let server = try TestServer {
            $0.outputBufferLimit = 64 << 10; $0.inputBytesPerSecond = 1 << 20; $0.inputBurst = 1 << 20
            $0.protocolBurst = .seconds(60); $0.protocolPerSecond = .seconds(1)
        }
        defer { server.stop() }
        // Its socket takes little, so that the kernel's buffers fill soon.
        let (stuck, stuckSession) = try #require(try server.player("stuck", receiveBuffer: 4096))
        #expect(stuck.waitForScreen(containing: "q quit"))
        stuck.send(stuckSession, "?")
        #expect(stuck.waitForScreen(containing: "show / hide this help"))
        try stuck.channel.setOption(ChannelOptions.autoRead, value: false).wait()
        // The help at 400×200 shown and hidden: each key draws or clears it all; the client takes none.
        stuck.resize(stuckSession, width: 400, height: 200)
        var dropped = false
        for round in 0..<6000 where !dropped {
            stuck.send(stuckSession, "?")
            if round % 100 == 99 {
                dropped = server.log.contains { $0.contains("stopped reading") }
            }
        }
        for _ in 0..<3000 where !dropped {
            usleep(20_000)
            dropped = server.log.contains { $0.contains("stopped reading") }
        }
        #expect(dropped, "\(server.log)")
        // Meanwhile another player is served.
        let (other, otherSession) = try #require(try server.player("other"))
        #expect(other.waitForScreen(containing: "q quit"))
        other.send(otherSession, "?")
        #expect(other.waitForScreen(containing: "show / hide this help"))
        other.close()
        stuck.close()
    }

    @Test func inputBeyondTheLimitClosesThatConnection() throws {
        let server = try TestServer { $0.inputBurst = 4096; $0.inputBytesPerSecond = 1024 }
        defer { server.stop() }
        let (client, session) = try #require(try server.player("flood"))
        #expect(client.waitForScreen(containing: "q quit"))
        for _ in 0..<8 { client.send(session, [UInt8](repeating: UInt8(ascii: "x"), count: 2048)) }
        #expect(client.waitForClose())
        client.close()
        #expect(server.logged("flood dropped: input beyond"))
    }

    /// What a connection's bytes cost the event loop is metered (`ProtocolBudget`): SwiftNIO SSH
    /// answers a key re-exchange without a word to the handlers above it, so a flood of them is
    /// caught by its processor time, as this flood of one-byte packets is.
    @Test func aConnectionWhoseBytesCostTheEventLoopTooMuchIsClosed() throws {
        let server = try TestServer {
            $0.inputBurst = 1 << 20; $0.inputBytesPerSecond = 1 << 20
            $0.protocolBurst = .milliseconds(30); $0.protocolPerSecond = .microseconds(100)
        }
        defer { server.stop() }
        let (client, session) = try #require(try server.player("costly"))
        #expect(client.waitForScreen(containing: "q quit"))
        // Some 3 µs of the event loop's processor a key: far past what the budget refills however
        // slowly they are sent on a busy machine; it stops as soon as the server closes.
        for _ in 0..<100_000 where client.channel.isActive { client.send(session, "x") }
        #expect(client.waitForClose())
        client.close()
        #expect(server.logged("costly dropped: more than 100 µs of the server's processor a second"), "\(server.log)")
        // The next player is served.
        let (other, otherSession) = try #require(try server.player("other"))
        other.send(otherSession, "?")
        #expect(other.waitForScreen(containing: "show / hide this help"))
        other.close()
    }

    @Test func aFloodOfWindowChangesClosesThatConnection() throws {
        let server = try TestServer { $0.inputBurst = 4096; $0.inputBytesPerSecond = 256 }
        defer { server.stop() }
        let (client, session) = try #require(try server.player("resizer"))
        #expect(client.waitForScreen(containing: "q quit"))
        for round in 0..<100 where client.channel.isActive { client.resize(session, width: 80 + round % 2, height: 24) }
        #expect(client.waitForClose())
        client.close()
        #expect(server.logged("resizer dropped: input beyond"))
    }

    @Test func connectionsAreLimitedInAllAndByAddress() throws {
        let server = try TestServer { $0.maxConnections = 3; $0.maxPerAddress = 2 }
        defer { server.stop() }
        let first = try server.client("a", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        let second = try server.client("b", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(first.waitForLogIn())
        #expect(second.waitForLogIn())
        let third = try server.client("c", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(!third.waitForLogIn())
        #expect(server.logged("refused: too many connections from this address"))
        for client in [first, second, third] { client.close() }
    }

    @Test func aConnectionWithNoKeyInTimeIsClosed() throws {
        let server = try TestServer { $0.authTimeout = .milliseconds(300) }
        defer { server.stop() }
        // A raw TCP connection that says nothing.
        let client = try server.client("slow", .password("x"))
        #expect(client.waitForClose())
        client.close()
        #expect(server.logged("no key accepted in time"))
    }

    /// A connection that never begins to log in (a TCP connection that says nothing) gives its
    /// place up at `helloTimeout`, long before `authTimeout`.
    @Test func aConnectionThatSaysNothingIsClosedSooner() throws {
        let server = try TestServer { $0.helloTimeout = .milliseconds(300); $0.authTimeout = .seconds(60) }
        defer { server.stop() }
        let socket = try rawConnection(port: server.port)
        defer { close(socket) }
        var closed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        // The server's version line, then nothing until it closes (100 ms a receive, 100 of them).
        for _ in 0..<100 where !closed {
            let count = recv(socket, &buffer, buffer.count, 0)
            closed = count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        }
        #expect(closed)
        #expect(server.logged("closed: no log-in begun in time"))
        // A client that logs in at once is not touched by it.
        let (client, session) = try #require(try server.player("prompt"))
        usleep(500_000)
        client.send(session, "?")
        #expect(client.waitForScreen(containing: "show / hide this help"))
        client.close()
    }

    @Test func aConnectionThatLogsInAndStartsNoSessionIsClosed() throws {
        let server = try TestServer { $0.authTimeout = .milliseconds(300) }
        defer { server.stop() }
        let client = try server.client("idler", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        #expect(client.waitForLogIn())
        #expect(client.waitForClose())
        client.close()
        #expect(server.logged("idler closed: no session started in time"))
    }

    @Test func garbageClosesThatConnectionOnly() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (player, session) = try #require(try server.player("alice"))
        defer { player.close() }
        let socket = try rawConnection(port: server.port)
        defer { close(socket) }
        let garbage = Array("SSH-2.0-x\r\n".utf8) + [UInt8](repeating: 0xFF, count: 4096)
        _ = garbage.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var closed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<100 where !closed {
            let count = recv(socket, &buffer, buffer.count, 0)
            closed = count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        }
        #expect(closed)
        player.send(session, "?")
        #expect(player.waitForScreen(containing: "show / hide this help"))
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (client, session) = try #require(try server.player("alice"))
        defer { client.close() }
        #expect(client.waitForScreen(containing: "q quit"))
        client.resize(session, width: 100, height: 30)
        // The header's right end moves to the new right edge.
        let moved = (0..<500).contains { _ in
            let line = client.screen(width: 100, height: 30).text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
            if line.hasSuffix("? help"), line.count == 99 || line.count == 100 { return true }
            usleep(20_000)
            return false
        }
        #expect(moved, "\(client.screen(width: 100, height: 30).text)")
    }

    /// The largest sizes SSH can say (2³² − 1 each way), in the pty request and a window change:
    /// the session draws at most 400×200 and goes on.
    @Test func hugeSizesAreDrawnAtTheLargestAndTheSessionGoesOn() throws {
        let server = try TestServer()
        defer { server.stop() }
        let huge = Int(UInt32.max)
        let (client, session) = try #require(try server.player("huge", width: huge, height: huge))
        defer { client.close() }
        #expect(client.waitForScreen(containing: "q quit", width: 400, height: 200))
        client.resize(session, width: huge, height: 1)
        client.resize(session, width: huge, height: huge)
        client.send(session, "?")
        #expect(client.waitForScreen(containing: "show / hide this help", width: 400, height: 200))
        #expect(client.state.withLockedValue { $0.output.count } < 1 << 20)
    }

    @Test func aClientNotInUTF8GetsASCII() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (client, session) = try #require(try server.player("alice", locale: "C"))
        defer { client.close() }
        #expect(client.waitForScreen(containing: "q quit"))
        // The lobby, then the counter's cards, in ASCII.
        client.send(session, "\u{1B}")
        #expect(client.waitForScreen(containing: "AS   2S"))
        #expect(client.state.withLockedValue { $0.output }.allSatisfy { $0 < 0x80 })
    }

    @Test func noColorAsAtHome() throws {
        let server = try TestServer()
        defer { server.stop() }
        for noColor in [false, true] {
            let client = try server.client(noColor ? "mono" : "colour", .key(NIOSSHPrivateKey(ed25519Key: .init())))
            defer { client.close() }
            #expect(client.waitForLogIn())
            let session = try #require(client.openChannel())
            if noColor {
                #expect(client.request(session, SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "NO_COLOR", value: "1")) == true)
            }
            #expect(client.ptyAndShell(session))
            #expect(client.waitForScreen(containing: "q quit"))
            // From the lobby to the counter's cards.
            client.send(session, "\u{1B}")
            #expect(client.waitForScreen(containing: "Hand rules"))
            // The suits' colour (red hearts) is setaf 1 on xterm.
            let output = String(decoding: client.state.withLockedValue { $0.output }, as: UTF8.self)
            #expect(output.contains("\u{1B}[31m") == !noColor)
        }
    }

    @Test func anIdleSessionIsClosed() throws {
        let server = try TestServer { $0.idleTimeout = .milliseconds(300) }
        defer { server.stop() }
        let (client, _) = try #require(try server.player("alice"))
        #expect(client.waitForClose())
        client.close()
        let said = String(decoding: client.state.withLockedValue { $0.output }, as: UTF8.self)
        #expect(said.contains("no key for"))
    }

    @Test func aFloodOfChannelsClosesThatConnection() throws {
        let server = try TestServer { $0.maxChannelsPerConnection = 4 }
        defer { server.stop() }
        let client = try server.client("alice", .key(NIOSSHPrivateKey(ed25519Key: .init())))
        defer { client.close() }
        #expect(client.waitForLogIn())
        for _ in 0..<4 { #expect(client.openChannel() != nil) }
        _ = client.openChannel()
        #expect(client.waitForClose())
        #expect(server.logged("more than 4 channels"))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomBytesAfterTheLogInEndThatSessionAtMost(seed: UInt64) throws {
        let server = try TestServer()
        defer { server.stop() }
        let (client, session) = try #require(try server.player("fuzz\(seed)"))
        #expect(client.waitForScreen(containing: "q quit"))
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        for _ in 0..<16 where client.channel.isActive {
            let bytes = (0..<256).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            client.send(session, bytes)
        }
        // Whatever the bytes did (a quit among them), the frames carried no stray control, and
        // the server serves the next player.
        #expect(client.screen().strayControls == 0)
        client.close()
        let (other, otherSession) = try #require(try server.player("after\(seed)"))
        #expect(other.waitForScreen(containing: "q quit"))
        other.send(otherSession, "?")
        #expect(other.waitForScreen(containing: "show / hide this help"))
        other.close()
    }

    @Test func aPlayerLoggingInAgainEndsTheSessionBefore() throws {
        let server = try TestServer()
        defer { server.stop() }
        let key = NIOSSHPrivateKey(ed25519Key: .init())
        let (first, _) = try #require(try server.player("alice", key: key))
        #expect(first.waitForScreen(containing: "q quit"))
        let (second, secondSession) = try #require(try server.player("alice", key: key))
        #expect(second.waitForScreen(containing: "q quit"))
        #expect(first.waitUntil { $0.channelClosed })
        #expect(String(decoding: first.state.withLockedValue { $0.output }, as: UTF8.self).contains("you logged in from another session"))
        second.send(secondSession, "?")
        #expect(second.waitForScreen(containing: "show / hide this help"))
        first.close()
        second.close()
    }

    @Test func stoppingTellsEveryPlayer() throws {
        let server = try TestServer()
        let (client, _) = try #require(try server.player("alice"))
        #expect(client.waitForScreen(containing: "q quit"))
        server.stop()
        #expect(client.waitUntil { $0.channelClosed })
        let said = String(decoding: client.state.withLockedValue { $0.output }, as: UTF8.self)
        #expect(said.contains("the server is stopping; your games are saved"))
        client.close()
    }

    private func rawConnection(port: Int) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }
}

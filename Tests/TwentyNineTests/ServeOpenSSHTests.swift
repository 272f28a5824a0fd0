import Foundation
import TestSupport
import Testing

/// `twentynine serve` end to end with the real OpenSSH client (Debian's openssh-client, from
/// `make deps`) in tmux: a new key claims a name, the fingerprint checks, keys reach the app,
/// what is refused is refused, and SIGTERM stops the server with the player told. Loopback only.
@Suite(.serialized, .tags(.tmux), .slow,
       .enabled(if: Tmux.isInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh"), "needs tmux and ssh"))
struct ServeOpenSSHTests {
    /// The server on 127.0.0.1, a port of its own, its standard error in a file.
    final class Served {
        let folder: TemporaryFolder
        private(set) var process = Process()
        private(set) var port = 0
        private(set) var fingerprint = ""

        init() throws {
            folder = try TemporaryFolder()
            _ = FileManager.default.createFile(atPath: folder.file("serve.log"), contents: nil)
            try start()
            let key = try runProgram("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", folder.file("key")])
            #expect(key.status == 0)
        }

        /// Starts the server on the club's folder, and waits for the port it prints.
        func start() throws {
            let log = folder.file("serve.log")
            let before = self.log.count
            process = Process()
            process.executableURL = URL(fileURLWithPath: twentyNineBinary)
            process.arguments = ["serve", "--listen", "127.0.0.1:0", "--data", folder.file("club")]
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            handle.seekToEndOfFile()
            process.standardError = handle
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var port: Int?
            var fingerprint: String?
            for _ in 0..<500 where port == nil {
                let text = String(self.log.dropFirst(before))
                fingerprint = text.firstMatch(of: /host key (SHA256:\S+)/).map { String($0.output.1) }
                port = text.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.output.1) }
                if port == nil { usleep(20_000) }
            }
            self.port = try #require(port)
            self.fingerprint = try #require(fingerprint)
        }

        var log: String { (try? String(contentsOfFile: folder.file("serve.log"), encoding: .utf8)) ?? "" }

        /// ssh with no configuration but ours: this key only, the known hosts in the folder.
        func ssh(_ extra: [String] = [], name: String = "alice", key: String = "key") -> [String] {
            ["/usr/bin/ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=accept-new",
             "-o", "UserKnownHostsFile=\(folder.file("known_hosts"))", "-o", "IdentitiesOnly=yes",
             "-i", folder.file(key), "-p", "\(port)"] + extra + ["\(name)@127.0.0.1"]
        }

        /// A tmux pane with `name` connected by ssh with a key of their own, in the lobby.
        func player(_ name: String) throws -> Tmux {
            let key = try runProgram("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", folder.file("key-\(name)")])
            #expect(key.status == 0)
            let tmux = try Tmux("env LANG=C.UTF-8 " + ssh(name: name, key: "key-\(name)").map(shellQuoted).joined(separator: " ") + "; sleep 30")
            try tmux.waitFor("The club")
            return tmux
        }

        func stop() {
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
            }
            folder.remove()
        }
    }

    @Test func aPlayerWithANewKeyClaimsANamePlaysAndQuits() throws {
        let served = try Served()
        defer { served.stop() }
        let tmux = try Tmux("env LANG=C.UTF-8 " + served.ssh().map(shellQuoted).joined(separator: " ") + "; sleep 30")
        defer { tmux.stop() }
        try tmux.waitFor("q quit")
        // The host key the client was given is the one the server printed.
        let known = try runProgram("/usr/bin/ssh-keygen", ["-l", "-f", served.folder.file("known_hosts")])
        #expect(known.stdout.contains(served.fingerprint))
        try tmux.type("?")
        try tmux.waitFor("show / hide this help")
        try tmux.type("?")
        try tmux.waitFor("q quit")
        try tmux.type("q")
        try tmux.waitFor("Thanks for the game.")
        #expect(served.log.contains("alice quit"))
        let book = try String(contentsOfFile: served.folder.file("club/players.keys"), encoding: .utf8)
        #expect(book.hasPrefix("alice ssh-ed25519 "))
    }

    /// Two players with their own keys meet in the lobby, one invites and the other accepts, the
    /// table says esc goes to the lobby; a third, free, watches and the players see it.
    @Test func twoPlayersMeetAtATableAndAThirdWatches() throws {
        let served = try Served()
        defer { served.stop() }
        let alice = try served.player("alice")
        defer { alice.stop() }
        let bob = try served.player("bob")
        defer { bob.stop() }
        try alice.waitFor("bob  free")
        try alice.send("Enter")
        try bob.waitFor("alice invites you")
        try bob.send("Enter")
        for (tmux, other) in [(alice, "bob"), (bob, "alice")] {
            let screen = try tmux.waitFor("Against \(other)")
            #expect(screen.contains("esc lobby") && !screen.contains("counter"), "\(screen)")
        }
        let cid = try served.player("cid")
        defer { cid.stop() }
        try cid.waitFor("alice  playing")
        try cid.type("w")
        try cid.waitFor("Watching alice and bob")
        try alice.waitFor("watched by cid")
        try bob.waitFor("watched by cid")
        try cid.send("Escape")
        try cid.waitFor("Here now")
        try alice.waitFor("no longer watched") { !$0.contains("watched by cid") }
    }

    @Test func passwordsCommandsSftpAndForwardingAreRefused() throws {
        let served = try Served()
        defer { served.stop() }
        let batch = ["-o", "BatchMode=yes", "-o", "ConnectTimeout=10"]
        let password = try runProgram("/usr/bin/ssh", Array(served.ssh(batch + ["-o", "PreferredAuthentications=password"]).dropFirst()) + ["true"])
        #expect(password.status != 0)
        #expect(password.stderr.contains("Permission denied (publickey)"))
        let exec = try runProgram("/usr/bin/ssh", Array(served.ssh(batch).dropFirst()) + ["cat", "/etc/passwd"])
        #expect(exec.stderr.contains("exec request failed"))
        #expect(!exec.stdout.contains("root:"))
        let sftp = try runProgram("/usr/bin/ssh", Array(served.ssh(batch + ["-s"]).dropFirst()) + ["sftp"])
        #expect(sftp.stderr.contains("subsystem request failed"))
        let remote = try runProgram("/usr/bin/ssh", Array(served.ssh(batch + ["-N", "-o", "ExitOnForwardFailure=yes",
                                                                               "-R", "0:127.0.0.1:9"]).dropFirst()))
        #expect(remote.stderr.contains("remote port forwarding failed"))
        // X11 forwarding: NIOSSH 0.15.1 cannot parse an x11-req and closes that connection.
        let x11 = try runProgram("/usr/bin/ssh", Array(served.ssh(batch + ["-X", "-t", "-t"]).dropFirst()),
                                 environment: ["DISPLAY": ":0"])
        #expect(x11.status != 0)
        for _ in 0..<250 where !served.log.contains("invalidPacketFormat") { usleep(20_000) }
        #expect(served.log.contains("invalidPacketFormat"))
        // Agent forwarding asked for (an agent of the test's own): refused, and the session goes on.
        let agent = Process()
        agent.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-agent")
        agent.arguments = ["-D", "-a", served.folder.file("agent.sock")]
        agent.standardOutput = FileHandle.nullDevice
        agent.standardError = FileHandle.nullDevice
        try agent.run()
        // SIGKILL: started from the test process, the agent was seen to outlive a SIGTERM.
        defer { kill(agent.processIdentifier, SIGKILL); agent.waitUntilExit() }
        for _ in 0..<250 where !FileManager.default.fileExists(atPath: served.folder.file("agent.sock")) { usleep(20_000) }
        let forwarding = served.ssh(["-A", "-v", "-E", served.folder.file("ssh-v.log")])
        let tmux = try Tmux("env LANG=C.UTF-8 SSH_AUTH_SOCK=" + shellQuoted(served.folder.file("agent.sock")) + " "
                            + forwarding.map(shellQuoted).joined(separator: " ") + "; sleep 30")
        defer { tmux.stop() }
        // Every refusal was one connection's; the server still serves.
        try tmux.waitFor("q quit")
        let debug = try String(contentsOfFile: served.folder.file("ssh-v.log"), encoding: .utf8)
        #expect(debug.contains("Requesting authentication agent forwarding"))
        try tmux.type("?")
        try tmux.waitFor("show / hide this help")
    }

    @Test func killedMidGameTheServerRestartsWithThePlayerAtTheSameCard() throws {
        let served = try Served()
        defer { served.stop() }
        var tmux = try Tmux("env LANG=C.UTF-8 " + served.ssh().map(shellQuoted).joined(separator: " ") + "; sleep 30")
        try tmux.waitFor("q quit")
        try tmux.type("v")
        try tmux.waitFor("enter deals the first hand")
        try tmux.send("Enter")
        let dealt = try tmux.waitFor("Throw two")
        let hand = try #require(dealt.split(separator: "\n").first { $0.hasPrefix(" You ") }).split(separator: " ").dropFirst()
        // Throw two cards of different ranks by their rank keys (a rank pressed again moves on
        // to its next suit).
        let keys = hand.map { String($0.first == "1" ? "0" : $0.first!).lowercased() }
        let second = try #require(keys.dropFirst().first { $0 != keys[0] })
        try tmux.type(keys[0])
        try tmux.type(second)
        try tmux.send("Enter")
        let laid = try tmux.waitFor("Starter")
        let before = laid.split(separator: "\n").prefix(8).joined(separator: "\n")
        kill(served.process.processIdentifier, SIGKILL)
        served.process.waitUntilExit()
        tmux.stop()
        try served.start()
        tmux = try Tmux("env LANG=C.UTF-8 " + served.ssh().map(shellQuoted).joined(separator: " ") + "; sleep 30")
        defer { tmux.stop() }
        try tmux.waitFor("q quit")
        try tmux.type("v")
        let after = try tmux.waitFor("Starter").split(separator: "\n").prefix(8).joined(separator: "\n")
        #expect(after == before)
    }

    @Test func sigtermStopsTheServerAndTellsThePlayer() throws {
        let served = try Served()
        defer { served.stop() }
        let tmux = try Tmux("env LANG=C.UTF-8 " + served.ssh().map(shellQuoted).joined(separator: " ") + "; sleep 30")
        defer { tmux.stop() }
        try tmux.waitFor("q quit")
        kill(served.process.processIdentifier, SIGTERM)
        served.process.waitUntilExit()
        #expect(served.process.terminationStatus == 0)
        try tmux.waitFor("the server is stopping; your games are saved")
        #expect(served.log.contains("stopped"))
    }
}

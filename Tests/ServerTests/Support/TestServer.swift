import ClubServer
import CribbageUI
import Crypto
import Foundation
import NIOCore
import NIOConcurrencyHelpers
import NIOSSH
import TestSupport
import TwentyNineCommands

/// A server in process on 127.0.0.1, port 0, in a temporary folder, with the program's own
/// keeper for each player; its log lines kept. `stop()` ends it and removes the folder.
final class TestServer: @unchecked Sendable {
    let folder: TemporaryFolder
    let server: ClubServer
    let port: Int
    let lines = NIOLockedValueBox<[String]>([])

    /// `folder`: a folder a server before this one used (a restart); a new one without.
    init(_ change: (inout ClubConfiguration) -> Void = { _ in },
         keeper: @escaping @Sendable (_ folder: String) -> Keeper = ClubKeeping.keeper(in:),
         folder: TemporaryFolder? = nil) throws {
        self.folder = try folder ?? TemporaryFolder()
        var configuration = ClubConfiguration(dataFolder: self.folder.file("club"))
        configuration.host = "127.0.0.1"
        configuration.port = 0
        change(&configuration)
        let lines = self.lines
        server = try ClubServer(configuration: configuration, keeper: keeper,
                                history: ClubKeeping.recordShared(in:table:id:names:started:), log: { line in lines.withLockedValue { $0.append(line) } })
        port = try server.start()
    }

    var log: [String] { lines.withLockedValue { $0 } }

    /// Whether a log line holds `text`, waiting for it a while (lines are written off the loop).
    func logged(_ text: String, attempts: Int = 500) -> Bool {
        for _ in 0..<attempts {
            if log.contains(where: { $0.contains(text) }) { return true }
            usleep(20_000)
        }
        return log.contains { $0.contains(text) }
    }

    func client(_ name: String, _ offer: TestClient.Offer, receiveBuffer: Int? = nil) throws -> TestClient {
        try TestClient(port: port, name: name, offer: offer, receiveBuffer: receiveBuffer)
    }

    /// A client logged in with a new key, a session open with a pty and a shell, the first frame in.
    func player(_ name: String, key: NIOSSHPrivateKey = NIOSSHPrivateKey(ed25519Key: .init()),
                width: Int = 80, height: Int = 24, locale: String? = nil,
                receiveBuffer: Int? = nil) throws -> (TestClient, Channel)? {
        let client = try client(name, .key(key), receiveBuffer: receiveBuffer)
        guard client.waitForLogIn(), let session = client.openChannel(),
              client.ptyAndShell(session, width: width, height: height, locale: locale) else {
            client.close()
            return nil
        }
        return (client, session)
    }

    func stop() {
        server.stop(grace: .seconds(2))
        folder.remove()
    }

    /// Stops the server and leaves its folder for the next (a restart).
    func stopKeepingFolder() {
        server.stop(grace: .seconds(2))
    }
}

import NIOCore

/// What `twentynine serve` is told: where to listen, where the club's files are, who may come,
/// and the limits that keep one client from costing the others anything.
public struct ClubConfiguration: Sendable {
    /// Where to listen: only this address (loopback unless told otherwise). Port 0 picks one.
    public var host = "127.0.0.1"
    public var port = 2229
    /// The club's folder: the host key, the players' keys, each player's own folder.
    public var dataFolder: String
    /// An authorized_keys file: when given, only these keys may come in.
    public var allowFile: String?
    /// Connections at once, in all (so players at once: one session a connection).
    public var maxConnections = 32
    /// Connections at once from one address.
    public var maxPerAddress = 4
    /// From the connection to a key accepted; then the connection is closed.
    public var authTimeout: TimeAmount = .seconds(30)
    /// From the connection to its first log-in request (every client asks at once, after the key
    /// exchange, before any passphrase is typed); a connection that says nothing holds its place
    /// this long, not `authTimeout`.
    public var helloTimeout: TimeAmount = .seconds(10)
    /// Authentication requests a connection may make (every probe counts).
    public var maxAuthAttempts = 8
    /// A session with no key from its player for this long is closed.
    public var idleTimeout: TimeAmount = .minutes(30)
    /// Input a session may send: `inputBurst` bytes at once, refilled at `inputBytesPerSecond`;
    /// beyond that the connection is closed (nobody types that fast; a paste is bounded too).
    /// Every key draws a frame, so this bounds the drawing a client can ask for too.
    public var inputBytesPerSecond = 2_048
    public var inputBurst = 16_384
    /// Output written to a client and not yet taken by it; beyond this the client has stopped
    /// reading and is dropped.
    public var outputBufferLimit = 1 << 20
    /// The event loop's processor time a connection's bytes may take (their decryption and SSH's
    /// protocol: key re-exchanges above all): `protocolBurst` at once, refilled at
    /// `protocolPerSecond`; beyond that the connection is closed. The log-in takes a few
    /// milliseconds, a player's keys a fraction of one a second.
    public var protocolBurst: TimeAmount = .milliseconds(200)
    public var protocolPerSecond: TimeAmount = .milliseconds(20)
    /// Channels a connection may open (one session at a time, each refused request aside).
    public var maxChannelsPerConnection = 8
    /// New names one address may claim in an hour.
    public var claimsPerAddressPerHour = 10
    /// Names the club keeps (players' keys file): beyond this no new name is claimed.
    public var maxPlayersKept = 10_000
    /// How long a player at a table between people must have been gone before the other may
    /// adjourn the game (kept, resumed from the lobby when both are here).
    public var adjournAfter: Duration = .seconds(120)
    /// Every table between people dealt from this seed (for tests); nil: a random seed a table.
    public var tableSeed: UInt64?

    public init(dataFolder: String) {
        self.dataFolder = dataFolder
    }
}

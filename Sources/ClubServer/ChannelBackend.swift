import Canvas
import NIOCore
import Synchronization
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A session's terminal: the main loop's `TerminalBackend` over an SSH channel. The channel's
/// event loop hands it bytes, sizes and the end (`receive`, `resize`, `stop`) and rings a bell;
/// the session's own thread reads keys from those bytes through `KeyStream` (the terminal's key
/// decoder), and draws each frame as the difference from the last (`FrameEncoder`, with the
/// client's TERM from terminfo) through `send`, which reports a client that stopped reading.
/// The scenes cannot tell it from the local terminal.
final class ChannelBackend: TerminalBackend, @unchecked Sendable {
    /// What the event loop hands over; the session's thread takes it in `read`.
    private struct Shared {
        var bytes: [UInt8] = []
        var size: Size?
        var ended: String?
        /// When the oldest of `bytes` was read from the channel (for the key's latency).
        var arrived: NIODeadline?
    }

    /// Input waiting to be decoded beyond this means the session is not keeping up: it ends.
    static let pendingInputLimit = 256 << 10

    private let shared = Mutex(Shared())
    /// Rung by the event loop when something was handed over.
    private let bell: WakePipe
    let wakePipe: WakePipe?
    let glyphs: Glyphs
    /// The client's whole size; the frames are drawn at most `Size.largestDrawn`.
    private var screen: Size
    private var keys: KeyStream
    /// Made on the session's thread (`start`): terminfo is read from disk, never on the event loop.
    private var encoder: FrameEncoder!
    private let term: String
    private let utf8: Bool
    private let colors: Bool
    private var woken = false
    private var ended: String?
    /// When the input the next frame answers was read, if it answers any.
    private var answering: NIODeadline?
    /// Writes to the channel (with when the key it answers was read); false once the client has
    /// more unread output than it may.
    private let send: @Sendable (_ bytes: [UInt8], _ answering: NIODeadline?) -> Bool

    init?(term: String, size: Size, utf8: Bool, colors: Bool = true,
          send: @escaping @Sendable (_ bytes: [UInt8], _ answering: NIODeadline?) -> Bool) {
        guard let bell = WakePipe() else { return nil }
        self.bell = bell
        self.wakePipe = WakePipe()
        self.glyphs = utf8 ? .unicode : .ascii
        self.screen = size
        self.keys = KeyStream(utf8: utf8)
        self.term = term
        self.utf8 = utf8
        self.colors = colors
        self.send = send
    }

    var size: Size { screen.clampedForDrawing }

    // MARK: The event loop's side

    /// Bytes from the channel; false when too many wait already (the session cannot keep up).
    func receive(_ bytes: some Collection<UInt8>) -> Bool {
        let kept = shared.withLock { shared -> Bool in
            guard shared.bytes.count + bytes.count <= Self.pendingInputLimit else { return false }
            shared.bytes += bytes
            if shared.arrived == nil { shared.arrived = .now() }
            return true
        }
        bell.ring()
        return kept
    }

    func resize(_ size: Size) {
        shared.withLock { $0.size = size }
        bell.ring()
    }

    /// Ends the session: `read` returns nil, and `reason` is what the player is told.
    func stop(_ reason: String) {
        shared.withLock { shared in if shared.ended == nil { shared.ended = reason } }
        bell.ring()
    }

    // MARK: The session's side

    /// Why the session ended (nil: the player quit).
    var endReason: String? { shared.withLock { $0.ended } }

    /// Looks the client's terminal up and sets it up; false when the client takes no more output.
    func start() -> Bool {
        encoder = FrameEncoder(terminal: RemoteTerminal(term: term), utf8: utf8, colors: colors)
        return send(Array(encoder.terminal.start.utf8), nil)
    }

    func read() -> KeyInput? {
        var final = false
        while true {
            let (bytes, newSize, end, arrived) = shared.withLock { shared in
                defer { shared.bytes.removeAll(keepingCapacity: true); shared.size = nil; shared.arrived = nil }
                return (shared.bytes, shared.size, shared.ended, shared.arrived)
            }
            if end != nil || ended != nil { return nil }
            if answering == nil { answering = arrived }
            if !bytes.isEmpty { keys.append(bytes); final = false }
            if let newSize, newSize != screen {
                screen = newSize
                encoder.repaintAll()
                return .resize(size)
            }
            if let input = keys.next(final: final) { return input }
            if woken {
                woken = false
                return .wake
            }
            let timeout = keys.waiting ? KeyStream.escapeDelay : keys.awaitingTail ? KeyStream.tailDelay : -1
            var fds = [pollfd(fd: bell.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakePipe?.readEnd ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, nfds_t(fds.count), Int32(timeout))
            if ready == 0 {
                final = true
                keys.tailTimedOut()
                continue
            }
            if fds[0].revents != 0 { bell.drain() }
            if fds[1].revents != 0, wakePipe?.drain() == true { woken = true }
        }
    }

    func draw(_ frame: ScreenBuffer) {
        guard ended == nil else { return }
        defer { answering = nil }
        if !send(encoder.encode(frame, screen: screen), answering) { ended = "output backlog" }
    }

    func repaintAll() { encoder.repaintAll() }

    /// Nothing to suspend over SSH: ctrl-z only repaints.
    func suspend() {}

    /// A line on the client's own screen, before the session's.
    func say(_ line: String) {
        let shown = String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        _ = send(Array((shown + "\r\n").utf8), nil)
    }

    /// The bytes that put the client's terminal back, and a line for the player.
    func finish(saying line: String?) {
        if encoder == nil { encoder = FrameEncoder(terminal: RemoteTerminal(term: term), utf8: utf8, colors: colors) }
        var text = encoder.terminal.end
        if let line { text += line + "\r\n" }
        _ = send(Array(text.utf8), nil)
    }
}

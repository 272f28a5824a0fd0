import Canvas

/// Keys from bytes that arrive in pieces from anywhere (an SSH channel), through the same
/// `KeyDecoder` as the terminal's own input: the caller appends what came, takes the inputs
/// decoded, and when bytes are pending (`waiting`) or the tail of a broken sequence may still
/// come (`awaitingTail`), waits `escapeDelay` or `tailDelay` for more before asking with
/// `final`, as `InputReader` does.
///
///     var keys = KeyStream(utf8: true)
///     keys.append([0x1B, 0x5B, 0x41])
///     keys.next(final: false)   // .up
public struct KeyStream: Sendable {
    public static let escapeDelay = Int(InputReader.escapeDelay)
    public static let tailDelay = Int(InputReader.tailDelay)
    public let utf8: Bool
    private var pending: [UInt8] = []
    private var start = 0
    private var interrupted: KeyDecoder.Interruption?

    public init(utf8: Bool) { self.utf8 = utf8 }

    public mutating func append(_ bytes: some Sequence<UInt8>) { pending += bytes }

    /// Bytes not yet decoded.
    public var pendingCount: Int { pending.count - start }
    public var waiting: Bool { start < pending.count }
    public var awaitingTail: Bool { interrupted != nil }

    /// The next input the bytes make; nil when none yet. With `final`, no more bytes came in the
    /// delay: what is there is decoded as it stands.
    public mutating func next(final: Bool) -> KeyInput? {
        guard let (input, count) = KeyDecoder.decode(pending[start...], utf8: utf8, final: final,
                                                     interrupted: &interrupted) else { return nil }
        start += count
        if start == pending.count {
            pending.removeAll(keepingCapacity: true)
            start = 0
        }
        return input
    }

    /// The tail of a broken sequence did not come in time: what comes next is read afresh.
    public mutating func tailTimedOut() {
        if !waiting { interrupted = nil }
    }
}

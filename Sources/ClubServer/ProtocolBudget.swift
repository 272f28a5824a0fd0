import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a connection's bytes cost the event loop every connection shares: the processor time
/// (the thread's own, so that waiting for a core costs nothing) spent taking them apart, their
/// decryption, SSH's protocol, the handlers above it. Metered as a bucket: `burst` at once,
/// refilled at `perSecond`; a connection that spends beyond it is closed. What only this catches
/// is work a client can ask for without sending much: a flood of key re-exchanges (each a
/// Diffie-Hellman and a signature of the host key's for a few hundred bytes), which SwiftNIO SSH
/// answers without a word to the handlers above it; a player's keys cost a hundredth of the rate.
final class ProtocolBudget: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: Connection
    private let burst: Int64
    private let perSecond: Int64
    /// Nanoseconds of processor time left.
    private var left: Int64
    private var refilled = NIODeadline.now()
    /// Spent in all, for the log line.
    private(set) var spent: Int64 = 0

    init(connection: Connection, burst: TimeAmount, perSecond: TimeAmount) {
        self.connection = connection
        self.burst = burst.nanoseconds
        self.perSecond = perSecond.nanoseconds
        left = burst.nanoseconds
    }

    static func threadTime() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = NIODeadline.now()
        let elapsed = (now - refilled).nanoseconds
        refilled = now
        left = min(burst, left + elapsed * perSecond / 1_000_000_000)
        let before = Self.threadTime()
        context.fireChannelRead(data)
        let cost = Self.threadTime() - before
        spent += cost
        left -= cost
        connection.processorTime = spent
        if left < 0 {
            let rate = perSecond >= 1_000_000 ? "\(perSecond / 1_000_000) ms" : "\(perSecond / 1_000) µs"
            connection.close("dropped: more than \(rate) of the server's processor a second")
        }
    }
}

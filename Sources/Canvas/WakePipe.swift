#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How work finished off the key path wakes a main loop that waits for input: a pipe that
/// `ring()` writes a byte to, from any thread, and whose read end the backend waits on beside
/// its input (the terminal polls it with standard input and the signal pipe; `read()` then
/// returns `KeyInput.wake`). Both ends are non-blocking and closed when the last holder lets go,
/// so a worker that rings late never writes into a descriptor the program has reused.
public final class WakePipe: Sendable {
    /// What the backend polls.
    public let readEnd: Int32
    private let writeEnd: Int32

    /// A new pipe; nil when the process has no descriptor left for one.
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop. A ring while the pipe is full adds nothing: the loop is woken already.
    public func ring() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Takes every ring waiting; true when there was one.
    @discardableResult
    public func drain() -> Bool {
        var rung = false
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 { rung = true }
        return rung
    }

    /// Waits at most `milliseconds` for a ring and takes it; true when one came.
    public func wait(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0 && drain()
        }
    }
}

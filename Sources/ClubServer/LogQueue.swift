import Dispatch
import Synchronization

/// The server's lines, written off the event loop: a standard error that blocks (a paused
/// terminal, a full pipe) holds up no connection. At most `limit` lines wait; beyond that lines
/// are counted and the count said once there is room.
final class LogQueue: Sendable {
    private let queue = DispatchQueue(label: "twentynine.log")
    private let write: @Sendable (String) -> Void
    private let limit: Int
    private let state = Mutex((waiting: 0, dropped: 0))

    init(limit: Int = 1000, write: @escaping @Sendable (String) -> Void) {
        self.limit = limit
        self.write = write
    }

    func say(_ line: String) {
        let taken = state.withLock { state -> Bool in
            guard state.waiting < limit else {
                state.dropped += 1
                return false
            }
            state.waiting += 1
            return true
        }
        guard taken else { return }
        queue.async { [self] in
            let dropped = state.withLock { state -> Int in
                state.waiting -= 1
                defer { state.dropped = 0 }
                return state.dropped
            }
            if dropped > 0 { write("\(dropped) lines left out: the log was not taken fast enough") }
            write(line)
        }
    }

    /// Returns once every line waiting is written.
    func flush() { queue.sync {} }
}

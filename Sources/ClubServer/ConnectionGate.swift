import Synchronization

/// Connections at once, in all and by address: `enter` before anything else is read from a
/// connection, `leave` when it closes.
final class ConnectionGate: Sendable {
    enum Refusal: String, Sendable {
        case full = "the server is full"
        case address = "too many connections from this address"
        case stopping = "the server is stopping"
    }

    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
        var stopping = false
    }

    private let maxTotal: Int
    private let maxPerAddress: Int
    private let counts = Mutex(Counts())

    init(maxTotal: Int, maxPerAddress: Int) {
        self.maxTotal = maxTotal
        self.maxPerAddress = maxPerAddress
    }

    func enter(_ address: String) -> Refusal? {
        counts.withLock { counts in
            if counts.stopping { return .stopping }
            if counts.total >= maxTotal { return .full }
            if counts.byAddress[address, default: 0] >= maxPerAddress { return .address }
            counts.total += 1
            counts.byAddress[address, default: 0] += 1
            return nil
        }
    }

    func leave(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
        }
    }

    func stop() { counts.withLock { $0.stopping = true } }

    var open: Int { counts.withLock { $0.total } }
}

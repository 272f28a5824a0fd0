import NIOCore
import Synchronization

/// How long the server takes to answer a key: from the event loop's read of the bytes that carry
/// it to the write of the frame drawn after it (encrypted and handed to the socket), over every
/// session, in buckets of a tenth of a millisecond up to a second (slower ones in the last). Kept
/// for the line the server says when it stops, and for the load tool (`make bench-serve`).
public final class KeyLatency: Sendable {
    /// A tenth of a millisecond a bucket; the last holds everything from a second on.
    static let bucketNanoseconds: Int64 = 100_000
    static let buckets = 10_001

    private struct Counts {
        var buckets = [Int](repeating: 0, count: KeyLatency.buckets)
        var keys = 0
        var frameBytes = 0
        var longest: Int64 = 0
    }

    private let counts = Mutex(Counts())

    public init() {}

    /// A key answered after `elapsed` by a frame of `bytes`.
    func record(_ elapsed: TimeAmount, bytes: Int) {
        let nanoseconds = max(0, elapsed.nanoseconds)
        let bucket = min(Self.buckets - 1, Int(nanoseconds / Self.bucketNanoseconds))
        counts.withLock { counts in
            counts.buckets[bucket] += 1
            counts.keys += 1
            counts.frameBytes += bytes
            counts.longest = max(counts.longest, nanoseconds)
        }
    }

    /// What has been measured so far.
    public struct Summary: Sendable, CustomStringConvertible {
        public let keys: Int
        /// The frames' bytes that answered them (before SSH's framing and encryption).
        public let frameBytes: Int
        /// In milliseconds, each to the tenth (the upper edge of its bucket).
        public let p50: Double
        public let p99: Double
        public let longest: Double

        public var description: String {
            guard keys > 0 else { return "no key answered" }
            func ms(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
            return "\(keys) keys answered, \(frameBytes / keys) bytes of frame a key; key to frame p50 \(ms(p50)) ms, "
                + "p99 \(ms(p99)) ms, longest \(ms(longest)) ms"
        }
    }

    public var summary: Summary {
        counts.withLock { counts in
            func percentile(_ share: Double) -> Double {
                guard counts.keys > 0 else { return 0 }
                let rank = Int((Double(counts.keys) * share).rounded(.up))
                var seen = 0
                for (index, count) in counts.buckets.enumerated() {
                    seen += count
                    if seen >= rank { return Double(index + 1) * Double(Self.bucketNanoseconds) / 1e6 }
                }
                return Double(counts.longest) / 1e6
            }
            return Summary(keys: counts.keys, frameBytes: counts.frameBytes, p50: percentile(0.5), p99: percentile(0.99),
                           longest: Double(counts.longest) / 1e6)
        }
    }
}

/// What made an engine-made table, in its header: the engine's fingerprint then, the digests of the
/// engine-made tables it read, and the `make` target that makes it again. A test fails when either
/// differs from the current engine's and tables', naming the target.
public struct TableProvenance: Hashable, Sendable {
    public let target: String
    public let engine: String
    /// Each upstream table's name (`keep-pegging`) and its digest when this one was made.
    public let upstream: [String: String]

    public init(target: String, engine: String, upstream: [String: String] = [:]) {
        self.target = target
        self.engine = engine
        self.upstream = upstream
    }

    /// The digest of a table's text: 16 hexadecimal digits.
    public static func digest(_ text: String) -> String {
        var hash = Digest()
        hash.add(text: text)
        return hash.hex
    }

    /// Why the table is stale against the engine and the tables now (`digests` by name); nil when
    /// it is current.
    public func staleness(engine: String, digests: [String: String]) -> String? {
        if self.engine != engine { return "made by engine \(self.engine), the engine is \(engine) now" }
        for (name, digest) in upstream.sorted(by: { $0.key < $1.key }) where digests[name] != digest {
            return "made from \(name) \(digest), which is \(digests[name] ?? "gone") now"
        }
        return nil
    }

    /// As the header writes it: `TableProvenance(target: …, engine: …, upstream: […])`.
    public var source: String {
        let entries = upstream.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }
        return "TableProvenance(target: \"\(target)\", engine: \"\(engine)\", upstream: [\(entries.isEmpty ? ":" : entries.joined(separator: ", "))])"
    }
}

/// FNV-1a, 64 bits, over lines of text: the fingerprint's and the tables' digests.
public struct Digest: Sendable {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add(text: String) {
        for byte in text.utf8 {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }
        state ^= 0x0A
        state = state &* 0x0000_0100_0000_01B3
    }

    /// 16 hexadecimal digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

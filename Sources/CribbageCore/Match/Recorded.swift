/// A value as something kept names it (a finished game's level, a drill's theme): one this version
/// knows, or one a newer version wrote. An unknown one is kept as written and shown as unknown,
/// never a reason to call the whole corrupt (Docs/Architecture.md, "Data that ages well").
public enum Recorded<Value>: Hashable, Sendable, Codable
where Value: RawRepresentable & Hashable & Sendable, Value.RawValue == String {
    case known(Value)
    case unknown(String)

    public init(_ raw: String) { self = Value(rawValue: raw).map(Self.known) ?? .unknown(raw) }

    /// The value, when this version knows it.
    public var known: Value? { if case .known(let value) = self { value } else { nil } }

    /// The name as written.
    public var raw: String {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let raw): raw
        }
    }

    /// The name to show: a known one as it is, an unknown one said so ("'grandmaster' (unknown)"),
    /// cut to a readable length and with no control characters.
    public var text: String {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let raw): "\(raw.escapingControlCharacters.quotedToken) (unknown)"
        }
    }

    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

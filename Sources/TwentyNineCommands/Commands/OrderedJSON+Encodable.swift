#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OrderedJSON {
    /// The JSON of an `Encodable` value, its keys in the order the value encodes them (the
    /// declaration order, for synthesised conformances); dates as ISO 8601 in UTC.
    ///
    ///     OrderedJSON(encoding: game).text
    init(encoding value: some Encodable) throws {
        let node = EncodingNode()
        try node.encode(value, codingPath: [])
        self = node.json
    }

    /// A date as the JSON writes it: ISO 8601 in UTC, to the second.
    static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }
}

/// One value being encoded: filled in by whichever container the value asks for. Asking for a
/// keyed container twice (a wrapper that encodes a wrapped value's fields beside its own)
/// writes both into one object.
private final class EncodingNode {
    enum Content {
        case empty
        case value(OrderedJSON)
        case object([(key: String, node: EncodingNode)])
        case array([EncodingNode])
    }

    var content = Content.empty

    var json: OrderedJSON {
        switch content {
        case .empty: .null
        case .value(let value): value
        case .object(let members): .object(members.map { ($0.key, $0.node.json) })
        case .array(let elements): .array(elements.map(\.json))
        }
    }

    func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let date as Date: content = .value(.string(OrderedJSON.iso8601(date)))
        case let double as Double: content = .value(.number(double))
        case let string as String: content = .value(.string(string))
        case let bool as Bool: content = .value(.bool(bool))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// A member of this object, replacing one of the same key.
    func member(_ key: String) -> EncodingNode {
        var members: [(key: String, node: EncodingNode)] = []
        if case .object(let existing) = content { members = existing }
        let node = EncodingNode()
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].node = node } else {
            members.append((key, node))
        }
        content = .object(members)
        return node
    }

    func element() -> EncodingNode {
        var elements: [EncodingNode] = []
        if case .array(let existing) = content { elements = existing }
        let node = EncodingNode()
        content = .array(elements + [node])
        return node
    }

    func makeObject() { if case .object = content {} else { content = .object([]) } }
    func makeArray() { if case .array = content {} else { content = .array([]) } }

}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try node.member(key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let member = node.member(key.stringValue)
        member.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: member, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = node.member(key.stringValue)
        member.makeArray()
        return UnkeyedNodeContainer(node: member, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let elements) = node.content { return elements.count }
        return 0
    }

    mutating func encodeNil() throws { node.element().content = .value(.null) }

    mutating func encode(_ value: some Encodable) throws {
        let path = codingPath + [IndexKey(count)]
        try node.element().encode(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey> {
        let element = node.element()
        element.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: element, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = node.element()
        element.makeArray()
        return UnkeyedNodeContainer(node: element, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.element(), codingPath: codingPath) }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(.number(value)) }
    mutating func encode(_ value: Float) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int) throws { node.content = .value(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: UInt) throws { node.content = .value(Self.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(Self.unsigned(value)) }
    mutating func encode(_ value: some Encodable) throws { try node.encode(value, codingPath: codingPath) }

    /// An unsigned value past `Int.max` is written as a decimal number, never trapped on.
    private static func unsigned(_ value: UInt64) -> OrderedJSON {
        value <= UInt64(Int.max) ? .int(Int(value)) : .number(Double(value))
    }
}

import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A history part read straight from its bytes, many times faster than `JSONDecoder` (a game's
/// summary in a few microseconds: keys matched as bytes, no string made for a key, no
/// allocation for an object): objects, arrays, strings, whole numbers,
/// `null`, and dates as the files write them (`2026-11-21T23:05:42Z`). Anything else, and
/// anything wrong, is no answer (nil): the file is then read by `JSONDecoder`, which reads
/// what this does not and says what is wrong. A key given twice is no answer either.
extension HistoryPart {
    public static func decodeQuickly(_ data: Data) -> HistoryPart? {
        data.withUnsafeBytes { raw -> HistoryPart? in
            var reader = QuickJSON(raw.bindMemory(to: UInt8.self))
            // A newer version is the slower reader's to name.
            guard let part = try? reader.part(), reader.atEnd, part.version <= HistoryPart.version else { return nil }
            return part
        }
    }
}

extension FinishedGame {
    /// One game of the history (a row's summary) read straight from its bytes; nil when they are
    /// not of the shape the quick reader reads.
    static func decodeQuickly(_ data: Data) -> FinishedGame? {
        data.withUnsafeBytes { raw -> FinishedGame? in
            var reader = QuickJSON(raw.bindMemory(to: UInt8.self))
            guard let game = try? reader.game(), reader.atEnd else { return nil }
            return game
        }
    }
}

/// How deep JSON nests, found without recursion: every reader refuses bytes nested deeper than
/// `limit` before it reads them (no file holds more than a few levels; 200,000 nested arrays
/// overflowed the stack of a recursive reader).
enum JSONDepth {
    static let limit = 64

    /// Whether the bytes nest deeper than `limit` (brackets in strings are not counted).
    static func exceeds(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var depth = 0, inString = false, escaped = false
            for byte in raw {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    if depth > limit { return true }
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
            }
            return false
        }
    }
}

/// Not what `QuickJSON` reads: the slower reader takes over.
private struct NotQuick: Error {}

/// A cursor over JSON's bytes that reads the history's shapes and nothing else.
private struct QuickJSON {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func peek() throws(NotQuick) -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw NotQuick() }
        return bytes[index]
    }

    mutating func expect(_ byte: UInt8) throws(NotQuick) {
        guard try peek() == byte else { throw NotQuick() }
        index += 1
    }

    /// `null`, taken when it is next.
    mutating func null() throws(NotQuick) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        guard index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
              bytes[index + 3] == UInt8(ascii: "l") else { throw NotQuick() }
        index += 4
        return true
    }

    /// The bytes of a string with no escape and no control character, as a range (the quotes
    /// passed); `ascii` says whether each byte is below 0x80.
    mutating func stringBytes() throws(NotQuick) -> (range: Range<Int>, ascii: Bool) {
        try expect(Self.quote)
        let start = index
        var high: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                index += 1
                return (start..<(index - 1), high < 0x80)
            }
            guard byte >= 0x20, byte != Self.backslash else { throw NotQuick() }
            high |= byte
            index += 1
        }
        throw NotQuick()
    }

    /// A string with no escape (a name, an id, a date: what the files hold); one with an
    /// escape is left to the slower reader.
    mutating func string() throws(NotQuick) -> String {
        let (range, ascii) = try stringBytes()
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        if ascii { return String(decoding: text, as: UTF8.self) }
        guard let valid = String(validating: text, as: UTF8.self) else { throw NotQuick() }
        return valid
    }

    /// A whole number of at most 15 digits, with a sign or none.
    mutating func int() throws(NotQuick) -> Int {
        _ = try peek()
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        guard index > start, index - start <= 15, !(bytes[start] == 0x30 && index - start > 1) else { throw NotQuick() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            throw NotQuick()
        }
        return negative ? -value : value
    }

    /// A date as the files write it, in UTC to the second, read from its bytes.
    mutating func date() throws(NotQuick) -> Date {
        let (range, _) = try stringBytes()
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z") else { throw NotQuick() }
        func number(_ from: Int, _ to: Int) throws(NotQuick) -> Int {
            var value = 0
            for at in from..<to {
                guard (0x30...0x39).contains(text[at]) else { throw NotQuick() }
                value = value * 10 + Int(text[at] - 0x30)
            }
            return value
        }
        let year = try number(0, 4), month = try number(5, 7), day = try number(8, 10)
        let hour = try number(11, 13), minute = try number(14, 16), second = try number(17, 19)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = month == 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
        guard year >= 1, (1...12).contains(month), (1...monthDays).contains(day), hour < 24, minute < 60, second < 60 else {
            throw NotQuick()
        }
        // Days since 1970 of a civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Whether the bytes at `range` are `name`'s.
    func bytes(_ range: Range<Int>, are name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let other = name.utf8Start
        var at = 0
        for byte in bytes[range] {
            guard byte == other[at] else { return false }
            at += 1
        }
        return true
    }

    /// Each key of an object in turn, `read` taking its value with the key's place in `keys` (nil
    /// for a key it does not know); a key given twice is no answer. Keys are matched as bytes:
    /// no string is made for one. A key that is not ASCII is left to the slower reader.
    mutating func object(_ keys: [StaticString], _ read: (inout QuickJSON, Int?) throws(NotQuick) -> Void) throws(NotQuick) {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        var seen: UInt64 = 0
        var unknown: [Range<Int>] = []
        while true {
            let (range, ascii) = try stringBytes()
            guard ascii else { throw NotQuick() }
            let known = keys.firstIndex { bytes(range, are: $0) }
            if let known {
                guard seen & (1 << UInt64(known)) == 0 else { throw NotQuick() }
                seen |= 1 << UInt64(known)
            } else {
                guard !unknown.contains(where: { bytes[$0].elementsEqual(bytes[range]) }) else { throw NotQuick() }
                unknown.append(range)
            }
            try expect(UInt8(ascii: ":"))
            try read(&self, known)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw NotQuick()
            }
        }
    }

    mutating func array<T>(_ read: (inout QuickJSON) throws(NotQuick) -> T) throws(NotQuick) -> [T] {
        try expect(UInt8(ascii: "["))
        var values: [T] = []
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return values
        }
        while true {
            values.append(try read(&self))
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return values
            default: throw NotQuick()
            }
        }
    }

    /// A value of a key the history does not know, passed over as `JSONDecoder` passes over it;
    /// one nested deeper than `JSONDepth.limit` is no answer (and the slower reader refuses it).
    mutating func skipValue(depth: Int = 0) throws(NotQuick) {
        guard depth < JSONDepth.limit else { throw NotQuick() }
        switch try peek() {
        case UInt8(ascii: "{"): try object([]) { (reader, _) throws(NotQuick) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): _ = try array { (reader) throws(NotQuick) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "n"): _ = try null()
        default: _ = try int()
        }
    }

    static let partKeys: [StaticString] = ["version", "part", "sealedStarts", "removed", "games"]

    mutating func part() throws(NotQuick) -> HistoryPart {
        var part = HistoryPart()
        var version: Int?, games: [FinishedGame]?
        try object(Self.partKeys) { (reader, key) throws(NotQuick) in
            switch key {
            case 0: version = try reader.int()
            case 1: if try !reader.null() { part.part = try reader.int() }
            case 2: if try !reader.null() { part.sealedStarts = try reader.date() }
            case 3: if try !reader.null() { part.removed = try reader.array { (reader) throws(NotQuick) in try reader.string() } }
            case 4: games = try reader.array { (reader) throws(NotQuick) in try reader.game() }
            default: try reader.skipValue()
            }
        }
        guard let version, let games else { throw NotQuick() }
        part.version = version
        part.games = games
        return part
    }

    static let gameKeys: [StaticString] = ["id", "started", "finished", "seating", "target", "sides", "totals", "rounds", "winner",
                                           "margin", "matchPoints", "losers", "players", "level"]

    mutating func game() throws(NotQuick) -> FinishedGame {
        var id: String?, started: Date?, finished: Date?, seating: Game.Seating?, target: Int?, sides: [String]?
        var totals: [Int]?, rounds: Int?, winner: String?, margin: Int?, matchPoints: Int?, losers: [FinishedGame.Loser]?
        var players: [FinishedGame.Player]?, level: Recorded<ComputerLevel>?
        try object(Self.gameKeys) { (reader, key) throws(NotQuick) in
            switch key {
            case 0: id = try reader.string()
            case 1: started = try reader.date()
            case 2: finished = try reader.date()
            case 3: seating = Game.Seating(rawValue: try reader.string())
            case 4: target = try reader.int()
            case 5: sides = try reader.array { (reader) throws(NotQuick) in try reader.string() }
            case 6: totals = try reader.array { (reader) throws(NotQuick) in try reader.int() }
            case 7: rounds = try reader.int()
            case 8: if try !reader.null() { winner = try reader.string() }
            case 9: if try !reader.null() { margin = try reader.int() }
            case 10: matchPoints = try reader.int()
            case 11: losers = try reader.array { (reader) throws(NotQuick) in try reader.loser() }
            case 12: if try !reader.null() { players = try reader.array { (reader) throws(NotQuick) in try reader.player() } }
            case 13:
                if try !reader.null() {
                    level = Recorded(try reader.string())
                }
            default: try reader.skipValue()
            }
        }
        guard let id, let started, let finished, let seating, let target, let sides, let totals, let rounds, let matchPoints,
              let losers else { throw NotQuick() }
        return FinishedGame(id: id, started: started, finished: finished, seating: seating, target: target, sides: sides,
                            totals: totals, rounds: rounds, winner: winner, margin: margin, matchPoints: matchPoints,
                            losers: losers, players: players, level: level)
    }

    static let loserKeys: [StaticString] = ["name", "total", "skunk", "matchPoints"]

    mutating func loser() throws(NotQuick) -> FinishedGame.Loser {
        var name: String?, total: Int?, skunk: Game.Skunk?, matchPoints: Int?
        try object(Self.loserKeys) { (reader, key) throws(NotQuick) in
            switch key {
            case 0: name = try reader.string()
            case 1: total = try reader.int()
            case 2:
                guard let value = Game.Skunk(rawValue: try reader.string()) else { throw NotQuick() }
                skunk = value
            case 3: matchPoints = try reader.int()
            default: try reader.skipValue()
            }
        }
        guard let name, let total, let skunk, let matchPoints else { throw NotQuick() }
        return FinishedGame.Loser(name: name, total: total, skunk: skunk, matchPoints: matchPoints)
    }

    static let playerKeys: [StaticString] = ["name", "side", "tally"]

    mutating func player() throws(NotQuick) -> FinishedGame.Player {
        var name: String?, side: Int?, tally: Game.Tally?
        try object(Self.playerKeys) { (reader, key) throws(NotQuick) in
            switch key {
            case 0: name = try reader.string()
            case 1: side = try reader.int()
            case 2: tally = try reader.tally()
            default: try reader.skipValue()
            }
        }
        guard let name, let side, let tally else { throw NotQuick() }
        return FinishedGame.Player(name: name, side: side, tally: tally)
    }

    static let tallyKeys: [StaticString] = ["pegged", "heels", "hands", "handsCounted", "cribs", "cribsCounted", "corrections"]

    mutating func tally() throws(NotQuick) -> Game.Tally {
        var tally = Game.Tally()
        // Each of the seven numbers a bit: all seven read (each once: `object` refuses a key twice).
        var read = 0
        try object(Self.tallyKeys) { (reader, key) throws(NotQuick) in
            switch key {
            case 0: tally.pegged = try reader.int()
            case 1: tally.heels = try reader.int()
            case 2: tally.hands = try reader.int()
            case 3: tally.handsCounted = try reader.int()
            case 4: tally.cribs = try reader.int()
            case 5: tally.cribsCounted = try reader.int()
            case 6: tally.corrections = try reader.int()
            default: try reader.skipValue()
            }
            if let key { read |= 1 << key }
        }
        guard read == 127 else { throw NotQuick() }
        return tally
    }
}

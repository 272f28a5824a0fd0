import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A history part read straight from its bytes, some five times faster than `JSONDecoder`
/// (20,000 games are listed in well under a second): objects, arrays, strings, whole numbers,
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

    /// A string with no escape (a name, an id, a date: what the files hold); one with an
    /// escape is left to the slower reader.
    mutating func string() throws(NotQuick) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) else {
                    throw NotQuick()
                }
                index += 1
                return text
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { throw NotQuick() }
            index += 1
        }
        throw NotQuick()
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
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw NotQuick()
        }
        return negative ? -value : value
    }

    /// A date as the files write it, in UTC to the second.
    mutating func date() throws(NotQuick) -> Date {
        let text = Array(try string().utf8)
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z") else { throw NotQuick() }
        func number(_ range: Range<Int>) throws(NotQuick) -> Int {
            var value = 0
            for at in range {
                guard (0x30...0x39).contains(text[at]) else { throw NotQuick() }
                value = value * 10 + Int(text[at] - 0x30)
            }
            return value
        }
        let year = try number(0..<4), month = try number(5..<7), day = try number(8..<10)
        let hour = try number(11..<13), minute = try number(14..<16), second = try number(17..<19)
        let monthDays = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard year >= 1, (1...12).contains(month), (1...monthDays[month - 1]).contains(day), hour < 24, minute < 60, second < 60 else {
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

    /// Each key of an object in turn, `read` taking its value; a key given twice is no answer.
    mutating func object(_ read: (inout QuickJSON, String) throws(NotQuick) -> Void) throws(NotQuick) {
        try expect(UInt8(ascii: "{"))
        var seen: [String] = []
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try string()
            guard !seen.contains(key) else { throw NotQuick() }
            seen.append(key)
            try expect(UInt8(ascii: ":"))
            try read(&self, key)
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
        case UInt8(ascii: "{"): try object { (reader, _) throws(NotQuick) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): _ = try array { (reader) throws(NotQuick) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "n"): _ = try null()
        default: _ = try int()
        }
    }

    mutating func part() throws(NotQuick) -> HistoryPart {
        var part = HistoryPart()
        var version: Int?, games: [FinishedGame]?
        try object { (reader, key) throws(NotQuick) in
            switch key {
            case "version": version = try reader.int()
            case "part": if try !reader.null() { part.part = try reader.int() }
            case "sealedStarts": if try !reader.null() { part.sealedStarts = try reader.date() }
            case "removed": if try !reader.null() { part.removed = try reader.array { (reader) throws(NotQuick) in try reader.string() } }
            case "games": games = try reader.array { (reader) throws(NotQuick) in try reader.game() }
            default: try reader.skipValue()
            }
        }
        guard let version, let games else { throw NotQuick() }
        part.version = version
        part.games = games
        return part
    }

    mutating func game() throws(NotQuick) -> FinishedGame {
        var id: String?, started: Date?, finished: Date?, seating: Game.Seating?, target: Int?, sides: [String]?
        var totals: [Int]?, rounds: Int?, winner: String?, margin: Int?, matchPoints: Int?, losers: [FinishedGame.Loser]?
        var players: [FinishedGame.Player]?, level: Recorded<ComputerLevel>?
        try object { (reader, key) throws(NotQuick) in
            switch key {
            case "id": id = try reader.string()
            case "started": started = try reader.date()
            case "finished": finished = try reader.date()
            case "seating": seating = Game.Seating(rawValue: try reader.string())
            case "target": target = try reader.int()
            case "sides": sides = try reader.array { (reader) throws(NotQuick) in try reader.string() }
            case "totals": totals = try reader.array { (reader) throws(NotQuick) in try reader.int() }
            case "rounds": rounds = try reader.int()
            case "winner": if try !reader.null() { winner = try reader.string() }
            case "margin": if try !reader.null() { margin = try reader.int() }
            case "matchPoints": matchPoints = try reader.int()
            case "losers": losers = try reader.array { (reader) throws(NotQuick) in try reader.loser() }
            case "players": if try !reader.null() { players = try reader.array { (reader) throws(NotQuick) in try reader.player() } }
            case "level":
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

    mutating func loser() throws(NotQuick) -> FinishedGame.Loser {
        var name: String?, total: Int?, skunk: Game.Skunk?, matchPoints: Int?
        try object { (reader, key) throws(NotQuick) in
            switch key {
            case "name": name = try reader.string()
            case "total": total = try reader.int()
            case "skunk":
                guard let value = Game.Skunk(rawValue: try reader.string()) else { throw NotQuick() }
                skunk = value
            case "matchPoints": matchPoints = try reader.int()
            default: try reader.skipValue()
            }
        }
        guard let name, let total, let skunk, let matchPoints else { throw NotQuick() }
        return FinishedGame.Loser(name: name, total: total, skunk: skunk, matchPoints: matchPoints)
    }

    mutating func player() throws(NotQuick) -> FinishedGame.Player {
        var name: String?, side: Int?, tally: Game.Tally?
        try object { (reader, key) throws(NotQuick) in
            switch key {
            case "name": name = try reader.string()
            case "side": side = try reader.int()
            case "tally": tally = try reader.tally()
            default: try reader.skipValue()
            }
        }
        guard let name, let side, let tally else { throw NotQuick() }
        return FinishedGame.Player(name: name, side: side, tally: tally)
    }

    mutating func tally() throws(NotQuick) -> Game.Tally {
        var values: [String: Int] = [:]
        try object { (reader, key) throws(NotQuick) in
            switch key {
            case "pegged", "heels", "hands", "handsCounted", "cribs", "cribsCounted", "corrections": values[key] = try reader.int()
            default: try reader.skipValue()
            }
        }
        guard values.count == 7 else { throw NotQuick() }
        var tally = Game.Tally()
        tally.pegged = values["pegged"]!
        tally.heels = values["heels"]!
        tally.hands = values["hands"]!
        tally.handsCounted = values["handsCounted"]!
        tally.cribs = values["cribs"]!
        tally.cribsCounted = values["cribsCounted"]!
        tally.corrections = values["corrections"]!
        return tally
    }
}

import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// `twentynine game --json`: where the game is saved, whether the last change was, where the
/// game stands, then the saved game's own fields (version, id, started, game with its log)
/// with the values `game.json` holds; `status` and those fields are null with no game.
struct GameReport: Encodable {
    let file: String
    let saved: Bool
    let status: Status?
    let game: SavedGame?

    init(session: GameSession, saved: Bool = true) {
        file = session.gamePath
        self.saved = saved
        status = session.saved.map { Status($0.game) }
        // What the file owes the history is the store's business, settled on the next open.
        game = session.saved.map { game in
            var game = game
            game.unrecorded = []
            return game
        }
    }

    private enum Keys: String, CodingKey { case file, saved, status, game }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(file, forKey: .file)
        try container.encode(saved, forKey: .saved)
        try container.encode(status, forKey: .status)
        if let game { try game.encode(to: encoder) } else { try container.encodeNil(forKey: .game) }
    }

    /// What follows from the log: round, dealer, phase, sides with their pegs, the result.
    struct Status: Encodable {
        struct Side: Encodable {
            let name: String
            let players: [Int]
            let total: Int
            let backPeg: Int
        }

        struct Next: Encodable {
            let player: Int
            let count: String
        }

        struct Loser: Encodable {
            let side: Int
            let name: String
            let total: Int
            let skunk: Game.Skunk
            let matchPoints: Int
        }

        struct Outcome: Encodable {
            let winner: Int
            let name: String
            let total: Int
            let margin: Int
            let matchPoints: Int
            let losers: [Loser]
        }

        let round: Int
        let dealer: Int
        let phase: String
        let next: Next?
        let sides: [Side]
        let result: Outcome?

        init(_ game: Game) {
            round = game.round
            dealer = game.dealer + 1
            switch game.phase {
            case .cut: phase = "cut"
            case .play: phase = "play"
            case .show: phase = "show"
            case .over: phase = "over"
            }
            next = game.nextCount.map { Next(player: $0.player + 1, count: $0.rules == .crib ? "crib" : "hand") }
            sides = game.pegs.enumerated().map { side, pegs in
                Side(name: game.name(ofSide: side), players: game.seating.players(on: side).map { $0 + 1 },
                     total: pegs.front, backPeg: pegs.back)
            }
            result = game.result.map { result in
                Outcome(winner: result.winner + 1, name: game.name(ofSide: result.winner), total: result.winningTotal,
                        margin: result.margin, matchPoints: result.matchPoints,
                        losers: result.losers.map {
                            Loser(side: $0.side + 1, name: game.name(ofSide: $0.side), total: $0.total, skunk: $0.skunk,
                                  matchPoints: $0.matchPoints)
                        })
            }
        }
    }

    /// One line of JSON, as every command writes it: keys in the order the value writes them, dates in ISO 8601.
    static func json(_ value: some Encodable) -> String {
        (try? OrderedJSON(encoding: value).text) ?? "null"
    }

    /// The minute a game ended, in UTC: `2026-11-21 23:05` (seconds dropped, not rounded).
    static func minute(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func digits(_ value: Int?, _ count: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return "\(digits(parts.year, 4))-\(digits(parts.month, 2))-\(digits(parts.day, 2)) "
            + "\(digits(parts.hour, 2)):\(digits(parts.minute, 2))"
    }

    /// `game --history --json`: `file`, then `games`, oldest first, each with its `id` (which
    /// names its record), its dates, seating, target, sides and totals, rounds, the result, the
    /// players' points by kind, and the computer's `level` in a game against it. Written straight
    /// into one string: 20,000 games print in a blink.
    static func historyJSON(_ history: History, path: String) -> String {
        var output = "{\"file\":"
        OrderedJSON.append(quoted: path, to: &output)
        output += ",\"games\":["
        func key(_ name: String) { output += "\"\(name)\":" }
        func text(_ name: String, _ value: String) {
            key(name)
            OrderedJSON.append(quoted: value, to: &output)
            output += ","
        }
        func number(_ name: String, _ value: Int, last: Bool = false) { output += "\"\(name)\":\(value)\(last ? "" : ",")" }
        func list<T>(_ name: String, _ values: [T], _ write: (T) -> Void) {
            key(name)
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                write(value)
            }
            output += "],"
        }
        for (index, game) in history.games.enumerated() {
            output += index == 0 ? "{" : ",{"
            text("id", game.id)
            text("started", iso8601(game.started))
            text("finished", iso8601(game.finished))
            text("seating", game.seating.rawValue)
            number("target", game.target)
            list("sides", game.sides) { OrderedJSON.append(quoted: $0, to: &output) }
            list("totals", game.totals) { output += String($0) }
            number("rounds", game.rounds)
            if let winner = game.winner { text("winner", winner) }
            if let margin = game.margin { number("margin", margin) }
            number("matchPoints", game.matchPoints)
            list("losers", game.losers) { loser in
                output += "{"
                text("name", loser.name)
                number("total", loser.total)
                text("skunk", loser.skunk.rawValue)
                number("matchPoints", loser.matchPoints, last: true)
                output += "}"
            }
            if let players = game.players {
                list("players", players) { player in
                    output += "{"
                    text("name", player.name)
                    number("side", player.side)
                    let tally = player.tally
                    output += "\"tally\":{"
                    number("pegged", tally.pegged)
                    number("heels", tally.heels)
                    number("hands", tally.hands)
                    number("handsCounted", tally.handsCounted)
                    number("cribs", tally.cribs)
                    number("cribsCounted", tally.cribsCounted)
                    number("corrections", tally.corrections, last: true)
                    output += "}}"
                }
            }
            if let level = game.level { text("level", level.raw) }
            output.removeLast()
            output += "}"
        }
        output += "]}"
        return output
    }

    /// A date as the files and the JSON give it, `2026-11-21T23:05:42Z`: worked out from the
    /// count of days (no calendar, which takes some microseconds a date).
    static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let civil = CivilDate(daysSince1970: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-\(two(month))-\(two(day))T"
            + "\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// `game --history`: one line a game, oldest first.
    static func historyText(_ history: History, path: String) -> String {
        guard !history.games.isEmpty else { return "No finished games yet (\(path))." }
        return history.games.map { game in
            let players = game.sides.joined(separator: " v ")
            guard let winner = game.winner, let margin = game.margin else {
                let scores = game.totals.map(String.init).joined(separator: "–")
                return "\(minute(game.finished))  \(players)  abandoned in round \(game.rounds) at \(scores)"
            }
            // The words every game's end is said in (`ReviewWords.resultText`): the winner at the target.
            let result = Game.resultText(winner: winner, target: game.target,
                                                losers: game.losers.map { ($0.name, $0.total, $0.skunk) }, margin: margin)
            let points = game.matchPoints == 1 ? "1 match point" : "\(game.matchPoints) match points"
            return "\(minute(game.finished))  \(players)  \(result), in a game to \(game.target): " + points
                + (game.level.map { " (against the computer, \($0.text))" } ?? "")
        }.joined(separator: "\n")
    }

    /// `game --stats`: a line a player, in the order they first played; then, with the reviews
    /// of the games against the computer, your error rate across them (`errorRateLines`).
    static func statisticsText(_ statistics: [PlayerStatistics], history: History, path: String,
                               reviewed: ReviewedGames? = nil) -> String {
        guard !statistics.isEmpty else { return "No finished games yet (\(path))." }
        let header = ["Player", "Games", "Won", "Skunks given", "taken", "Pegged a round", "Hand", "Crib"]
        let rows = statistics.map { player in
            [player.name, String(player.games), String(player.wins),
             String(player.skunksGiven + player.doubleSkunksGiven), String(player.skunksTaken + player.doubleSkunksTaken),
             average(player.peggedPerRound), average(player.handAverage), average(player.cribAverage)]
        }
        let columns = TextColumns(fitting: [header] + rows) { column, _ in column == 0 }
        var lines = [columns.line(header), columns.rule] + rows.map(columns.line)
        lines.append("Skunks include double skunks. Averages: the play's points a round, a hand's and a crib's count.")
        let abandoned = statistics.map(\.abandoned).max() ?? 0
        if abandoned > 0 { lines.append("Abandoned games count in the averages, not in games and wins.") }
        // The levels in their order, then any a newer version wrote, each shown as unknown.
        let unknown = Set(history.games.compactMap { $0.level?.known == nil ? $0.level : nil }).sorted { $0.raw < $1.raw }
        let levels = (ComputerLevel.allCases.map(Recorded.known) + unknown).compactMap { level -> String? in
            let games = history.games.filter { $0.level == level && !$0.isAbandoned }
            guard !games.isEmpty else { return nil }
            let won = games.filter { $0.winner == TableGame.names[TableGame.player] }.count
            return "\(level.text) \(won) won of \(games.count)"
        }
        if !levels.isEmpty { lines.append("Against the computer: " + levels.joined(separator: ", ") + ".") }
        if let reviewed { lines += errorRateLines(reviewed) }
        return lines.joined(separator: "\n")
    }

    private static func average(_ value: Double?) -> String { value.map { $0.decimal(places: 1) } ?? "-" }

    /// `game --stats --json`: `file`, then `players`, each with its counts and averages (null
    /// where nothing was counted); with the reviews, `errorRate` (`errorRateJSON`).
    static func statisticsJSON(_ statistics: [PlayerStatistics], path: String, reviewed: ReviewedGames? = nil) -> OrderedJSON {
        func number(_ value: Double?) -> OrderedJSON { value.map(OrderedJSON.number) ?? .null }
        var members: [(key: String, value: OrderedJSON)] = [
            ("file", .string(path)),
            ("players", .array(statistics.map { player in
                .object([
                    ("name", .string(player.name)),
                    ("games", .int(player.games)),
                    ("wins", .int(player.wins)),
                    ("abandoned", .int(player.abandoned)),
                    ("skunksGiven", .int(player.skunksGiven)),
                    ("doubleSkunksGiven", .int(player.doubleSkunksGiven)),
                    ("skunksTaken", .int(player.skunksTaken)),
                    ("doubleSkunksTaken", .int(player.doubleSkunksTaken)),
                    ("rounds", .int(player.rounds)),
                    ("pegged", .int(player.tally.pegged)),
                    ("peggedPerRound", number(player.peggedPerRound)),
                    ("hands", .int(player.tally.handsCounted)),
                    ("handAverage", number(player.handAverage)),
                    ("cribs", .int(player.tally.cribsCounted)),
                    ("cribAverage", number(player.cribAverage)),
                ])
            })),
        ]
        if let reviewed { members.append((key: "errorRate", value: errorRateJSON(reviewed))) }
        return .object(members)
    }
}

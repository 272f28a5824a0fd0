import Canvas
import CribbageCore
import Foundation
@testable import GameStore
import PropertyBased
import TestSupport
import Testing
@testable import CribbageUI

/// Issue 30: the board never saves what the reader refuses. Seeded random sessions on the board
/// press every key group (the starter, his heels, The Play by ranks and by cards, the show from
/// the cards with its flush and nobs, typed totals, seat pegs, corrections, undo, the crib's
/// ranks, a new game and a new set-up); after every save the game is encoded as the store
/// writes it, read back with the store's reader (its version, the replay through the rules,
/// its bounds), and compared with the board's state.
@Suite("Board sessions saved and read back")
struct BoardSessionPropertyTests {
    /// What a run did, for the report and for the test to check it pressed every group.
    struct Tally: CustomStringConvertible {
        var sessions = 0
        var steps = 0
        var saves = 0
        var gamesStarted = 0
        /// The entries the sessions made, by kind, and the undos.
        var entries: [String: Int] = [:]

        var description: String {
            "\(sessions) sessions, \(steps) moves, \(saves) saves (\(gamesStarted) new games); entries: "
                + entries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }

        /// What the move did to the log.
        mutating func add(_ game: Game, after before: Game?) {
            guard let before, before.seating == game.seating, before.names == game.names else { return }
            if game.log.count < before.log.count { entries["undo", default: 0] += 1 }
            if before.toldCut == nil, game.toldCut != nil { entries["starter told", default: 0] += 1 }
            guard game.log.count == before.log.count + 1, let entry = game.log.last else { return }
            let kind = switch entry.score {
            case .heels: "heels"
            case .play(let reasons): reasons.isEmpty ? "typed peg" : "peg from The Play"
            case .hand, .crib:
                game.shown(atEntry: game.log.count - 1).map { $0.cribRanks.isEmpty ? "hand from the cards" : "crib from its ranks" }
                    ?? "typed count"
            case .correction: "correction"
            }
            entries[kind, default: 0] += 1
        }
    }

    /// One move of a session: a group of keys (or an action where no key does it, a card laid
    /// with its suit), chosen from a number in the light of the state, so that most of them do
    /// something.
    enum Move: String, CaseIterable {
        case starter, heels, layRank, layRank2, layRank3, layCard, go, takeBack, leavePlay, showFromCards, showFromCards2
        case flush, nobs, typedTotal, typedTotal2, seatPeg, seatPeg2, correction, undo, cribRank, cribRank2, cribErase
        case escape, backToBoard, showBegun, tab, newGame, setUp, records, digits
        /// The round's next step as a player takes it: the starter, a card of the play, the
        /// show from the cards, the crib's ranks, the next game.
        case advance, advance2, advance3, advance4, advance5, advance6
    }

    static func keys(_ move: Move, _ number: Int, _ app: App) -> [Step] {
        let state = app.state
        let onBoard = state.navigation.top == .board
        let toBoard: [Step] = onBoard ? [] : state.navigation.top == .play ? [.key(.escape)] : [.key(.character("B"))]
        let toPlay: [Step] = state.navigation.top == .play ? [] : toBoard + [.key(.character("t"))]
        let players = state.board?.game.seating.players ?? 2
        func digits(_ value: Int) -> [Step] { String(value).map { .key(.character($0)) } }
        switch move {
        case .starter:
            let rank = Rank.allCases[number % 13], suit = Suit.allCases[(number / 13) % 4]
            return toBoard + [.key(.character("x")), rankKey(rank), .key(.character(Character(suit.letter.lowercased())))]
        case .heels: return toBoard + [.key(.character("h"))]
        case .layRank, .layRank2, .layRank3:
            // A rank that fits the count, of which a card is left; go when none does.
            let play = state.play
            let fits = Rank.allCases.filter { play.play.count + $0.value <= 31 && play.standIn(for: $0) != nil }
            guard !fits.isEmpty else { return toPlay + [.key(.character("g"))] }
            return toPlay + [rankKey(fits[number % fits.count])]
        case .layCard:
            let play = state.play.play
            let laid = Set(play.laid.joined())
            let fits = (0..<52).map { Card(index: $0) }.filter { !laid.contains($0) && play.count + $0.rank.value <= 31 }
            guard !fits.isEmpty else { return toPlay + [.key(.character("g"))] }
            return toPlay + [.action(.play(.cardLaid(fits[number % fits.count])))]
        case .go: return toPlay + [.key(.character("g"))]
        case .takeBack: return toPlay + [.key(.backspace)]
        case .leavePlay: return toBoard
        case .showFromCards, .showFromCards2: return toBoard + [.key(.enter)]
        case .flush: return toBoard + [.key(.character("f"))]
        case .nobs: return toBoard + [.key(.character("n"))]
        case .typedTotal, .typedTotal2:
            // Mostly counts a hand can have; now and then one it cannot, or more than its cards.
            let points = number % 5 == 0 ? number % 31 : [0, 2, 4, 6, 8, 12, 16, 20, 24, 29, 28, 29][number % 12]
            return toBoard + digits(points) + [.key(.enter)]
        case .seatPeg, .seatPeg2:
            let points = number % 7 == 0 ? 10 + number % 25 : 1 + number % 6
            return toBoard + digits(points) + [.key(.character(Array("!@#$")[(number / 40) % players]))]
        case .correction:
            let points = number % 5 == 0 ? 20 + number % 45 : 1 + number % 9
            return toBoard + digits(points) + [.key(.character(number % 3 == 0 ? "-" : "+")),
                                               .key(.character(Array("!@#$")[(number / 90) % players]))]
        case .undo: return toBoard + [.key(.character("u"))]
        case .cribRank, .cribRank2: return toBoard + [rankKey(Rank.allCases[number % 13])]
        case .cribErase: return toBoard + [.key(.backspace)]
        case .escape: return [.key(.escape)]
        case .backToBoard: return [.key(.character("B"))]
        case .showBegun: return toBoard + [.key(.character(number % 2 == 0 ? "s" : "\t"))]
        case .tab: return toBoard + [.key(.tab)]
        case .newGame: return toBoard + [.key(.character("n"))]
        case .setUp:
            // A new game: now and then other seats or length, entered twice over an unfinished one.
            let changes: [Step] = Array(repeating: .key(.right), count: number % 3)
                + (number % 4 == 0 ? [.key(.tab), .key(.right)] : [])
            return toBoard + [.key(.character("N"))] + changes + [.key(.enter), .key(number % 3 == 0 ? .enter : .escape)]
        case .records: return toBoard + [.key(.character("r"))]
        case .digits: return toBoard + digits(number % 1000)
        case .advance, .advance2, .advance3, .advance4, .advance5, .advance6:
            guard let board = state.board else { return [] }
            if board.game.isOver { return toBoard + [.key(.character("n"))] }
            if board.starterEntry != nil || (board.game.roundCut == nil && board.game.phase == .cut && number % 8 != 0) {
                return keys(.starter, number, app)
            }
            if board.inThePlay { return keys(number % 5 == 0 ? .layCard : .layRank, number, app) }
            if board.asksCribCards { return toBoard + [rankKey(Rank.allCases[number % 13])] }
            return toBoard + (number % 6 == 0 ? [.key(.character("f"))] : []) + [.key(.enter)]
        }
    }

    enum Step: CustomStringConvertible {
        case key(KeyInput)
        case action(Action)

        var description: String {
            switch self {
            case .key(.character(let character)): String(character)
            case .key(let key): "\(key)"
            case .action(let action): "\(action)"
            }
        }
    }

    static func rankKey(_ rank: Rank) -> Step {
        .key(.character(rank == .ten ? "t" : Character(rank.notation.lowercased())))
    }

    /// The game as the store writes it, read back as the store reads it: nil when it reads back
    /// as the same game, else what went wrong.
    static func readBack(_ game: Game) -> String? {
        let saved = SavedGame(id: "session", started: Date(timeIntervalSince1970: 1_800_000_000), game: game)
        do {
            let data = try JSONEncoder.store.encode(saved)
            guard data.count <= SavedGame.sizeLimit else { return "\(data.count) bytes, past the reader's limit" }
            let header = try JSONDecoder.store.decode(VersionHeader.self, from: data)
            guard header.version == SavedGame.version else { return "version \(header.version)" }
            let read = try JSONDecoder.store.decode(SavedGame.self, from: data)
            if let problem = read.problem { return "the reader's bounds: \(problem)" }
            guard read.game == game else { return "read back as another game" }
            return nil
        } catch {
            return "the reader refuses it: \(error)"
        }
    }

    /// Plays one session of `numbers` on a fresh board; returns what broke (nil when nothing
    /// did) and adds to `tally`.
    static func session(_ numbers: [Int], _ tally: inout Tally) -> (step: Int, broken: String)? {
        var app = App.standard()
        let seating: [Game.Seating] = [.twoPlayers, .twoPlayers, .threePlayers, .twoTeams]
        let first = numbers.first ?? 0
        app.openBoard(try! Game(seating: seating[first % 4], target: first % 3 == 0 ? .long : .short,
                                dealer: (first / 4) % 2))
        let moves = Move.allCases
        for (index, number) in numbers.enumerated() {
            let move = moves[number % moves.count]
            let before = app.state.board?.game
            for step in keys(move, number / moves.count, app) {
                let effect = switch step {
                case .key(let key): app.handle(key)
                case .action(let action): app.send(action)
                }
                guard case .ask(let ask) = effect else { continue }
                if let save = ask.request as? BoardSave {
                    tally.saves += 1
                    if save.isNew { tally.gamesStarted += 1 }
                    if let broken = readBack(save.game) { return (index, broken) }
                    guard save.game == app.state.board?.game else { return (index, "saved a game that is not the board's") }
                    _ = app.send(.board(.saved(failure: nil)))
                } else if ask.request is BoardRecords {
                    _ = app.send(.board(.recordsShown(.records(["Player  Games"]))))
                }
            }
            tally.steps += 1
            if let game = app.state.board?.game {
                tally.add(game, after: before)
                for pegs in game.pegs where pegs.back > pegs.front { return (index, "a back peg ahead of its front") }
                for entry in game.log { if case .play = entry.score, entry.points > Game.pegRange.upperBound { return (index, "a peg of \(entry.points)") } }
            }
        }
        tally.sessions += 1
        return nil
    }

    /// A failing session cut to its failing step, then each step left out in turn where it
    /// still fails: what is printed is short.
    static func shrunk(_ numbers: [Int]) -> [Int] {
        var tally = Tally()
        guard let failure = session(numbers, &tally) else { return numbers }
        var shortest = Array(numbers.prefix(failure.step + 1))
        var index = 0
        while index < shortest.count {
            var shorter = shortest
            shorter.remove(at: index)
            if session(shorter, &tally) != nil { shortest = shorter } else { index += 1 }
        }
        return shortest
    }

    @Test func everySaveReadsBackAsTheBoardsGame() {
        let seed = ProcessInfo.processInfo.environment["BOARD_SESSIONS_SEED"].flatMap(UInt64.init) ?? 15
        var random = Xoshiro(seed: (29, 121, 61, seed))
        let generator = Gen.int(in: 0...1_000_000).array(of: 40...220)
        var tally = Tally()
        let sessions = ProcessInfo.processInfo.environment["BOARD_SESSIONS"].flatMap(Int.init) ?? seededRuns(full: 300, fast: 60)
        for _ in 0..<sessions {
            let numbers = generator.run(using: &random)
            if let failure = Self.session(numbers, &tally) {
                let short = Self.shrunk(numbers)
                let moves = Move.allCases
                let keys = short.map { "\(moves[$0 % moves.count].rawValue)(\($0 / moves.count))" }
                Issue.record("\(failure.broken) at step \(failure.step); shrunk to \(short.count) moves: \(keys.joined(separator: " ")) [\(short)]")
                return
            }
        }
        print("Board sessions: \(tally)")
        // What 300 sessions cover, in proportion to the sessions run.
        func share(_ of300: Int) -> Int { of300 * sessions / 300 }
        #expect(tally.saves > share(10_000), "\(tally)")
        for kind in ["heels", "typed peg", "peg from The Play", "hand from the cards", "crib from its ranks", "typed count",
                     "correction", "undo"] {
            #expect(tally.entries[kind, default: 0] > share(100), "few entries of \(kind): \(tally)")
        }
        #expect(tally.gamesStarted > share(100), "\(tally)")
    }
}

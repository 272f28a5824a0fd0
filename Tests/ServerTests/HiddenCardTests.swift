@testable import ClubServer
import CribbageCore
import Foundation
import GameStore
import NIOCore
import NIOSSH
import TestSupport
import Testing
import TwentyNineCommands

/// No byte the server sends a player holds a card that player may not see at that moment: seeded
/// matches against the computer played over SSH in process, every message of the channel's data
/// scanned as it came (its text, the escape sequences taken out) and the screen it leaves (a
/// difference may write a card's rank and suit apart), for any card outside what the player has
/// been shown, worked out from the match the server saved (its own state, read from the player's
/// database after each key): their own six (the two thrown among them), the computer's cards as
/// it lays them, the starter once cut, the computer's four once its hand is counted, the crib
/// once it is turned over (counted, or while the player counts it), and the cards cut for deal in
/// the deal they were cut in. Everything else (the computer's hand, the crib, the starter before
/// the cut, the rest of the deck) is hidden; the hint, why, the breakdowns, the tutor and the
/// muggins lines are asked for at every step where they work, in Unicode and in ASCII.
///
/// The cards are looked for as the program draws them: `5♠`, `10♦` (Unicode) and `5S`, `10D`
/// (ASCII, a rank and a suit letter standing alone). Each key waits for the frames it brings
/// (bounded in attempts); a key that deals the next hand checks the frames before the new deal's
/// against the old deal's cards, the rest against the new.
@Suite(.timeLimit(.minutes(3)))
struct HiddenCardTests {
    struct Seeded: Sendable, CustomTestStringConvertible {
        let seed: UInt64
        /// nil: the client sends no locale (Unicode); "C": ASCII.
        let locale: String?
        let muggins: Bool
        let target: Game.Target
        /// Deals to play (or until the game is over).
        let deals: Int
        let width: Int
        let height: Int
        /// The tutor on (its word on a mistake, and the computer's answer held for it).
        let tutor: Bool

        var setup: TableGame.Setup { TableGame.Setup(seed: seed, level: .expert, target: target, muggins: muggins) }
        var ascii: Bool { locale == "C" }
        var testDescription: String {
            "seed \(seed), \(ascii ? "ASCII" : "Unicode"), \(muggins ? "muggins" : "counted for you"), \(deals) deals"
        }
    }

    static let matches = [
        Seeded(seed: 29, locale: nil, muggins: false, target: .long, deals: 2, width: 100, height: 32, tutor: true),
        Seeded(seed: 47, locale: "C", muggins: true, target: .long, deals: 3, width: 80, height: 24, tutor: false),
    ]

    @Test(arguments: matches)
    func noByteSentHoldsACardThePlayerMayNotSee(match: Seeded) throws {
        let server = try TestServer(keeper: { ClubKeeping.keeper(in: $0, table: match.setup) })
        defer { server.stop() }
        let name = "seed\(match.seed)"
        let (client, session) = try #require(try server.player(name, width: match.width, height: match.height,
                                                                locale: match.locale))
        defer { client.close() }
        var player = Player(client: client, session: session, match: match,
                            store: server.folder.file("club/players/\(name)/twentynine"))
        #expect(client.waitForScreen(containing: "q quit", width: match.width, height: match.height))
        // The counter's own screen (cards of its own) is fed to the screen, not checked.
        player.scan.skipTo(client.state.withLockedValue { $0.output.count })
        try player.press("v", expecting: "enter deals the first hand")
        if match.tutor { try player.press("T") }
        var steps = 0
        while steps < 400, let table = player.table, player.dealsDone(table) < match.deals {
            steps += 1
            try player.move(table)
        }
        #expect(steps < 400, "the match went nowhere: \(player.screenText)")
        #expect(player.scan.leaks.isEmpty, "\(player.scan.leaks.prefix(5).joined(separator: "\n"))")
        // The scan sees the cards the program draws: the player's own and the computer's, once shown.
        let shown = player.scan.seen
        #expect(player.ownCards.isSubset(of: shown), "the player's cards \(player.ownCards) not among \(shown)")
        #expect(!player.computerShown.isEmpty && player.computerShown.isSubset(of: shown),
                "the computer's shown cards \(player.computerShown) not among \(shown)")
        #expect(player.asked.isSuperset(of: match.muggins ? ["hint", "why", "breakdown", "claim"] : ["hint", "why", "breakdown"]),
                "\(player.asked)")
        client.send(session, "Q")
        #expect(client.waitUntil { $0.channelClosed })
    }

    /// The scan itself finds a card the player may not see, drawn whole or a difference at a time.
    @Test func theScanFindsAHiddenCard() {
        var scan = CardScan(ascii: false, width: 40, height: 4)
        let hidden = Card(.five, .spades), mine = Card(.ten, .hearts)
        scan.check(Array("\u{1B}[1;1HYou 10♥ \u{1B}[2;1HComputer ▒▒".utf8), allowed: [mine], step: "drawn")
        #expect(scan.leaks.isEmpty)
        // A rank written apart from its suit, by a cursor move between them.
        scan.check(Array("\u{1B}[2;10H5\u{1B}[2;11H♠".utf8), allowed: [mine], step: "apart")
        #expect(scan.leaks.count == 1 && scan.leaks[0].contains(hidden.symbol))
        var ascii = CardScan(ascii: true, width: 40, height: 4)
        ascii.check(Array("\u{1B}[1;1HAS IS 5S, JDX 10D".utf8), allowed: [Card(.ace, .spades)], step: "ascii")
        // 5S and 10D, each in what was sent and on the screen; AS is allowed, JDX is no card.
        #expect(ascii.leaks.count == 4 && ascii.leaks.allSatisfy { $0.contains(" 5S ") || $0.contains(" 10D ") }, "\(ascii.leaks)")
    }
}

/// Finds the cards in what the server sent, and those the player may not see.
struct CardScan {
    let ascii: Bool
    private var screen: VirtualScreen
    private var start = 0
    private(set) var leaks: [String] = []
    private(set) var seen: Set<Card> = []

    init(ascii: Bool, width: Int, height: Int) {
        self.ascii = ascii
        screen = VirtualScreen(width: width, height: height)
    }

    /// Cards by how they are drawn: "5♠" or "5S".
    private static let unicodeCards = Dictionary(uniqueKeysWithValues: Card.all.map { ($0.symbol, $0) })
    private static let asciiCards = Dictionary(uniqueKeysWithValues: Card.all.map { ($0.ascii, $0) })

    /// Output before `offset` is fed to the screen but not checked.
    mutating func skipTo(_ offset: Int) { start = offset }
    var checkedFrom: Int { start }

    var text: String { screen.text }

    /// One message of output: its text and the screen it leaves, each card in either allowed.
    mutating func check(_ bytes: [UInt8], allowed: Set<Card>, step: String) {
        screen.feed(bytes)
        let found = cards(in: Self.withoutEscapes(bytes)).map { ($0, "sent") } + cards(in: screen.text).map { ($0, "on the screen") }
        for (card, where_) in found {
            seen.insert(card)
            if !allowed.contains(card) {
                let line = where_ == "sent" ? Self.withoutEscapes(bytes) : screen.text
                let shownCard = ascii ? card.ascii : card.symbol
                let context = line.split(separator: "\n").first { $0.contains(shownCard) }.map(String.init) ?? ""
                leaks.append("after \(step): \(shownCard) \(where_): \(context.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    /// Feeds output without checking it.
    mutating func feed(_ bytes: [UInt8]) { screen.feed(bytes) }

    /// The text of some output with each escape sequence a line break, so that text on either
    /// side of a cursor move is not read as one word.
    static func withoutEscapes(_ bytes: [UInt8]) -> String {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\u{1B}" else {
                text.append(scalar.value < 0x20 ? "\n" : scalar)
                continue
            }
            text.append("\n")
            guard index < scalars.count else { break }
            let next = scalars[index]
            index += 1
            if next == "[" {
                while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
                index += 1
            } else if next == "(" || next == ")" {
                index += 1
            }
        }
        return String(text)
    }

    /// Every card drawn in `text`: a rank (not after a letter or digit) and a suit, and in ASCII
    /// not before a letter or digit either.
    func cards(in text: String) -> [Card] {
        let characters = Array(text)
        var found: [Card] = []
        for index in characters.indices {
            if index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber { continue }
            for length in [2, 3] where index + length <= characters.count {
                let word = String(characters[index..<(index + length)])
                let card = ascii ? Self.asciiCards[word] : Self.unicodeCards[word]
                guard let card else { continue }
                if ascii, index + length < characters.count,
                   characters[index + length].isLetter || characters[index + length].isNumber { continue }
                found.append(card)
            }
        }
        return found
    }
}

extension HiddenCardTests {
    /// The player: presses keys as the match asks, each checked.
    struct Player {
        let client: TestClient
        let session: Channel
        let match: Seeded
        let store: String
        var scan: CardScan
        /// What the player was shown, for the scan's own check.
        var ownCards: Set<Card> = []
        var computerShown: Set<Card> = []
        /// The panels and lines asked for.
        var asked: Set<String> = []
        /// Keys pressed in this deal: the hint and why once a stage.
        private var pressedThisStage: Set<String> = []
        private var stageKey = ""
        private var read = 0

        init(client: TestClient, session: Channel, match: Seeded, store: String) {
            self.client = client
            self.session = session
            self.match = match
            self.store = store
            scan = CardScan(ascii: match.ascii, width: match.width, height: match.height)
        }

        /// The match as the server saved it, or as it starts when nothing is saved yet; nil (an
        /// issue recorded) when the database cannot be read.
        var table: TableGame? {
            guard FileManager.default.fileExists(atPath: store + "/twentynine.sqlite") else { return TableGame(setup: match.setup) }
            var failure: (any Error)?
            for _ in 0..<50 {
                do {
                    return try GameStore(folder: store).withTableSession { $0.saved?.table } ?? TableGame(setup: match.setup)
                } catch {
                    failure = error
                    usleep(20_000)
                }
            }
            Issue.record("the match could not be read from \(store): \(String(describing: failure))")
            return nil
        }

        var screenText: String { scan.text }

        /// Deals played, counted as the next is dealt (so that the show's panels are asked for first).
        func dealsDone(_ table: TableGame) -> Int {
            if case .over = table.stage { return Int.max }
            return (table.gameNumber - 1) * 100 + (table.deal?.number ?? 1) - 1
        }

        /// The cards the player may see now.
        static func allowed(_ table: TableGame) -> Set<Card> {
            var cards: Set<Card> = []
            if table.dealEvents.contains(where: { if case .cutForDeal = $0 { true } else { false } }) || table.stage == .cutForDeal {
                cards.formUnion(table.cutForDeal)
            }
            guard let deal = table.deal else { return cards }
            cards.formUnion(deal.sixes[TableGame.player])
            cards.formUnion(deal.laid(by: TableGame.computer))
            if deal.isCut { cards.insert(deal.cut) }
            if deal.shown.contains(where: { $0.count.player == TableGame.computer && $0.count.rules == .hand }) {
                cards.formUnion(deal.kept[TableGame.computer] ?? [])
            }
            let countingCrib = if case .claim(let count) = table.stage { count.rules == .crib } else { false }
            if countingCrib || deal.shown.contains(where: { $0.count.rules == .crib }) { cards.formUnion(deal.crib) }
            return cards
        }

        /// Sends `key`, waits for what it brings, and checks each message of it against what the
        /// player may see: after a key that deals, the messages before the new deal's prompt
        /// against the deal before.
        mutating func press(_ key: String, expecting: String? = nil, deals: Bool = false) throws {
            let before = table.map(Self.allowed) ?? []
            let sent = client.state.withLockedValue { $0.output.count }
            if !key.isEmpty { client.send(session, key) }
            if let expecting {
                #expect(client.waitForScreen(containing: expecting, width: match.width, height: match.height),
                        "after \(key): \(scan.text)")
            }
            settle(after: sent)
            let now = table
            let after = now.map(Self.allowed) ?? []
            if let now, let deal = now.deal {
                ownCards.formUnion(deal.sixes[TableGame.player])
                if deal.shown.contains(where: { $0.count.player == TableGame.computer && $0.count.rules == .hand }) {
                    computerShown.formUnion(deal.kept[TableGame.computer] ?? [])
                }
            }
            let (output, ends) = client.state.withLockedValue { ($0.output, $0.messageEnds) }
            var newDeal = !deals
            for end in ends where end > read {
                let from = read
                read = end
                // What came before the table (the counter's own cards) is drawn, not checked.
                if from < scan.checkedFrom {
                    scan.feed(Array(output[from..<min(end, scan.checkedFrom)]))
                    if end <= scan.checkedFrom { continue }
                }
                let bytes = Array(output[max(from, scan.checkedFrom)..<end])
                if !newDeal {
                    // The frames before the new deal's first are the old deal's.
                    var probe = scan
                    probe.feed(bytes)
                    newDeal = probe.text.contains("Throw two")
                }
                scan.check(bytes, allowed: newDeal ? after : before, step: "\(key.debugDescription) (\(stageName(now)))")
            }
        }

        /// Waits for the output to begin (a key may change nothing) and then to rest, with no
        /// panel being worked out: bounded in attempts.
        private func settle(after sent: Int) {
            let count = { self.client.state.withLockedValue { $0.output.count } }
            for _ in 0..<25 where count() == sent { usleep(10_000) }
            var last = count(), quiet = 0
            for _ in 0..<1000 {
                usleep(10_000)
                let now = count()
                if now != last {
                    (last, quiet) = (now, 0)
                    continue
                }
                quiet += 1
                if quiet >= 6, !client.screen(width: match.width, height: match.height).text.contains("working it out") { return }
            }
        }

        private func stageName(_ table: TableGame?) -> String {
            guard let table else { return "no match" }
            return "game \(table.gameNumber) deal \(table.deal?.number ?? 0) \(table.stage)"
        }

        /// The next key the match asks for, with the panels on the way.
        mutating func move(_ table: TableGame) throws {
            let stage = "\(table.gameNumber).\(table.deal?.number ?? 0).\(table.stage)"
            if stage != stageKey { (stageKey, pressedThisStage) = (stage, []) }
            func once(_ key: String, _ what: String, mark: String? = nil) throws -> Bool {
                guard !pressedThisStage.contains(mark ?? key) else { return false }
                pressedThisStage.insert(mark ?? key)
                asked.insert(what)
                try press(key)
                return true
            }
            switch table.stage {
            case .cutForDeal:
                try press("\r", deals: true)
            case .discard:
                if try once("e", "hint") { return }
                // Two cards of different ranks, by their rank keys, then enter.
                let six = table.deal!.sixes[TableGame.player]
                let first = six[0], second = six.first { $0.rank != first.rank }!
                try press(Self.key(first.rank))
                try press(Self.key(second.rank))
                try press("\r")
            case .play:
                guard let deal = table.deal, deal.turn == TableGame.player, let card = table.playable.first else {
                    // The computer is yet to move: wait for it (nothing is sent).
                    try press("")
                    return
                }
                if try once("e", "hint") { return }
                try press(Self.key(card.rank))
            case .claim(let count):
                if try once("w", "why") { return }
                if try once("b", "breakdown") { return }
                // The hand claimed at nothing (muggins names its combinations with their cards),
                // the crib as it is.
                let points = table.deal!.hand(for: count).breakdown(rules: count.rules).total
                asked.insert("claim")
                for digit in String(count.rules == .crib ? points : 0) { try press(String(digit)) }
                try press("\r")
            case .show:
                if try once("w", "why") { return }
                if try once("b", "breakdown") { return }
                // The second count's breakdown too.
                if try once("b", "breakdown", mark: "b2") { return }
                try press("\r", deals: true)
            case .over:
                break
            }
        }

        static func key(_ rank: Rank) -> String {
            switch rank {
            case .ace: "a"
            case .ten: "t"
            case .jack: "j"
            case .queen: "q"
            case .king: "k"
            default: String(rank.rawValue)
            }
        }
    }
}

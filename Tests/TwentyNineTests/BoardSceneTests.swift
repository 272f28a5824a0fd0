import CribbageCore
import Foundation
import TestSupport
import Testing

/// `twentynine game` on a terminal: the board in a tmux pane, a short game played to the end
/// with typed points, and the file it saved after every entry.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct BoardSceneTests {
    /// `twentynine` with `arguments` on the data in `folder`, in an 80x24 pane, once `drawn` shows.
    private func launch(_ folder: GameFolder, _ arguments: String, drawn: String) throws -> Tmux {
        let tmux = try Tmux("env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_DATA_HOME=\(shellQuoted(folder.folder.path)) "
            + "\(shellQuoted(twentyNineBinary)) \(arguments)")
        try tmux.waitFor(drawn)
        return tmux
    }

    /// The board on the game in `folder`, once it is drawn.
    private func board(_ folder: GameFolder) throws -> Tmux {
        try launch(folder, "game", drawn: "skunk lines at")
    }

    /// A data folder holding a new game to 61, Ann against Bob, Ann dealing.
    private func annAgainstBob() throws -> GameFolder {
        let folder = try GameFolder()
        try folder.ok("new", "--to", "61", "--names", "Ann,Bob")
        return folder
    }

    /// Types points and enters them, then waits for the log to show the entry.
    private func enter(_ points: String, _ tmux: Tmux, shows entry: String) throws {
        try tmux.type(points)
        try tmux.send("Enter")
        try tmux.waitFor(entry)
    }

    /// Issue 17's goal for the play: a whole two-player play in at most 12 keys, laid by rank.
    @Test func aWholePlayByRankKeysInTenKeysThenKilledAndReopened() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        var tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        // 10 10 5 go go K 5 6 J 2: Bob pegs one for the go, fifteen two, thirty-one; Ann a pair and last.
        let keys = ["t", "0", "5", "g", "g", "k", "5", "6", "j", "2"]
        for key in keys { try tmux.send(key) }
        let done = try tmux.waitFor("Ann laid 2: one for last")
        #expect(keys.count <= 12)
        #expect(done.contains("The play is complete"))
        #expect(done.contains(try Regex("Bob\\s+pone\\s+5\\s+5\\s+10 5 5 J")))
        // The play is in the game file: killed and reopened, it is there, laid by rank.
        let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
        #expect(kill(pid, SIGKILL) == 0)
        tmux.stop()
        tmux = try board(folder)
        try tmux.send("t")
        try tmux.waitFor("The play is complete")
        let ann = try Regex("Ann\\s+dealer\\s+3\\s+3\\s+10 K 6 2")
        try tmux.waitFor("Ann's cards by rank") { $0.contains(ann) }
        try tmux.send("Escape")
        try tmux.waitFor("The play is complete: the show, next Bob's hand.")
    }

    /// A whole round for three players and for two teams: The Play by rank keys, then the show
    /// typed; the board's totals as `twentynine play` counts the same cards, plus the counts.
    @Test(arguments: [
        (3, "5 5 5 t 4 2 3 a 6 2 j 9", ["Ann": 12, "Bob": 0, "Cy": 2]),
        (4, "t t a k t t a k 5 5 5 5 9 2 3 4", ["Ann": 25, "Bob": 8, "Cy": 25, "Di": 8]),
    ])
    func aWholeRoundForThreePlayersAndForTwoTeams(players: Int, keys: String, pegged: [String: Int]) throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let names = ["Ann", "Bob", "Cy", "Di"].prefix(players).joined(separator: ",")
        try folder.ok("new", "--players", String(players), "--to", "61", "--names", names)
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        let presses = keys.split(separator: " ").map(String.init)
        for key in presses { try tmux.send(key) }
        try tmux.waitFor("The play is complete")
        try tmux.send("Escape")
        // The show: each hand in order from Bob, then Ann's crib, 4 points each, typed.
        for _ in 0..<(players + 1) {
            try tmux.type("4")
            try tmux.send("Enter")
        }
        let counts = players + 1
        // A side's total: its players' pegs and 4 a count (the crib is Ann's, the dealer).
        func side(_ name: String) -> Int {
            let partners = players == 4 ? (["Ann", "Cy"].contains(name) ? ["Ann", "Cy"] : ["Bob", "Di"]) : [name]
            let pegs = players == 4 ? pegged[name]! : pegged[name]!
            return pegs + partners.reduce(0) { $0 + 4 + ($1 == "Ann" ? 4 : 0) }
        }
        let shown = try tmux.waitFor("round 2") { $0.contains("round 2") }
        for name in pegged.keys where players == 3 || ["Ann", "Bob"].contains(name) {
            let total = side(name)
            #expect(shown.contains(try Regex("\\b\(name)\\b.{0,12}\\s\(total)\\s+back peg")), "\(name) \(total)\n\(shown)")
        }
        #expect(presses.count == 4 * players && counts == players + 1)
    }

    /// Issue 30, items 1 to 3 as a player presses them on the real board: his heels after a 7
    /// told is refused where it is pressed (and the file is one the program reads), `3 0 @` is
    /// refused and cleared, and once every card is laid `1 !` is refused and cleared, so that
    /// `2 enter` scores Bob's hand 2, not 12.
    @Test func aWrongTotalNeverGetsOnByAKey() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        for key in ["x", "7", "c"] { try tmux.send(key) }
        let told = try tmux.waitFor("starter 7♣")
        #expect(!told.contains("h heels"))
        try tmux.send("h")
        try tmux.waitFor("his heels is a jack turned as the starter: the starter is 7C")
        try tmux.type("30")
        try tmux.send("@")
        try tmux.waitFor("the 30 typed is cleared")
        let game = try #require(try folder.json()["game"] as? [String: Any])
        #expect((game["log"] as? [Any])?.isEmpty == true)
        #expect((game["rounds"] as? [[String: Any]])?.first?["starter"] as? String == "7C")

        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        for key in ["t", "0", "5", "g", "g", "k", "5", "6", "j", "2"] { try tmux.send(key) }
        try tmux.waitFor("Ann laid 2: one for last")
        try tmux.send("Escape")
        try tmux.waitFor("The play is complete: the show")
        try tmux.type("1")
        try tmux.send("!")
        try tmux.waitFor("1 typed is cleared")
        try tmux.type("2")
        try tmux.send("Enter")
        try tmux.waitFor("Bob's hand scored 2 as typed")
        #expect(try totals(folder) == [3, 7])
    }

    /// A card's rank key: `a 2-9 t j q k`.
    private func rankKey(_ rank: Rank) -> String {
        rank == .ten ? "t" : rank.notation.lowercased()
    }

    /// Issue 17's goal from the cards: a whole two-player game to 121 from seeded deals through
    /// the board (the starter by two keys, The Play by rank keys, each hand one key with f and
    /// n where its suits add a flush or his nobs, the crib's four ranks and one key), every
    /// total after each round as counted here independently (the core's Play for the pegs, the
    /// reference count for the hands); each whole round in at most 35 keys.
    @Test func aWholeGameTo121FromSeededDealsCountedByTheBoard() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try folder.ok("new", "--to", "121", "--names", "Ann,Bob")
        let tmux = try board(folder)
        defer { tmux.stop() }
        var totals = [0, 0]
        var keysPerRound: [Int] = []
        var over = false
        var round = 1
        while !over {
            try tmux.waitFor("to 121 · round \(round)")
            var keys = 0
            func press(_ key: String) throws {
                keys += 1
                try tmux.send(key)
            }
            /// Scores points for a seat as the board should; true once the game is won.
            func score(_ seat: Int, _ points: Int) -> Bool {
                totals[seat] += points
                over = totals[seat] >= 121
                return over
            }
            let dealer = (round - 1) % 2, pone = 1 - dealer
            var random = SplitMix64(seed: 1_700 + UInt64(round))
            let deck = random.shuffled()
            // Each keeps the first four of six and throws the last two.
            let hands = [Array(deck[0..<4]), Array(deck[6..<10])]
            let crib = Array(deck[4..<6] + deck[10..<12])
            let starter = deck[12]
            let seats = [pone, dealer]

            try press("x")
            try press(rankKey(starter.rank))
            try press(String(starter.suit.letter).lowercased())
            try tmux.waitFor("starter \(starter.symbol)")
            if starter.rank == .jack, score(dealer, 2) { break }

            try press("t")
            try tmux.waitFor("leads: lay a card")
            var play = Play(players: 2)
            var left = [hands[pone], hands[dealer]]
            while let turn = play.turn, !over {
                let token: PlayToken
                if let index = left[turn].firstIndex(where: { play.count + $0.rank.value <= 31 }) {
                    token = .card(left[turn].remove(at: index))
                } else {
                    token = .go
                }
                let pegs = try play.apply(token)
                if case .card(let card) = token { try press(rankKey(card.rank)) } else { try press("g") }
                for peg in pegs where score(seats[peg.player], peg.score.points) { break }
            }
            if over { break }
            try tmux.waitFor("The play is complete")
            try press("Escape")
            try tmux.waitFor("The play is complete: the show")

            // The show: the pone's hand, the dealer's, then the crib.
            for (seat, cards, isCrib) in [(pone, hands[pone], false), (dealer, hands[dealer], false), (dealer, crib, true)] {
                if isCrib {
                    try tmux.waitFor("crib: its four cards by rank key")
                    for card in cards { try press(rankKey(card.rank)) }
                }
                let hand = try Hand(cards, cut: starter)
                let breakdown = hand.breakdown(rules: isCrib ? .crib : .hand)
                let flush = breakdown[.flush].points
                for _ in 0..<(flush == 5 && !isCrib ? 2 : flush > 0 ? 1 : 0) { try press("f") }
                if breakdown[.nobs].points > 0 { try press("n") }
                let points = referenceCount(cards, cut: starter, crib: isCrib)
                #expect(points == breakdown.total)
                try tmux.waitFor("enter: \(points) (") { $0.contains("enter: \(points) (") }
                try press("Enter")
                let won = score(seat, points)
                // On screen once saved: the board saves before it draws.
                try tmux.waitFor("\(totals[0]), Bob \(totals[1]).")
                if won { break }
            }
            // A count that wins is saved with the result: the file is read once the board says so.
            if over { try tmux.waitFor(" won 121 to ") }
            let saved = try self.totals(folder)
            #expect(saved == totals, "round \(round)")
            if !over {
                keysPerRound.append(keys)
                round += 1
            }
        }
        try tmux.waitFor(" won 121 to ")
        #expect(try self.totals(folder) == totals)
        print("Keys per whole round from the cards (\(keysPerRound.count) rounds): \(keysPerRound), "
              + "at most \(keysPerRound.max() ?? 0), on average \(Double(keysPerRound.reduce(0, +)) / Double(keysPerRound.count))")
        #expect(keysPerRound.count >= 5)
        #expect(keysPerRound.allSatisfy { $0 <= 35 })
    }

    /// Issue 17's goal by typed totals: a two-player round of four pegs and three counts in at
    /// most 20 keys, no tab (a peg is its digits then its seat's key, `!` or `@`).
    @Test func aRoundByTypedTotalsInAtMostTwentyKeys() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        let keys = ["2", "@", "3", "!", "1", "@", "2", "!", "s", "1", "2", "Enter", "8", "Enter", "1", "4", "Enter"]
        for key in keys { try tmux.send(key) }
        try tmux.waitFor("Round 1: Ann's crib counts 14. Ann 27, Bob 15.")
        try tmux.waitFor("to 61 · round 2")
        #expect(try totals(folder) == [27, 15])
        print("Keys for a round by typed totals: \(keys.count)")
        #expect(keys.count <= 20 && !keys.contains("Tab"))
    }

    /// The records `game --stats` prints, on the board with `r`, read from the history through
    /// the keeper.
    @Test func theRecordsOfFinishedGamesOnTheBoard() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        for kind in ["hand", "hand", "crib", "hand"] { try folder.ok(kind, "29") }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("r")
        let shown = try tmux.waitFor("Records (as game --stats; r hides them)")
        #expect(shown.contains(try Regex("Ann\\s+1\\s+1\\s+1\\s+0")), "\(shown)")
        #expect(shown.contains(try Regex("Bob\\s+1\\s+0\\s+0\\s+1")), "\(shown)")
        try tmux.send("r")
        try tmux.waitFor("Last entries")
    }

    /// A new game set up on the board over an unfinished one: two enters, and the old one is
    /// in the history as abandoned, the new one saved.
    @Test func aNewGameSetUpOnTheBoardAbandonsTheUnfinishedOne() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.type("2@")
        try tmux.waitFor("Bob pegs 2 in the play")
        try tmux.send("N")
        try tmux.waitFor("> Players  2 players")
        try tmux.send("Right", "Tab", "Tab", "Tab")
        try tmux.waitFor("> Names    Ann, Bob, Player 3_")
        for _ in 0..<8 { try tmux.send("BSpace") }
        try tmux.type("Cy")
        try tmux.send("Enter")
        try tmux.waitFor("enter again abandons it")
        try tmux.send("Enter")
        try tmux.waitFor("3 Cy")
        let history = try folder.ok("--history")
        #expect(history.contains("Ann v Bob  abandoned in round 1"), "\(history)")
        let saved = try folder.json()
        let game = try #require(saved["game"] as? [String: Any])
        #expect(game["players"] as? [String] == ["Ann", "Bob", "Cy"])
    }

    @Test func aGameTo61PlayedToTheEndWithTypedNumbers() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.waitFor("to 61 · round 1")

        // Round 1, Ann deals: his heels, a peg each, then Bob's hand, Ann's hand, Ann's crib.
        try tmux.send("h")
        try tmux.waitFor("Ann pegs 2 for his heels. Ann 2, Bob 0.")
        try tmux.waitFor("Peg for Bob in the play")
        try enter("2", tmux, shows: "Bob pegs 2 in the play. Ann 2, Bob 2.")
        try tmux.send("Tab")
        try tmux.waitFor("Peg for Ann in the play")
        try enter("3", tmux, shows: "Ann pegs 3 in the play. Ann 5, Bob 2.")
        try tmux.send("s")
        try tmux.waitFor("Bob's hand: ")
        try enter("24", tmux, shows: "Bob's hand counts 24. Ann 5, Bob 26.")
        // A count no hand can make is refused, and says so.
        try tmux.type("19")
        try tmux.send("Enter")
        try tmux.waitFor("no hand counts 19")
        try tmux.send("BSpace", "BSpace")
        try enter("20", tmux, shows: "Ann's hand counts 20. Ann 25, Bob 26.")
        try enter("12", tmux, shows: "Ann's crib counts 12. Ann 37, Bob 26.")

        // Round 2, Bob deals: undo and redo the first count, then Ann goes out on her hand.
        try tmux.waitFor("to 61 · round 2")
        try tmux.send("s")
        try tmux.waitFor("Ann's hand: ")
        try enter("4", tmux, shows: "Round 2: Ann's hand counts 4. Ann 41, Bob 26.")
        try tmux.send("u")
        try tmux.waitFor("took back: Round 2: Ann's hand counts 4")
        try enter("29", tmux, shows: "Ann won 61 to 26, by 35, and double-skunked Bob: 3 match points.")

        // Saved before the screen showed it.
        let saved = try folder.json()
        let status = try #require(saved["status"] as? [String: Any])
        #expect(status["phase"] as? String == "over")
        let game = try #require(saved["game"] as? [String: Any])
        let log = try #require(game["log"] as? [[String: Any]])
        #expect(log.map { $0["for"] as? String } == ["heels", "play", "play", "hand", "hand", "crib", "hand"])
        #expect(log.map { $0["points"] as? Int } == [2, 2, 3, 24, 20, 12, 29])
        #expect(log.last?["totals"] as? [Int] == [66, 26])
        let file = String(decoding: try #require(folder.kept("game")), as: UTF8.self)
        #expect(file.contains("\"points\" : 29"))
    }

    @Test func aNewGameWhenNoneIsSavedAndTheCounterOneKeyAway() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.waitFor("to 121 · round 1")
        #expect(folder.kept("game") == nil)
        try tmux.send("Escape")
        try tmux.waitFor("Select the cut card")
        try tmux.enterCards("5d 5h 5c 5s jd")
        try tmux.send("B")
        try tmux.waitFor("counts 29 as Player 2's hand")
        try tmux.send("c")
        try tmux.waitFor("Player 2's hand 5♥ 5♣ 5♠ J♦, cut 5♦, counts 29")
        let saved = try folder.json()
        let game = try #require(saved["game"] as? [String: Any])
        let log = try #require(game["log"] as? [[String: Any]])
        #expect(log.first?["cards"] as? [String] == ["5H", "5C", "5S", "JD"])
        #expect(log.first?["totals"] as? [Int] == [0, 29])
    }

    /// Each side's total in the saved game.
    private func totals(_ folder: GameFolder) throws -> [Int] {
        let status = try #require(try folder.json()["status"] as? [String: Any])
        return try #require(status["sides"] as? [[String: Any]]).compactMap { $0["total"] as? Int }
    }

    @Test func aShortGamePlayedToTheEndThroughTheCounterAndThePlay() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }

        // Round 1, Ann deals: The Play, one key from the board; Bob leads.
        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        try tmux.click("5♥")
        try tmux.waitFor("Bob laid 5♥: no points")
        try tmux.click("10♣")
        try tmux.waitFor("Ann laid 10♣: fifteen for two")
        #expect(try totals(folder) == [2, 0])
        // Taken back in the play, taken off the board; laid again with space (the cursor is
        // on the card clicked), pegged again.
        try tmux.send("BSpace")
        try tmux.waitFor("Bob laid 5♥: no points")
        #expect(try totals(folder) == [0, 0])
        try tmux.send("Space")
        try tmux.waitFor("Ann laid 10♣: fifteen for two")
        try tmux.click("10♥")
        try tmux.waitFor("Bob laid 10♥: a pair for two")
        try tmux.click("5♠")
        try tmux.waitFor("Ann laid 5♠: no points")
        try tmux.send("g")
        try tmux.waitFor("Bob said go")
        try tmux.send("g")
        try tmux.waitFor("Ann said go: one for the go to Ann")

        // The show on the board: Bob's hand from the counter, Ann's hand and crib typed.
        try tmux.send("Escape")
        try tmux.waitFor("Ann pegs 1 in the play (go). Ann 3, Bob 2.")
        try tmux.send("Escape")
        try tmux.waitFor("Select the cut card")
        // Bob's hand holds the 5♥ and 10♥ he laid (Ann laid the 5♠: it is in no other hand).
        try tmux.enterCards("5d 5h 10h 5c jd")
        try tmux.send("B")
        try tmux.waitFor("counts 21 as Bob's hand")
        try tmux.send("c")
        try tmux.waitFor("Bob's hand 5♥ 10♥ 5♣ J♦, cut 5♦, counts 21")
        try enter("28", tmux, shows: "Ann's hand counts 28. Ann 31, Bob 23.")
        try enter("28", tmux, shows: "Ann's crib counts 28. Ann 59, Bob 23.")

        // Round 2, Bob deals, Ann leads: her pair in the play goes out.
        try tmux.waitFor("to 61 · round 2")
        try tmux.send("t")
        try tmux.waitFor("Ann leads: lay a card")
        try tmux.click("10♦")
        try tmux.waitFor("Ann laid 10♦: no points")
        try tmux.click("5♣")
        try tmux.waitFor("Bob laid 5♣: fifteen for two")
        try tmux.click("5♦")
        try tmux.waitFor("Ann won 61 to 25, by 36, and double-skunked Bob")

        let saved = try folder.json()
        let status = try #require(saved["status"] as? [String: Any])
        #expect(status["phase"] as? String == "over")
        let game = try #require(saved["game"] as? [String: Any])
        let log = try #require(game["log"] as? [[String: Any]])
        #expect(log.map { $0["for"] as? String } == ["play", "play", "play", "hand", "hand", "crib", "play", "play"])
        #expect(log.map { $0["reasons"] as? [String] ?? [] }
            == [["fifteen"], ["pair"], ["go"], [], [], [], ["fifteen"], ["pair"]])
        #expect(log.last?["totals"] as? [Int] == [61, 25])
        let history = try folder.json("--history")
        #expect((history["games"] as? [Any])?.count == 1)

        // The board says so; n starts the next game, the loser dealing.
        try tmux.send("Escape")
        try tmux.waitFor("skunk lines at")
        try tmux.send("n")
        try tmux.waitFor("a new game: Bob deals first")
        try tmux.waitFor("to 61 · round 1")
        #expect(try totals(folder) == [0, 0])
        // The next game is a game of its own: the finished one stays in the history.
        try tmux.send("h")
        try tmux.waitFor("Bob pegs 2 for his heels. Ann 0, Bob 2.")
        #expect(try totals(folder) == [0, 2])
        let after = try folder.json("--history")
        #expect((after["games"] as? [[String: Any]])?.count == 1)
    }

    /// Issue 31's board game review: a round kept from the cards (the starter told, The Play laid
    /// card by card), reviewed with V from the board, a graded card stepped to, back with esc.
    @Test func aRoundKeptFromTheCardsReviewedFromTheBoard() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("x")
        try tmux.waitFor("The starter: its rank key")
        try tmux.send("k")
        try tmux.send("d")
        try tmux.waitFor("the starter told") { $0.contains("K♦") && !$0.contains("The starter: its rank key") }
        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        // 2 3 4 6 7 8 (30), go, go: Ann one for the go; Q 9, Ann one for last.
        try lay(tmux, [("2♣", "Bob laid 2♣"), ("3♦", "Ann laid 3♦"), ("4♥", "Bob laid 4♥"), ("6♠", "Ann laid 6♠"),
                       ("7♥", "Bob laid 7♥"), ("8♣", "Ann laid 8♣"), ("go", "Bob said go"), ("go", "Ann said go"),
                       ("Q♠", "Bob laid Q♠"), ("9♦", "Ann laid 9♦")])
        try tmux.waitFor("The play is complete")
        try tmux.send("Escape")
        try tmux.waitFor("skunk lines at")
        // The review opens at once and fills in off the key path: every card laid, graded.
        try tmux.send("V")
        try tmux.waitFor("Board game review")
        let graded = try tmux.waitFor("every card analysed", timeout: .seconds(120)) { $0.contains("8 of 8 cards analysed") }
        #expect(graded.contains("Ann v Bob on the board") && graded.contains("Chose ") && graded.contains("Not graded: the throws"))
        let first = try #require(graded.split(separator: "\n").first { $0.contains("Deal 1 · ") }.map(String.init))
        try tmux.send("Right")
        let stepped = try tmux.waitFor("the next card graded") { screen in
            screen.split(separator: "\n").contains { $0.contains("Deal 1 · ") && String($0) != first }
        }
        #expect(stepped.contains("Chose "))
        try tmux.send("Escape")
        try tmux.waitFor("skunk lines at")
    }

    /// Lays in The Play each card by a click, or says go for "go", waiting for the pane to say so.
    private func lay(_ tmux: Tmux, _ plays: [(String, String)]) throws {
        for (card, shows) in plays {
            if card == "go" { try tmux.send("g") } else { try tmux.click(card) }
            try tmux.waitFor(shows)
        }
    }

    /// Item 2 of "a round at the table": killed in the middle of The Play, the board reopens on
    /// the same play, its pegs once, and laying on pegs each card once.
    @Test func aPlayInProgressSurvivesKillNineAndPegsNothingTwice() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        do {
            let tmux = try board(folder)
            defer { tmux.stop() }
            try tmux.send("t")
            try tmux.waitFor("Bob leads: lay a card")
            try lay(tmux, [("5♥", "Bob laid 5♥"), ("10♣", "Ann laid 10♣: fifteen for two"), ("10♥", "Bob laid 10♥: a pair")])
            #expect(try totals(folder) == [2, 2])
            let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
            #expect(kill(pid, SIGKILL) == 0)
        }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("t")
        let reopened = try tmux.waitFor("Ann to lay a card")
        #expect(reopened.contains("Bob laid 10♥: a pair"))
        #expect(try totals(folder) == [2, 2])
        // The last card taken back takes its 2 with it, and laid again pegs it once.
        try tmux.send("BSpace")
        try tmux.waitFor("Bob to lay a card")
        #expect(try totals(folder) == [2, 0])
        try lay(tmux, [("10♥", "Bob laid 10♥: a pair")])
        #expect(try totals(folder) == [2, 2])
    }

    @Test func onceThePlayIsCompleteATypedNumberIsTheShowsAndATakeBackIsRefusedWhole() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        try lay(tmux, [("5♥", "Bob laid 5♥"), ("10♣", "Ann laid 10♣: fifteen for two"), ("10♥", "Bob laid 10♥: a pair"),
                       ("5♠", "Ann laid 5♠"), ("go", "Bob said go"), ("go", "Ann said go: one for the go"),
                       ("9♥", "Bob laid 9♥"), ("9♣", "Ann laid 9♣: a pair"), ("2♥", "Bob laid 2♥"),
                       ("2♣", "Ann laid 2♣")])
        try tmux.waitFor("The play is complete")
        #expect(try totals(folder) == [8, 2])

        // The board says the play is over; tab cannot make a number a peg; 8 is Bob's hand.
        try tmux.send("Escape")
        try tmux.waitFor("The play is complete: the show, next Bob's hand.")
        try tmux.send("Tab")
        try enter("8", tmux, shows: "Round 1: Bob's hand counts 8. Ann 8, Bob 10.")
        #expect(try totals(folder) == [8, 10])

        // Back in The Play, the last card's points are behind Bob's hand: refused, in one whole
        // line at 80 columns naming u; nothing changes.
        try tmux.send("t")
        try tmux.waitFor("The play is complete")
        try tmux.send("BSpace")
        let screen = try tmux.waitFor("Not taken back: the board has later entries (u on the board undoes them)")
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(try totals(folder) == [8, 10])
        // u on the board, then the take-back removes exactly the last card's 3.
        try tmux.send("Escape", "u")
        try tmux.waitFor("took back: Round 1: Bob's hand counts 8")
        try tmux.send("t", "BSpace")
        try tmux.waitFor("Ann to lay a card")
        #expect(try totals(folder) == [5, 2])
    }

    @Test func aCardLaidInThePlayIsRefusedInAnotherHandNamingBothPlaces() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.send("t")
        try tmux.waitFor("Bob leads: lay a card")
        try lay(tmux, [("5♥", "Bob laid 5♥"), ("10♣", "Ann laid 10♣: fifteen for two")])
        try tmux.send("Escape", "Escape")
        try tmux.waitFor("Select the cut card")
        try tmux.enterCards("ks 2h 10c 9h 5h")
        try tmux.send("B", "c")
        try tmux.waitFor("10C cannot be in both the cards Ann laid and Bob's hand")
        #expect(try totals(folder) == [2, 0])
    }

    @Test func theCounterOpensTheSavedGameWithB() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        try folder.ok("heels")
        let tmux = try launch(folder, "", drawn: "Select the cut card")
        defer { tmux.stop() }
        try tmux.send("B")
        try tmux.waitFor("Ann pegs 2 for his heels. Ann 2, Bob 0.")
        try enter("3", tmux, shows: "Bob pegs 3 in the play. Ann 2, Bob 3.")
        #expect(try totals(folder) == [2, 3])
    }

    @Test func aCorrectionFromTheCommandLineAndACribOnTheBoardAreBothKept() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        try folder.ok("hand", "8")
        try folder.ok("hand", "10")
        do {
            let tmux = try board(folder)
            defer { tmux.stop() }
            try tmux.waitFor("Ann's crib:")
            // Two writers: a correction from the command line while the board is open, then the crib.
            try folder.ok("correct", "2", "1")
            try enter("12", tmux, shows: "Round 1: Ann's crib counts 12. Ann 22, Bob 9.")
            try tmux.waitFor("merged: another twentynine's entries first, then this board's last entry")
            let log = try #require((try folder.json()["game"] as? [String: Any])?["log"] as? [[String: Any]])
            #expect(log.map { $0["for"] as? String } == ["hand", "hand", "correction", "crib"])
            #expect(try totals(folder) == [22, 9])
        }
        // Reopened, nothing is lost.
        let tmux = try board(folder)
        defer { tmux.stop() }
        try tmux.waitFor("Round 1: Ann's crib counts 12. Ann 22, Bob 9.")
        try tmux.waitFor("to 61 · round 2")
    }

    /// A change the board's entry cannot follow (here a peg, after which his heels is too late) is
    /// refused: the board says to reopen, and the file keeps the other's entry.
    @Test func aGameChangedByAnotherTwentyNineIsNotWrittenOver() throws {
        let folder = try annAgainstBob()
        defer { folder.remove() }
        let tmux = try board(folder)
        defer { tmux.stop() }
        try folder.ok("peg", "2", "3")
        try tmux.send("h")
        try tmux.waitFor("not saved: another twentynine changed")
        // The other command's entry is on disk; the board's heels are not.
        let saved = try folder.json()
        let log = try #require((saved["game"] as? [String: Any])?["log"] as? [[String: Any]])
        #expect(log.map { $0["for"] as? String } == ["play"])
        #expect(try totals(folder) == [0, 3])
    }
}

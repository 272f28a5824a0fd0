import Testing
@testable import CribbageCore

@Suite("Card notation")
struct CardParsingTests {
    @Test("Accepted forms, any case, letters or symbols", arguments: [
        ("5h", Card(.five, .hearts)), ("5H", Card(.five, .hearts)), ("10D", Card(.ten, .diamonds)),
        ("10d", Card(.ten, .diamonds)), ("td", Card(.ten, .diamonds)), ("TD", Card(.ten, .diamonds)),
        ("T♦", Card(.ten, .diamonds)), ("10♦", Card(.ten, .diamonds)), ("J♦", Card(.jack, .diamonds)),
        ("j♦", Card(.jack, .diamonds)), ("jd", Card(.jack, .diamonds)), ("As", Card(.ace, .spades)),
        ("a♠", Card(.ace, .spades)), ("Q♥", Card(.queen, .hearts)), ("k♣", Card(.king, .clubs)),
        ("Kc", Card(.king, .clubs)), ("2S", Card(.two, .spades)), ("9c", Card(.nine, .clubs)),
    ])
    func accepted(token: String, card: Card) throws {
        #expect(try Card(parsing: token) == card)
    }

    @Test("Every card reads back from its description and its symbol, in either case", arguments: Card.all)
    func roundTrip(card: Card) throws {
        #expect(try Card(parsing: card.description) == card)
        #expect(try Card(parsing: card.description.lowercased()) == card)
        #expect(try Card(parsing: card.symbol) == card)
        #expect(card.description == card.ascii)
    }

    @Test("Canonical description and symbol")
    func canonical() throws {
        #expect(try Card(parsing: "td").description == "10D")
        #expect(try Card(parsing: "j♦").description == "JD")
        #expect(try Card(parsing: "5h").description == "5H")
        #expect(try Card(parsing: "aS").description == "AS")
        #expect(Card(.ten, .diamonds).symbol == "10♦")
        #expect(Card(.queen, .spades).symbol == "Q♠")
        #expect(Card.all.map(\.description).joined(separator: " ").hasPrefix("AS 2S 3S"))
    }

    @Test("Rejected tokens, the error naming the token", arguments: [
        "", "1H", "11H", "5X", "H5", "5", "ZZ", "0S", "1", "10", "♦", "5HH", "J♦♦", "XH", "٥H", "²H", "5 H",
    ])
    func rejected(token: String) {
        #expect(throws: CardParseError(token: token)) { try Card(parsing: token) }
        let message = CardParseError(token: token).description
        #expect(token.isEmpty ? message.contains("empty") : message.contains("'\(token)'"))
    }
}

@Suite("Ranks and suits")
struct RankSuitTests {
    @Test("Values for fifteens and order for runs", arguments: Rank.allCases)
    func values(rank: Rank) {
        #expect(rank.order == Int(rank.rawValue))
        #expect(rank.value == (rank >= .ten ? 10 : rank.order))
    }

    @Test("Suits: grid order, letters, symbols, colour")
    func suits() {
        #expect(Suit.allCases.map(\.letter) == ["S", "H", "D", "C"])
        #expect(Suit.allCases.map(\.symbol) == ["♠", "♥", "♦", "♣"])
        #expect(Suit.allCases.filter(\.isRed) == [.hearts, .diamonds])
    }

    @Test("Card index: dense, suits in grid order, ace to king within a suit")
    func index() {
        #expect(Card.all.count == 52)
        #expect(Set(Card.all).count == 52)
        #expect(Card.all.enumerated().allSatisfy { $0.offset == $0.element.index })
        #expect(Card.all.allSatisfy { Card(index: $0.index) == $0 })
        #expect(Card(.ace, .spades).index == 0 && Card(.king, .clubs).index == 51)
        #expect(Card(.two, .hearts).index == 14)
    }

    @Test("Cards sort by rank, then suit")
    func ordering() {
        #expect(Card(.five, .clubs) < Card(.six, .spades))
        #expect(Card(.five, .spades) < Card(.five, .hearts))
        #expect(!(Card(.five, .hearts) < Card(.five, .hearts)))
    }
}

@Suite("Hand")
struct HandTests {
    @Test("A hand keeps its cards in the order given, and the cut apart")
    func valid() throws {
        let hand = try Hand(parsing: ["jd", "5h", "5C", "5♠"], cut: "5d")
        #expect(hand.cards.map(\.description) == ["JD", "5H", "5C", "5S"])
        #expect(hand.cut == Card(.five, .diamonds))
        #expect(hand.allCards == hand.cards + [hand.cut])
        #expect(try Hand(hand.cards, cut: hand.cut) == hand)
    }

    @Test("A duplicate is rejected, the cut included, naming the token as typed", arguments: [
        (["5H", "5H", "5S", "JD"], "5D", "5H"),
        (["5H", "5C", "5S", "JD"], "5h", "5h"),
        (["5H", "5C", "td", "JD"], "10D", "10D"),
        (["5H", "5C", "5S", "jd"], "J♦", "J♦"),
    ])
    func duplicateTokens(cards: [String], cut: String, token: String) throws {
        let card = try Card(parsing: token)
        #expect(throws: HandError.duplicate(card, token: token)) { try Hand(parsing: cards, cut: cut) }
        #expect(HandError.duplicate(card, token: token).description.contains("'\(token)'"))
    }

    @Test("A duplicate card is rejected when building from cards, the cut included")
    func duplicateCards() {
        let five = Card(.five, .hearts), jack = Card(.jack, .diamonds)
        let others = [Card(.two, .clubs), Card(.three, .clubs)]
        #expect(throws: HandError.duplicate(five, token: "5H")) { try Hand([five, jack] + others, cut: five) }
        #expect(throws: HandError.duplicate(jack, token: "JD")) { try Hand([jack, five, jack, others[0]], cut: others[1]) }
    }

    @Test("Four hand cards, no more, no fewer", arguments: [0, 1, 3, 5, 6])
    func wrongCount(count: Int) {
        let cards = Array(Card.all.prefix(count))
        #expect(throws: HandError.wrongCount(count, expected: 4)) { try Hand(cards, cut: Card.all[51]) }
        let tokens = cards.map(\.description)
        #expect(throws: HandError.wrongCount(count, expected: 4)) { try Hand(parsing: tokens, cut: "KC") }
        #expect(HandError.wrongCount(count, expected: 4).description == "expected 4 cards, got \(count)")
    }

    @Test("An unknown card is rejected, naming the token")
    func unknownCard() {
        #expect(throws: HandError.card(CardParseError(token: "11H"))) {
            try Hand(parsing: ["5H", "11H", "5S", "JD"], cut: "5D")
        }
        #expect(throws: HandError.card(CardParseError(token: "ZZ"))) {
            try Hand(parsing: ["5H", "5C", "5S", "JD"], cut: "ZZ")
        }
        #expect(HandError.card(CardParseError(token: "ZZ")).description.contains("'ZZ'"))
    }
}

@Suite("Deck")
struct DeckTests {
    @Test("Full and empty")
    func fullAndEmpty() {
        #expect(Deck.full.count == 52 && !Deck.full.isEmpty)
        #expect(Deck.full.cards == Card.all)
        #expect(Deck.empty.count == 0 && Deck.empty.isEmpty && Deck.empty.cards.isEmpty)
        #expect(Card.all.allSatisfy { Deck.full.contains($0) && !Deck.empty.contains($0) })
        #expect(Deck(Card.all) == Deck.full)
        #expect(Deck([]) == Deck.empty)
    }

    @Test("Insert and remove, each idempotent", arguments: Card.all)
    func insertRemove(card: Card) {
        var deck = Deck.full
        deck.remove(card)
        #expect(deck.count == 51 && !deck.contains(card))
        deck.remove(card)
        #expect(deck.count == 51)
        #expect(deck.cards == Card.all.filter { $0 != card })
        deck.insert(card)
        #expect(deck == Deck.full)
        deck.insert(card)
        #expect(deck == Deck.full)
    }

    @Test("Cards come out in index order, whatever order they went in")
    func cardsInIndexOrder() throws {
        let cards = try ["KC", "5H", "AS", "10D", "5S"].map { try Card(parsing: $0) }
        let deck = Deck(cards)
        #expect(deck.count == 5)
        #expect(deck.cards == cards.sorted { $0.index < $1.index })
        #expect(Deck(cards + cards) == deck)
    }

    @Test("Subtracting leaves the cards not in the other deck")
    func subtracting() throws {
        let hand = Deck(try ["5H", "5C", "5S", "JD", "5D"].map { try Card(parsing: $0) })
        let unseen = Deck.full.subtracting(hand)
        #expect(unseen.count == 47)
        #expect(hand.cards.allSatisfy { !unseen.contains($0) })
        #expect(unseen.subtracting(hand) == unseen)
        #expect(hand.subtracting(Deck.full) == Deck.empty)
        #expect(Deck.full.subtracting(Deck.empty) == Deck.full)
    }
}

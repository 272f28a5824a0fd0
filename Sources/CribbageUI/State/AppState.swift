import Canvas
import CribbageCore

/// Everything the interactive counter knows: the selection, the rules, where the player is.
///
/// The first card selected is the cut; the next four are the hand. Deselecting the cut leaves
/// the hand as it is and makes the next selection the cut again.
public struct AppState: Hashable, Sendable {
    /// The card under the cursor on the grid.
    public internal(set) var cursor = GridPosition(row: 0, column: 0)
    /// The cut, once chosen.
    public internal(set) var cut: Card?
    /// The hand cards chosen, in the order chosen (at most four).
    public internal(set) var hand: [Card] = []
    public internal(set) var rules: Rules = .hand
    public internal(set) var navigation = Navigation()
    /// The typed-entry line, while open.
    public internal(set) var entry: TypedEntry?
    /// A one-off notice for the player (a refused selection, a typed-entry error); cleared by
    /// the next action.
    public internal(set) var notice: String?
    /// How far the breakdown is scrolled, in lines.
    public internal(set) var breakdownScroll = 0
    /// How far the help overlay is scrolled, in lines.
    public internal(set) var helpScroll = 0
    /// The terminal's size, for layouts that depend on it (scrolling, mouse hits).
    public internal(set) var screenSize: Size
    /// Practice ("muggins") mode: the player counts first.
    public internal(set) var practice = Practice()
    /// The Discard Advisor's six dealt cards and the keeps it ranks.
    public internal(set) var discard = DiscardState()

    public init(screenSize: Size = Size(width: 80, height: 24)) {
        self.screenSize = screenSize
    }

    /// The chosen cards, cut first.
    public var selection: [Card] { (cut.map { [$0] } ?? []) + hand }

    /// The cards still in the deck: 52 less the selection.
    public var deck: Deck { Deck.full.subtracting(Deck(selection)) }

    /// The hand and cut, once all five are chosen.
    public var completeHand: Hand? {
        guard let cut, hand.count == 4 else { return nil }
        return try? Hand(hand, cut: cut)
    }

    public func isSelected(_ card: Card) -> Bool { cut == card || hand.contains(card) }
}

/// A place on the 4 × 13 card grid: row 0…3 is the suit (♠ ♥ ♦ ♣), column 0…12 the rank (A…K).
public struct GridPosition: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public static let rows = 4
    public static let columns = 13

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    public init(_ card: Card) {
        self.init(row: Int(card.suit.rawValue), column: card.rank.order - 1)
    }

    public var card: Card { Card(Rank(rawValue: UInt8(column + 1))!, Suit(rawValue: UInt8(row))!) }
}

/// The Discard Advisor: six cards picked on the grid, then the 15 keeps ranked for the role.
public struct DiscardState: Hashable, Sendable {
    /// The dealt cards picked so far, in order (at most six).
    public internal(set) var picks: [Card] = []
    public internal(set) var role: Role = .dealer
    /// The analysis of the six picks, once there are six.
    public internal(set) var analysis: DiscardAnalysis?
    /// The highlighted row of the ranked keeps.
    public internal(set) var highlighted = 0

    /// The keeps, best first for the role.
    var rankedKeeps: [Keep] { analysis?.ranked(for: role) ?? [] }

    mutating func setPicks(_ cards: [Card]) {
        picks = cards
        analysis = cards.count == 6 ? try? DiscardAdvisor.analyze(cards) : nil
        highlighted = 0
    }
}

/// Practice mode: the count stays hidden until the player has typed theirs.
public struct Practice: Hashable, Sendable {
    public internal(set) var isOn = false
    /// The digits typed so far.
    public internal(set) var answer = ""
    /// The grade of the last answer for this hand, once given.
    public internal(set) var verdict: Muggins?
    /// Right answers in a row this session.
    public internal(set) var streak = 0
}

/// The typed-entry line: what has been typed, and the error from the last try, if any.
public struct TypedEntry: Hashable, Sendable {
    public internal(set) var text = ""
    public internal(set) var error: String?
}

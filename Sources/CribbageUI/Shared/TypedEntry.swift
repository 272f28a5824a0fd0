import CribbageCore

/// The typed-entry line: what has been typed, what it fills in, and why the last try failed.
public struct TypedEntry: Hashable, Sendable {
    public let target: EntryTarget
    public internal(set) var text = ""
    public internal(set) var error: EntryError?
}

/// Keys on the typed-entry line.
public enum EntryAction: Hashable, Sendable {
    case started
    case typed(Character)
    case erased
    case submitted
    case cancelled
}

extension TypedEntry {
    /// The tokens typed, split at white space.
    var tokens: [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }

    /// The typed cards for the counter, or why not: cut first (`5d 5h 5c 5s jd`), the hand then
    /// the cut after a slash (`5h 5c 5s jd / 5d`), or the cut alone (`/ 5d`; or `5d` when
    /// `cutAlone`, as when a keep from the Discard Advisor waits for its cut).
    func counterCards(cutAlone: Bool) -> Result<CounterCards, EntryError> {
        let tokens = text.replacing("/", with: " / ").split(whereSeparator: \.isWhitespace).map(String.init)
        guard !tokens.isEmpty else { return .failure(.empty(.counter)) }
        do {
            if let slash = tokens.firstIndex(of: "/") {
                let hand = Array(tokens[..<slash]), after = Array(tokens[(slash + 1)...])
                guard !after.contains("/"), !after.isEmpty else { return .failure(.oneCutAfterSlash) }
                if hand.count > 4 { return .failure(.tooMany(token: hand[4], .counter)) }
                if after.count > 1 { return .failure(.tooMany(token: after[1], .counter)) }
                let cards = try Card.parseDistinct(hand + after)
                return .success(hand.isEmpty ? .cutAlone(cards[0]) : .cutFirst(cards.last!, hand: Array(cards.dropLast())))
            }
            guard tokens.count <= 5 else { return .failure(.tooMany(token: tokens[5], .counter)) }
            let cards = try Card.parseDistinct(tokens)
            if cards.count == 1, cutAlone { return .success(.cutAlone(cards[0])) }
            return .success(.cutFirst(cards[0], hand: Array(cards.dropFirst())))
        } catch {
            return .failure(.invalid(error))
        }
    }

    /// The six typed cards for the Discard Advisor; or why not.
    func dealtCards() -> Result<[Card], EntryError> {
        let tokens = self.tokens
        guard !tokens.isEmpty else { return .failure(.empty(.deal)) }
        guard tokens.count <= 6 else { return .failure(.tooMany(token: tokens[6], .deal)) }
        do {
            return .success(try Card.parseDistinct(tokens))
        } catch {
            return .failure(.invalid(error))
        }
    }
}

/// Cards typed for the counter.
enum CounterCards: Equatable {
    /// A new selection: the cut and the hand.
    case cutFirst(Card, hand: [Card])
    /// The cut only; the hand stays.
    case cutAlone(Card)
}

import CribbageCore

extension EntryTarget {
    /// The counter's cut and hand, typed: `5d 5h 5c 5s jd`, or `5h 5c 5s jd / 5d`.
    static let counter = EntryTarget(
        name: "counter", prompt: "Cards, cut first", example: "Type up to five cards, cut first: 5d 5h 5c 5s jd",
        limit: "at most five, the cut then four hand cards", submit: submitCounter)

    private static func submitCounter(_ entry: TypedEntry, _ state: inout AppState) -> EntryError? {
        let selection = state.selection
        switch entry.counterCards(cutAlone: selection.cut == nil && selection.hand.count == 4) {
        case .success(.cutFirst(let cut, let hand)):
            state.shared.selection.replace(cut: cut, hand: hand)
            state.handSelection.cursor = GridPosition(cut)
            return nil
        case .success(.cutAlone(let cut)):
            if let error = state.shared.selection.setCut(cut) { return error }
            state.handSelection.cursor = GridPosition(cut)
            return nil
        case .failure(let error):
            return error
        }
    }
}

extension TypedEntry {
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
}

/// Cards typed for the counter.
enum CounterCards: Equatable {
    /// A new selection: the cut and the hand.
    case cutFirst(Card, hand: [Card])
    /// The cut only; the hand stays.
    case cutAlone(Card)
}

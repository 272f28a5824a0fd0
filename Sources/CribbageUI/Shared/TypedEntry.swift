import CribbageCore

/// The typed-entry line: what has been typed, what it fills in, and why the last try failed.
struct TypedEntry: Hashable, Sendable {
    let target: EntryTarget
    var text = ""
    var error: EntryError?
}

/// Keys on the typed-entry line.
enum EntryAction: Hashable, Sendable {
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

extension KeyScope {
    static let typing: KeyScope = KeyScope(title: "Typing cards")
}

extension KeyGroup {
    /// The `:` line's keys; any other character is text.
    static let typing: KeyGroup = KeyGroup(scope: .typing, commands: [
        KeyCommand("apply the typed cards", hint: "apply", keys: [.enter], action: .entry(.submitted)),
        KeyCommand("erase the last character", hint: "erase", keys: [.backspace, .delete], action: .entry(.erased)),
        KeyCommand("cancel typing, keep the selection", hint: "cancel", keys: [.escape], action: .entry(.cancelled)),
    ])
}

extension TypedEntry {
    /// The typed line's reduce: it opens where the scene on top has an `entryTarget` (the
    /// counter's cards, the Advisor's deal), and applies what was typed to that target.
    static func reduce(_ state: inout AppState, _ action: EntryAction) -> Outcome {
        switch action {
        case .started:
            guard state.navigation.overlay == nil, let target = state.navigation.top.entryTarget else { break }
            state.entry = TypedEntry(target: target)
        case .typed(let character):
            state.entry?.text.append(character)
            state.entry?.error = nil
        case .erased:
            if state.entry?.text.isEmpty == false { state.entry?.text.removeLast() }
            state.entry?.error = nil
        case .cancelled:
            state.entry = nil
        case .submitted:
            guard let entry = state.entry else { break }
            switch entry.target {
            case .counter: submitCounter(entry, &state)
            case .deal: submitDeal(entry, &state)
            }
        }
        return Outcome()
    }

    private static func submitCounter(_ entry: TypedEntry, _ state: inout AppState) {
        let selection = state.selection
        switch entry.counterCards(cutAlone: selection.cut == nil && selection.hand.count == 4) {
        case .success(.cutFirst(let cut, let hand)):
            state.shared.selection.replace(cut: cut, hand: hand)
            state.handSelection.cursor = GridPosition(cut)
            state.entry = nil
        case .success(.cutAlone(let cut)):
            if let error = state.shared.selection.setCut(cut) {
                state.entry?.error = error
            } else {
                state.handSelection.cursor = GridPosition(cut)
                state.entry = nil
            }
        case .failure(let error):
            state.entry?.error = error
        }
    }

    private static func submitDeal(_ entry: TypedEntry, _ state: inout AppState) {
        switch entry.dealtCards() {
        case .success(let cards):
            state.discardAdvisor.setPicks(cards)
            state.entry = nil
        case .failure(let error):
            state.entry?.error = error
        }
    }
}

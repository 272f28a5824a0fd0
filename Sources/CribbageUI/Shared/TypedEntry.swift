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

    /// The typed cards for the counter, cut first; or why not.
    func counterCards() -> Result<(cut: Card?, hand: [Card]), EntryError> {
        let tokens = self.tokens
        guard !tokens.isEmpty else { return .failure(.empty(.counter)) }
        guard tokens.count <= 5 else { return .failure(.tooMany(token: tokens[5], .counter)) }
        do {
            let cards = try Card.parseDistinct(tokens)
            return .success((cards[0], Array(cards.dropFirst())))
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

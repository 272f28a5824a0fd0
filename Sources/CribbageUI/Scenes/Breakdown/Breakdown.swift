import CribbageCore

/// The HandRank Breakdown's state: the hand it shows and how far it is scrolled.
public struct BreakdownState: Hashable, Sendable {
    public let hand: Hand
    public internal(set) var scroll = Scroll()
}

/// What the player does in the breakdown.
public enum BreakdownAction: Hashable, Sendable {
    case scrolled(ScrollMove)
}

enum BreakdownScene {
    static func reduce(_ state: inout BreakdownState, _ action: BreakdownAction) {
        switch action {
        case .scrolled(let move): state.scroll.apply(move)
        }
    }
}

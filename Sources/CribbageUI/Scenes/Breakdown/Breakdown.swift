import CribbageCore

/// The HandRank Breakdown's state: the hand it shows and how far it is scrolled.
public struct BreakdownState: Hashable, Sendable, Scrolling {
    public let hand: Hand
    public internal(set) var scroll = Scroll()
}

/// What the player does in the breakdown: scroll it.
public typealias BreakdownAction = ScrollAction

/// The breakdown only scrolls.
typealias BreakdownScene = ScrollingScene

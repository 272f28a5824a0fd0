import CribbageCore

/// The HandRank Breakdown's state: the hand it shows and how far it is scrolled.
struct BreakdownState: Hashable, Sendable, Scrolling {
    let hand: Hand
    var scroll = Scroll()
}

/// What the player does in the breakdown: scroll it.
typealias BreakdownAction = ScrollAction

/// The breakdown only scrolls.
typealias BreakdownScene = ScrollingScene

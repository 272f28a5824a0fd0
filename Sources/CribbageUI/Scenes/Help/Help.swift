/// The help overlay's state: how far it is scrolled.
public struct HelpState: Hashable, Sendable, Scrolling {
    public internal(set) var scroll = Scroll()
}

/// What the player does in the help overlay: scroll it.
public typealias HelpAction = ScrollAction

/// The help only scrolls.
typealias HelpScene = ScrollingScene

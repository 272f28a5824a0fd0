/// The help overlay's state: how far it is scrolled.
struct HelpState: Hashable, Sendable, Scrolling {
    var scroll = Scroll()
}

/// What the player does in the help overlay: scroll it.
typealias HelpAction = ScrollAction

/// The help only scrolls.
typealias HelpScene = ScrollingScene

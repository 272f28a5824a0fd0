/// A scroll request, in the units the keys speak: lines, pages, or an end.
enum ScrollMove: Hashable, Sendable {
    case lines(Int)
    case pages(Int)
    case top
    case bottom
}

/// How far a scrolling view is scrolled, in lines. The reducer moves it; `App` clamps it to
/// what the layout can show, in one place (the scene's `clampScroll`, after every action).
struct Scroll: Hashable, Sendable {
    var offset = 0

    /// Lines a page key scrolls.
    static let pageLines = 10

    mutating func apply(_ move: ScrollMove) {
        switch move {
        case .lines(let lines): offset += lines
        case .pages(let pages): offset += pages * Self.pageLines
        case .top: offset = 0
        case .bottom: offset = Int.max / 2
        }
    }

    mutating func clamp(maximum: Int) {
        offset = Swift.max(0, Swift.min(offset, maximum))
    }
}

/// What the player does in a view that only scrolls: the breakdown, the help.
enum ScrollAction: Hashable, Sendable {
    case scrolled(ScrollMove)
}

/// The state of a view that scrolls.
protocol Scrolling {
    var scroll: Scroll { get set }
}

/// The reduce of a view that only scrolls.
enum ScrollingScene {
    static func reduce(_ state: inout some Scrolling, _ action: ScrollAction) -> Outcome {
        switch action {
        case .scrolled(let move): state.scroll.apply(move)
        }
        return Outcome()
    }
}

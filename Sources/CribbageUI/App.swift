import Canvas
import CribbageCore

/// The interactive counter without a terminal: feed it input, draw what it renders.
///
///     var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
///     _ = app.handle(.character(" "))
///     let frame = app.render()
public struct App: Sendable {
    /// Written by the reducer only, through `send`.
    private(set) var state: AppState
    let glyphs: Glyphs

    public var size: Size { state.screenSize }

    public init(size: Size, glyphs: Glyphs) {
        self.init(size: size, glyphs: glyphs, seed: UInt64.random(in: .min ... .max))
    }

    /// An app whose random deals follow from the seed.
    init(size: Size, glyphs: Glyphs, seed: UInt64) {
        self.state = AppState(screenSize: size, seed: seed)
        self.glyphs = glyphs
        _ = Standings.hand
        _ = Standings.crib
    }

    /// Opens a scene at start: the answer to what it asks of the keeper comes through `perform`.
    public mutating func open(_ opening: Opening) -> Effect {
        send(.opened(opening.scene))
    }

    /// Carries out an effect's requests: each is asked of `keeper` and its answer handed back to
    /// the scene that asked, until what is left is for the program (to quit, to repaint, or
    /// nothing).
    public mutating func perform(_ effect: Effect, with keeper: Keeper) -> Effect {
        var effect = effect
        while case .ask(let ask) = effect {
            effect = send(ask.request.answered(by: keeper))
        }
        return effect
    }

    /// Applies one input; returns what the program must do beyond redrawing the screen.
    public mutating func handle(_ input: KeyInput) -> Effect {
        if case .paste(let text) = input { return paste(text) }
        guard let action = action(for: input) else { return .none }
        return send(action)
    }

    /// Applies one action through the reducer.
    @discardableResult
    mutating func send(_ action: Action) -> Effect {
        AppReducer.reduce(&state, action, glyphs: glyphs)
    }

    /// The frame for the current state at the current size.
    public func render() -> ScreenBuffer {
        Screen.render(state, glyphs: glyphs)
    }

    /// A paste types its first line into the `:` entry, and a line break applies it; the rest,
    /// and a paste anywhere else, is dropped: no pasted letter runs as a key.
    private mutating func paste(_ text: String) -> Effect {
        guard state.entry != nil else { return .none }
        for character in text {
            if character.isNewline { return send(.entry(.submitted)) }
            if character.displayWidth > 0 { send(.entry(.typed(character))) }
        }
        return .none
    }

    /// The action an input sends now: a resize, a click, or a key from the key map; a key
    /// with no binding here says so.
    func action(for input: KeyInput) -> Action? {
        switch input {
        case .resize(let size):
            return .resized(size)
        case .click(let row, let column):
            guard Screen.isRoomy(size), state.entry == nil else { return nil }
            return state.navigation.active.click?(state, row, column)
        case .unknown, .wake:
            return nil
        default:
            guard Screen.isRoomy(size) else {
                // Only quitting and redrawing make sense on the "too small" screen, by the keys it
                // names, the global ones: a scene's own meaning for them (q is a queen at the
                // table) would act on a game the player cannot see.
                let action = KeyMap.global.commands.lazy.compactMap { $0.action(for: input) }.first
                return [.quitRequested, .redrawRequested].contains(action) ? action : nil
            }
            if let action = KeyMap.action(for: input, in: state) { return action }
            return [.scrollUp, .scrollDown].contains(input) ? nil : .keyUnbound(input)
        }
    }
}

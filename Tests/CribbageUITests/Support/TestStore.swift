import Canvas
import Testing
@testable import CribbageUI

/// The app under test, one action at a time, as the Composable Architecture's TestStore: each
/// step says what the action changes, and the whole state after it must be exactly the state
/// before with those changes, and the effect the one expected.
///
///     var store = TestStore()
///     store.send(.rulesToggled) { $0.shared.rules = .crib }
struct TestStore {
    private(set) var app: App

    init(_ app: App = .standard()) { self.app = app }

    var state: AppState { app.state }

    /// Sends an action; `change` turns the state before into the one expected after.
    mutating func send(_ action: Action, effect: Effect = .none, sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout AppState) -> Void = { _ in }) {
        step("\(action)", effect: effect, sourceLocation: sourceLocation, change) { $0.send(action) }
    }

    /// Presses a key, through the key map, as `send` does an action.
    mutating func press(_ key: KeyInput, effect: Effect = .none, sourceLocation: SourceLocation = #_sourceLocation,
                        _ change: (inout AppState) -> Void = { _ in }) {
        step("key \(key)", effect: effect, sourceLocation: sourceLocation, change) { $0.handle(key) }
    }

    /// Steps taken without saying what they change, to reach the state a test starts from (as
    /// the Composable Architecture's non-exhaustive store does).
    mutating func unchecked(_ steps: (inout App) -> Void) {
        steps(&app)
    }

    private mutating func step(_ name: String, effect: Effect, sourceLocation: SourceLocation,
                               _ change: (inout AppState) -> Void, _ run: (inout App) -> Effect) {
        var expected = app.state
        change(&expected)
        let actual = run(&app)
        #expect(actual == effect, "effect after \(name)", sourceLocation: sourceLocation)
        guard app.state != expected else { return }
        var want = "", got = ""
        dump(expected, to: &want)
        dump(app.state, to: &got)
        Issue.record("state after \(name) differs:\n\(lineDiff(expected: want, actual: got))", sourceLocation: sourceLocation)
    }
}

import Canvas
import CribbageCore
import TestSupport
import Testing
@testable import CribbageUI

@Suite("Reducer invariants")
struct ReducerPropertyTests {
    static let keys: [KeyInput] = [
        .up, .down, .left, .right, .enter, .escape, .tab, .backspace, .delete, .pageUp, .pageDown, .home, .end,
        .control("l"), .control("x"), .function(1), .unknown, .click(row: 4, column: 11), .click(row: 30, column: 200),
    ] + " hjklbnx?:gG5dhcsjqaAT10♠♥zZdrp".map { KeyInput.character($0) }

    static func randomAction(_ rng: inout SplitMix64) -> Action {
        switch Int.random(in: 0..<17, using: &rng) {
        case 0: .cursorMoved([Direction.up, .down, .left, .right].randomElement(using: &rng)!)
        case 1, 2, 3: .cardToggled(Card(index: Int.random(in: 0..<52, using: &rng)))
        case 4: .entryStarted
        case 5: .entryTyped(Array("5dhcsjqkAT10 ♠x").randomElement(using: &rng)!)
        case 6: [.entrySubmitted, .entryCancelled, .entryErased].randomElement(using: &rng)!
        case 7: [.breakdownRequested, .backRequested].randomElement(using: &rng)!
        case 8: Int.random(in: 0..<20, using: &rng) == 0 ? .newHandRequested : .rulesToggled
        case 9: .helpToggled
        case 10: .scrolled(lines: Int.random(in: -12...12, using: &rng))
        case 11: .scrolledToEdge(top: Bool.random(using: &rng))
        case 12: .resized(Size(width: Int.random(in: 0...120, using: &rng), height: Int.random(in: 0...50, using: &rng)))
        case 13: [.discardAdvisorRequested, .roleSwitched, .keepChosen, .lastDealtCardRemoved].randomElement(using: &rng)!
        case 14, 15: Bool.random(using: &rng)
            ? .dealtCardToggled(Card(index: Int.random(in: 0..<52, using: &rng)))
            : .keepHighlighted(offset: Int.random(in: -3...3, using: &rng))
        default: [.redrawRequested, .quitRequested, .practiceToggled, .answerSubmitted, .answerErased,
                  .answerTyped("7")].randomElement(using: &rng)!
        }
    }

    @Test(arguments: [UInt64(29), 1215])
    func invariantsHoldAfterEveryOneOf100000RandomActions(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var app = App.standard()
        for step in 0..<100_000 {
            let before = app.state
            if Bool.random(using: &rng) {
                app.send(Self.randomAction(&rng))
            } else {
                _ = app.handle(Self.keys.randomElement(using: &rng)!)
            }
            let state = app.state
            #expect(state.selection.count <= 5 && state.hand.count <= 4)
            #expect(Set(state.selection).count == state.selection.count)
            #expect(state.deck.count + state.selection.count == 52)
            #expect(state.selection.allSatisfy { !state.deck.contains($0) })
            #expect(state.navigation.stack.first == .handSelection)
            #expect(state.navigation.top != .breakdown || state.completeHand != nil)
            #expect((0..<4).contains(state.cursor.row) && (0..<13).contains(state.cursor.column))
            #expect(state.breakdownScroll >= 0 && state.helpScroll >= 0)
            #expect(state.discard.picks.count <= 6 && Set(state.discard.picks).count == state.discard.picks.count)
            #expect((state.discard.analysis != nil) == (state.discard.picks.count == 6))
            #expect(state.discard.analysis == nil || (0..<15).contains(state.discard.highlighted))
            // The cut changes only by being chosen while there is none, by being deselected,
            // by typed entry, or by a new hand.
            if let cut = before.cut, state.cut != cut, state.entry == nil, before.entry == nil {
                #expect(state.cut == nil)
            }
            if before.cut == nil, let cut = state.cut, before.entry == nil || state.entry != nil {
                #expect(!before.isSelected(cut))
                #expect(state.hand == before.hand)
            }
            if step % 10 == 0 {
                let frame = app.render()
                #expect(frame.cells.count == state.screenSize.width * state.screenSize.height)
            }
        }
    }
}

import CribbageCore
import Testing
@testable import CribbageUI

@Suite("Practice mode and standing")
struct PracticeTests {
    @Test func theCountShowsWhereTheHandStands() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        #expect(app.text.contains("Count: 29   the best hand there is"))
        app.enter("10c 2c 4d 6h 8s")
        #expect(app.text.contains("Count: 0   nineteen, as players say: better than 0.0% of hands"))
    }

    @Test func theFooterAt80ColumnsOffersPracticeAndQuit() {
        let app = App.standard()
        let footer = app.render().line(23)
        #expect(footer.contains("p practice"))
        #expect(footer.hasSuffix("q quit"))
        let narrow = App.standard(width: 74, height: 22).render().line(21)
        #expect(narrow.hasSuffix("q quit"))
    }

    /// Practice mode on, with these cards typed (cut first).
    static func practising(_ cards: String) -> App {
        var app = App.standard()
        app.press(.character("p"))
        app.enter(cards)
        return app
    }

    @Test func practiceHidesTheCountUntilThePlayerAnswers() {
        var app = App.standard()
        app.press(.character("p"))
        #expect(app.text.contains("Practice"))
        app.enter("5d 5h 5c 5s jd")
        #expect(!app.text.contains("Count: 29"))
        #expect(app.text.contains("Your count?"))
        app.answer("29")
        #expect(app.text.contains("Right: 29. Streak: 1"))
        #expect(app.text.contains("Count: 29"))
    }

    @Test func aWrongCountSaysWhatWasMissedAndEndsTheStreak() {
        var app = Self.practising("5d 5h 5c 5s jd")
        app.answer("29")
        #expect(app.state.practice.streak == 1)
        app.enter("kd 3c 4h 5s 7d")
        app.answer("4")
        #expect(app.state.practice.streak == 0)
        #expect(app.text.contains("Muggins! You missed a run of three (3): the count is 7"))
    }

    @Test("a count got wrong in practice is asked to be kept as a count drill; the keeper's word is said; a right count asks nothing")
    func aWrongCountIsKeptAsADrill() throws {
        var app = Self.practising("kd 3c 4h 5s 7d")
        app.type("4")
        let asked = app.handle(.enter)
        let hand = try Hand(parsing: ["3c", "4h", "5s", "7d"], cut: "kd")
        #expect(asked == .asking(MugginsDrillSave(hand: hand, rules: .hand, claimed: 4)))
        var keeper = Keeper()
        keeper.answer(MugginsDrillSave.self) { _ in nil }
        _ = app.perform(asked, with: keeper)
        #expect(app.text.contains("Kept as a count drill: D drills it") && app.text.contains("Muggins! You missed a run of three (3)"))
        // The keeper's failure is said; an overcount is kept too; a right count asks nothing.
        app.enter("kd 3c 4h 5s 7d")
        app.press(.character("x"))
        app.type("9")
        _ = app.perform(app.handle(.enter), with: Keeper())
        #expect(app.text.contains("Not kept as a drill: "), "\(app.text)")
        app.enter("5d 5h 5c 5s jd")
        app.type("29")
        #expect(app.handle(.enter) == .none)
    }

    @Test func anOvercountSaysByHowMuch() {
        var app = Self.practising("kd 3c 4h 5s 7d")
        app.type("12")
        app.press(.backspace, .backspace)
        app.answer("9")
        #expect(app.text.contains("Muggins! You overcounted by 2: the count is 7"))
    }

    @Test func digitsOnlyCountWhileAnsweringAndOtherKeysStillWork() {
        var app = Self.practising("kd 3c 4h 5s 7d")
        app.type("1")
        #expect(app.typedCount == "1")
        app.type("x")
        #expect(app.state.rules == .crib)
        #expect(app.typedCount?.isEmpty == true, "toggling the rules asks for a new count")
        app.answer("7")
        #expect(app.text.contains("Right: 7. Streak: 1"))
    }
}

import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Every scene rendered as text at the minimum size, at 80×24 and on a large terminal,
/// compared with the committed snapshots in `__Snapshots__/`.
@Suite("Screens as text")
struct SnapshotTests {
    static let sizes = [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)]

    private static func name(_ scene: String, _ size: Size) -> String { "\(scene)-\(size.width)x\(size.height)" }

    @Test(arguments: sizes)
    func emptyHandSelection(size: Size) {
        let app = App.standard(width: size.width, height: size.height)
        expectSnapshot(app.render(), named: Self.name("hand-selection-empty", size))
    }

    @Test(arguments: sizes)
    func handSelectionPartway(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.press(.right, .right, .down, .enter, .right, .enter, .down)
        expectSnapshot(app.render(), named: Self.name("hand-selection-partway", size))
    }

    @Test(arguments: sizes)
    func handSelectionCounted(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.enter("jd 5h 5c 5s 5d")
        expectSnapshot(app.render(), named: Self.name("hand-selection-counted", size))
    }

    @Test(arguments: sizes)
    func breakdownOfTheTwentyNine(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("b"))
        expectSnapshot(app.render(), named: Self.name("breakdown-29", size))
    }

    @Test(arguments: sizes)
    func handSelectionWithAKeepFromTheAdvisorAndCribRules(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.press(.character("d"))
        app.enter("2h 4h 6h 8h 4d 4c")
        app.press(.enter, .character("x"))
        app.enter("ks")
        expectSnapshot(app.render(), named: Self.name("hand-selection-kept-crib", size))
    }

    @Test(arguments: sizes)
    func breakdownOfACribFlush(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.enter("kh 2h 4h 6h 8h")
        app.press(.character("x"), .character("b"))
        expectSnapshot(app.render(), named: Self.name("breakdown-crib-flush", size))
    }

    @Test(arguments: sizes)
    func helpOverlay(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.press(.character("?"))
        expectSnapshot(app.render(), named: Self.name("help", size))
    }

    @Test func typedEntryWithAnError() {
        var app = App.standard()
        app.enter("5d 5h 5x")
        expectSnapshot(app.render(), named: "typed-entry-error-80x24")
    }

    @Test func asciiGlyphsForALocaleWithoutUTF8() {
        var app = App.standard(glyphs: .ascii)
        app.enter("jh 5h 5c 5s 5d")
        expectSnapshot(app.render(), named: "hand-selection-ascii-80x24")
        app.press(.character("b"))
        expectSnapshot(app.render(), named: "breakdown-ascii-80x24")
    }

    @Test func tooSmall() {
        let app = App.standard(width: 40, height: 12)
        expectSnapshot(app.render(), named: "too-small-40x12")
    }
}

@Suite("Practice screens as text")
struct PracticeSnapshotTests {
    @Test(arguments: SnapshotTests.sizes)
    func askingAndGrading(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.press(.character("p"))
        app.enter("kd 3c 4h 5s 7d")
        app.type("4")
        expectSnapshot(app.render(), named: "practice-asking-\(size.width)x\(size.height)")
        app.press(.enter)
        expectSnapshot(app.render(), named: "practice-muggins-\(size.width)x\(size.height)")
    }
}

import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Every scene as a player reaches it, for the checks that hold on all of them.
enum SceneReached: String, CaseIterable, CustomTestStringConvertible {
    case handSelection, practice, typing, breakdown, advisorDealing, advisorKeeps, play, board, help

    var testDescription: String { rawValue }

    func app(_ size: Size, glyphs: Glyphs = .unicode) -> App {
        var app = App.standard(width: size.width, height: size.height, glyphs: glyphs)
        switch self {
        case .handSelection: app.enter("5d 5h 5c 5s jd")
        case .practice: app.press(.character("p"))
        case .typing: app.press(.character(":"))
        case .breakdown:
            app.enter("5d 5h 5c 5s jd")
            app.press(.character("b"))
        case .advisorDealing: app.press(.character("d"))
        case .advisorKeeps:
            app.press(.character("d"))
            app.enter("5s 4d jd 4c 5c 5h")
        case .play: app.press(.character("t"))
        case .board: app.openBoard(try! Game(seating: .twoPlayers, target: .short, names: ["Ann", "Bob"]))
        case .help: app.press(.character("?"))
        }
        return app
    }
}

/// The header and the footer's key hints, as every scene draws them.
@Suite("The frame")
struct FrameTests {
    static let sizes = [Frame.minimumSize, Size(width: 80, height: 24)]

    private static func footer(_ buffer: ScreenBuffer) -> String { buffer.line(buffer.size.height - 1) }

    @Test func aBreakdownThatFitsHasNoScrollHint() {
        for size in Self.sizes {
            let frame = SceneReached.breakdown.app(size).render()
            #expect(!Self.footer(frame).contains("scroll"), "\(size)")
            #expect(Self.footer(frame).hasPrefix(" b back"), "\(size)")
        }
    }

    @Test func aBreakdownTallerThanItsViewHasTheScrollHint() {
        var state = AppState(screenSize: Size(width: 80, height: 16), seed: 1)
        state.shared.selection.replace(cut: card("5D"), hand: ["5H", "5C", "5S", "JD"].map(card))
        let breakdown = BreakdownState(hand: state.selection.completeHand!)
        state.breakdown = breakdown
        state.navigation.push(.breakdown)
        let model = BreakdownViewModel(state: breakdown, app: state)
        #expect(BreakdownLayout(model: model, size: state.screenSize, glyphs: .unicode).maximumScroll > 0)
        var buffer = ScreenBuffer(size: state.screenSize)
        BreakdownRenderer.render(model, scroll: 0, glyphs: .unicode, into: &buffer)
        #expect(Self.footer(buffer).contains("↑↓ scroll"))
    }

    @Test func theHelpHasTheScrollHintOnlyWhenItIsTallerThanTheScreen() {
        let short = SceneReached.help.app(Size(width: 80, height: 24))
        #expect(Self.footer(short.render()) == " ↑↓ scroll")
        let tall = SceneReached.help.app(Size(width: 100, height: 240))
        let lines = HelpViewModel(state: tall.state, glyphs: .unicode).lines.count
        #expect(HelpLayout(lines: lines, size: tall.size).maximumScroll == 0)
        #expect(!Self.footer(tall.render()).contains("scroll"))
        #expect(!tall.text.contains("more"))
    }

    /// In ASCII (`--ascii`, LANG=C) nothing the terminal cannot show: the header's separator too.
    @Test(arguments: SceneReached.allCases)
    func asciiGlyphsDrawOnlyASCII(scene: SceneReached) {
        let text = scene.app(Size(width: 80, height: 24), glyphs: .ascii).text
        let foreign = text.unicodeScalars.filter { !$0.isASCII }
        #expect(foreign.isEmpty, "\(String(String.UnicodeScalarView(foreign)))\n\(text)")
    }

    @Test func theHeaderSeparatesTheSceneWithTheGlyphsSeparator() {
        let unicode = SceneReached.breakdown.app(Size(width: 80, height: 24)).render().line(0)
        let ascii = SceneReached.breakdown.app(Size(width: 80, height: 24), glyphs: .ascii).render().line(0)
        #expect(unicode.hasPrefix(" TwentyNine · HandRank Breakdown"))
        #expect(ascii.hasPrefix(" TwentyNine - HandRank Breakdown"))
    }

    /// However narrow, the footer keeps the way back and the last hint (quit), the header keeps
    /// `? help`, and the hints stay inside the row.
    @Test(arguments: SceneReached.allCases, sizes)
    func theWayBackAndHelpAlwaysShow(scene: SceneReached, size: Size) {
        let app = scene.app(size)
        let frame = app.render()
        let footer = Self.footer(frame)
        #expect(frame.line(0).hasSuffix("? help"))
        #expect(footer.displayWidth <= size.width)
        let chain = app.state.keyChain
        let backs = chain.flatMap { KeyMap.group($0).commands }.filter { command in
            command.hint != nil && command.bindings.contains { $0.action == .backRequested }
        }
        if let back = backs.first {
            #expect(footer.contains("\(back.hintKey(glyphs: .unicode)) \(back.hint!)"), "\(footer)")
        }
        if chain.first != .typing, chain.first != .help {
            // q, or Q where q is a queen (the rank keys).
            #expect(footer.hasSuffix("q quit") || footer.hasSuffix("Q quit"), "\(footer)")
        }
        #expect(scene == .handSelection || scene == .practice || scene == .typing || scene == .help || !backs.isEmpty)
    }

    /// The help's first line says how the scene beneath works, whole at the minimum size.
    @Test(arguments: [SceneReached.handSelection, .breakdown, .advisorDealing, .advisorKeeps, .play, .board])
    func theHelpOpensWithTheScenesOwnIntro(scene: SceneReached) {
        var app = scene.app(Frame.minimumSize)
        let route = app.state.navigation.top
        app.press(.character("?"))
        let intro = route.intro
        #expect(app.text.contains(intro), "\(intro)")
        let counter = Scene.handSelection.intro
        #expect((intro == counter) == (route == .handSelection || route == .breakdown))
    }

    /// The most the Advisor's header holds: its title, practice and the longest role and opponent.
    @Test func practiceNeverRunsIntoTheTitle() {
        var app = SceneReached.advisorDealing.app(Frame.minimumSize)
        app.press(.escape, .character("p"), .character("d"), .character("o"))
        let header = app.render().line(0)
        #expect(header.contains("Role: dealer  vs random"), "\(header)")
        #expect(header.contains("Discard Advisor Practice  Role"), "\(header)")
    }
}

import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33's consistent words at the table and in The Play: one way to say each score, whose
/// point a go is, one minus sign for every signed figure, no key named twice in a footer, and the
/// rows of a large screen used.
@Suite("The table: consistent words")
struct TableWordsTests {
    @Test("each score of the play is said one way")
    func oneWayEach() {
        let said: [(PlayScore, String)] = [
            (.fifteen, "fifteen for two"), (.thirtyOne, "thirty-one for two"), (.pair, "a pair for two"),
            (.pairRoyal, "a pair royal for six"), (.doublePairRoyal, "a double pair royal for twelve"),
            (.run(length: 3), "a run of three for three"), (.go, "one for the go"), (.lastCard, "one for last"),
        ]
        for (score, words) in said { #expect(Wording.call(score) == words) }
        // The count's combinations in the same words.
        let cards = [Card(.five, .hearts), Card(.ten, .clubs)]
        #expect(Wording.combination(.fifteens, cards: cards, points: 2, glyphs: .unicode) == "fifteen for two (5♥ 10♣)")
    }

    /// A seeded game's every screen, as a player who throws their first two and lays their first
    /// card sees it, with the hint at each decision and why and each breakdown at each show, at
    /// the three sizes; `check` gets each frame.
    static func everyScreen(seed: UInt64, setup: TableGame.Setup? = nil, _ check: (ScreenBuffer, String) -> Void) {
        var app = TableSceneTests.app(setup: setup ?? .init(seed: seed))
        let sizes = [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)]
        func look(_ what: String) {
            for size in sizes {
                app.send(.resized(size))
                check(app.render(), "\(what) at \(size.width)×\(size.height)")
            }
        }
        var step = 0
        while !TableSceneTests.table(app).game.isOver, step < 400 {
            step += 1
            let table = TableSceneTests.table(app)
            look("step \(step)")
            if (table.stage == .discard && app.state.table!.picked.isEmpty) || table.stage == .play {
                app.press(.character("e"))
                app.finishWork()
                look("the hint at step \(step)")
                app.press(.character("e"))
                app.finishWork()
            }
            if table.stage == .show {
                app.press(.character("w"))
                app.finishWork()
                look("why at step \(step)")
                app.press(.character("w"))
                app.finishWork()
                for index in table.deal!.shown.indices {
                    app.press(.character("b"))
                    look("breakdown \(index) at step \(step)")
                }
                app.press(.character("b"))
            }
            for key in TableSceneTests.nextKeys(app) { app.press(key) }
        }
        look("the game's end")
    }

    @Test("a whole game: goes say whose point, no score said the old way, one minus sign, no key twice in a footer, at three sizes")
    func aWholeGame() {
        var goes = 0, minuses = 0, frames = 0
        Self.everyScreen(seed: 29) { buffer, what in
            frames += 1
            let text = buffer.text
            for line in text.split(separator: "\n") {
                for range in line.ranges(of: "one for the go") {
                    goes += 1
                    #expect(line[range.upperBound...].hasPrefix(" to you") || line[range.upperBound...].hasPrefix(" to the computer"),
                            "\(what): \(line)")
                }
                // A signed figure with a hyphen for its minus: a space, a bracket or a line's start, '-', a digit.
                #expect(line.firstMatch(of: /(^|[\s(,:])-[0-9]/) == nil, "\(what): \(line)")
                minuses += line.filter { $0 == "−" }.count
            }
            let keys = Self.footerKeys(buffer)
            #expect(Set(keys).count == keys.count, "\(what): the footer names a key twice: \(keys)")
        }
        #expect(frames > 300 && goes > 5 && minuses > 20, "\(frames) frames, \(goes) goes, \(minuses) minus signs")
    }

    @Test("every event of whole games says its scores one way, and whose point a go or the last card is")
    func theEventsOfWholeGames() {
        var said: Set<String> = []
        for setup in [TableGame.Setup(seed: 29), .init(seed: 5, level: .beginner, muggins: true)] {
            var app = TableSceneTests.app(setup: setup)
            for _ in 0..<600 where !TableSceneTests.table(app).game.isOver {
                let table = TableSceneTests.table(app)
                said.formUnion(table.dealEvents.map { TableViewModel.text($0, table: table, glyphs: .unicode) })
                for key in TableSceneTests.nextKeys(app) { app.press(key) }
            }
        }
        let calls = said.filter { $0.contains(" for ") && ($0.contains(" lays ") || $0.contains(" lay ") || $0.contains(" go")) }
        #expect(calls.count > 50)
        for line in said {
            #expect(!line.contains("fifteen two") && !line.contains("pair royal for 6") && !line.contains("31 for"), "\(line)")
            for phrase in ["one for the go", "one for last"] {
                for range in line.ranges(of: phrase) {
                    #expect(line[range.upperBound...].hasPrefix(" to you") || line[range.upperBound...].hasPrefix(" to the computer"), "\(line)")
                }
            }
        }
        #expect(said.contains { $0.contains("fifteen for two") } && said.contains { $0.contains("one for the go to ") })
    }

    /// The keys the footer names: its bold runs, split at spaces.
    static func footerKeys(_ buffer: ScreenBuffer) -> [String] {
        let row = buffer.size.height - 1
        var keys: [String] = [], run = ""
        for column in 0..<buffer.size.width {
            let cell = buffer[row, column]
            if cell.style.bold, !cell.isContinuation { run.append(cell.character) } else if !cell.style.bold {
                keys += run.split(separator: " ").map(String.init)
                run = ""
            }
        }
        return keys + run.split(separator: " ").map(String.init)
    }

    @Test("at 132×43 the hint's table gives its extra rows to more keeps, the deal's events still shown above it")
    func aLargeScreenShowsMoreKeeps() throws {
        var small = TableSceneTests.app(), large = TableSceneTests.app(width: 132, height: 43)
        small.press(.enter, .character("e"))
        small.finishWork()
        large.press(.enter, .character("e"))
        large.finishWork()
        func rows(_ app: App) -> Int { app.render().text.split(separator: "\n").count { $0.contains(" / ") && $0.contains("net ") } }
        guard case .discardHint(let analysis)? = large.state.table?.panel else { Issue.record("a hint"); return }
        #expect(rows(small) == 3)
        #expect(rows(large) == min(analysis.distinctKeeps.count, 12) && rows(large) > 3, "\(large.render().text)")
        #expect(large.render().text.contains("The computer throws two to its own crib"))
    }
}

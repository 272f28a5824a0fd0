import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33's breakdowns and muggins at the table: `b` lists each combination with its cards, as
/// the counter's breakdown does, and a muggins names what was missed with its cards.
@Suite("The table: breakdowns and muggins with their combinations")
struct TableBreakdownTests {
    @Test("a count's missed combinations, each with its cards, in the play's words")
    func missedInWords() throws {
        let grade = try Hand(parsing: ["3C", "4H", "5S", "7D"], cut: "KD").breakdown().grade(claimed: 2)
        #expect(TableViewModel.missed(grade, glyphs: .unicode) == "fifteen for two (5♠ K♦) and a run of three for three (3♣ 4♥ 5♠)")
        let nobs = try Hand(parsing: ["JS", "7H", "8C", "KD"], cut: "4S").breakdown().grade(claimed: 0)
        #expect(TableViewModel.missed(nobs, glyphs: .unicode) == "fifteen for two (7♥ 8♣) and his nobs for one (J♠ 4♠)")
        let pairs = try Hand(parsing: ["5H", "5C", "5S", "JD"], cut: "5D").breakdown().grade(claimed: 28)
        #expect(TableViewModel.missed(pairs, glyphs: .unicode) == "his nobs for one (J♦ 5♦)")
        let flush = try Hand(parsing: ["2H", "4H", "6H", "8H"], cut: "KS").breakdown().grade(claimed: 0)
        #expect(TableViewModel.missed(flush, glyphs: .ascii) == "a flush for four (2H 4H 6H 8H)")
    }

    @Test("b at the show lists each combination with its cards, then the count said")
    func theBreakdownListsTheCombinations() {
        var app = TableSceneTests.app()
        while TableSceneTests.table(app).stage != .show { for key in TableSceneTests.nextKeys(app) { app.press(key) } }
        let shown = TableSceneTests.table(app).deal!.shown
        for index in shown.indices {
            app.press(.character("b"))
            let breakdown = shown[index].hand.breakdown(rules: shown[index].count.rules)
            let words = app.render().text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for category in breakdown.categories where category.points > 0 {
                #expect(words.contains("\(category.rank.title) \(category.points): "), "\(words)")
                for combination in category.combinations {
                    // In the table's order, his nobs as said (the jack, then the starter).
                    let cards = category.rank == .nobs ? combination.cards : combination.cards.sorted()
                    #expect(words.contains(CardText.list(cards, glyphs: .unicode)), "\(words)")
                }
            }
            #expect(words.contains(breakdown.spokenCount.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
        }
    }

    @Test("a muggins names what was missed, each combination with its cards",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func mugginsNamesWhatWasMissed(size: Size) throws {
        var app = TableSceneTests.app(width: size.width, height: size.height, setup: .init(seed: 5, level: .beginner, muggins: true))
        var hand: Hand?
        var rules = Rules.hand
        for _ in 0..<400 {
            if case .claim(let count) = TableSceneTests.table(app).stage {
                let cards = TableSceneTests.table(app).deal!.hand(for: count)
                if cards.breakdown(rules: count.rules).total >= 2 { hand = cards; rules = count.rules; break }
            }
            for key in TableSceneTests.nextKeys(app) { app.press(key) }
        }
        let counted = try #require(hand).breakdown(rules: rules)
        // One combination short: the muggins names it.
        let first = try #require(counted.categories.first { $0.points > 0 }?.combinations.first)
        let claimed = counted.total - first.points
        app.type(String(claimed))
        app.press(.enter)
        let missed = TableViewModel.missed(counted.grade(claimed: claimed), glyphs: .unicode)
        let words = app.render().text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("you counted \(claimed), missing \(missed): muggins, the computer takes \(first.points) "
            + "(b shows them all)"), "\(words)")
        expectSnapshot(app.render(), named: "table-muggins-\(size.width)x\(size.height)")
    }
}

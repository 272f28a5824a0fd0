/// A published discard problem: the six, the role, the throw its author gives, and where it was
/// published. Where the source gives no suits, the suits here are spread so that no flush counts
/// (they are ours, not the source's).
public struct ClassicProblem: Hashable, Sendable {
    public let six: [Card]
    public let role: Role
    /// The two cards the source throws.
    public let published: [Card]
    public let source: String

    init(_ six: String, _ role: Role, throws published: String, _ source: String) {
        self.six = try! Card.parseDistinct(six.split(separator: " ").map(String.init))
        self.role = role
        self.published = try! Card.parseDistinct(published.split(separator: " ").map(String.init))
        self.source = source
    }

    /// The drill: graded by the engine's analysis, like every other (the published throw is kept
    /// to report where the engine agrees).
    public var drill: Drill {
        let decision = Decision.keep(six: six, role: role, score: nil)
        let analysis = analyse(decision, by: .strongest, limit: .advice)
        return Drill(kind: role == .dealer ? .throwDealer : .throwPone, decision: decision, themes: DrillThemes.tag(analysis),
                     origin: .classic, source: source, gap: DrillGenerator.gap(analysis))
    }

    static let cribbagePro1 = "Cribbage Pro, Cribbage Strategy Discard Quiz - Pone Edition, 1 Aug 2013, "
        + "http://blog.cribbagepro.net/2013/08/cribbage-strategy-discard-quiz-pone.html"
    static let cribbagePro2 = "Cribbage Pro, Cribbage Strategy Discard Quiz - Dealer Edition, 22 Aug 2013, "
        + "http://blog.cribbagepro.net/2013/08/cribbage-strategy-discard-quiz-dealer.html"
    static let chambers = "John Chambers, discarding tips, cribbage.org (ACC), "
        + "https://www.cribbage.org/NewSite/tips/chambers4.asp"

    /// The published problems, each with its source.
    public static let all: [ClassicProblem] = [
        ClassicProblem("2S 3H 9D 10C JS QH", .pone, throws: "9D QH", cribbagePro1),
        ClassicProblem("AS 2H 3D 4C 7D 8H", .pone, throws: "AS 7D", cribbagePro1),
        ClassicProblem("AS 2H 3D 4C QS KH", .dealer, throws: "2H 3D", cribbagePro2),
        ClassicProblem("2S 3H 4D 5C 9S QH", .dealer, throws: "5C QH", cribbagePro2),
        ClassicProblem("3S KH 2D JC 8S 5H", .dealer, throws: "8S 5H", chambers),
        ClassicProblem("3S KH 2D JC 8S 5H", .pone, throws: "KH 8S", chambers),
        ClassicProblem("5S 6H QD 2C 8S 3H", .dealer, throws: "6H 8S", chambers),
        ClassicProblem("5S 6H QD 2C 8S 3H", .pone, throws: "3H 6H", chambers),
        ClassicProblem("2S 4H 7D 6C 3S JH", .dealer, throws: "6C 7D", chambers),
        ClassicProblem("2S 4H 7D 6C 3S JH", .pone, throws: "JH 7D", chambers),
    ]
}

extension Drill {
    /// The published problems as drills: the discards, then the leads.
    public static var classics: [Drill] { ClassicProblem.all.map(\.drill) + ClassicLead.all.map(\.drill) }
}

/// A published lead problem: the pone's four, the card its author leads, and where it was
/// published. The sources give ranks only and no starter or throw: the suits (no flush), the two
/// thrown and the starter here are ours, chosen to touch none of the four's ranks.
public struct ClassicLead: Hashable, Sendable {
    public let hand: [Card]
    public let thrown: [Card]
    public let cut: Card
    /// The card the source leads (any of its rank: a rank is one option in the play).
    public let published: Card
    public let source: String

    init(_ hand: String, thrown: String, cut: String, leads published: String, _ source: String) {
        self.hand = try! Card.parseDistinct(hand.split(separator: " ").map(String.init))
        self.thrown = try! Card.parseDistinct(thrown.split(separator: " ").map(String.init))
        self.cut = try! Card(parsing: cut)
        self.published = try! Card(parsing: published)
        self.source = source
    }

    /// The drill: the pone's lead, graded by the engine's analysis like every other.
    public var drill: Drill {
        let view = try! PeggingView(hand: hand, discards: thrown, cut: cut, seat: 0, play: Play(players: 2))
        let decision = Decision.lay(view, score: nil)
        let analysis = analyse(decision, by: .strongest, limit: .advice)
        return Drill(kind: .lead, decision: decision, themes: DrillThemes.tag(analysis), origin: .classic, source: source,
                     gap: DrillGenerator.gap(analysis))
    }

    static let cribbagePro = "Cribbage Pro, What card should I lead? (Part 2), 7 Sep 2012, "
        + "https://blog.cribbagepro.net/2012/09/what-card-should-i-lead-part-2.html"
    static let about = "About.com Board Games, Cribbage Strategy - Leads, "
        + "http://boardgames.about.com/od/Cribbage/a/Strategy-Leads.htm"
    static let colvert = "DeLynn Colvert, Tip #1, cribbage.org (ACC), http://www.cribbage.org/tips/colvert1.asp"

    /// The published leads, each with its source.
    public static let all: [ClassicLead] = [
        // "Lead the 6 and trap the dealer's 5": 4-5-6-6 as pone.
        ClassicLead("4S 5H 6D 6C", thrown: "9S KD", cut: "2H", leads: "6D", cribbagePro),
        // "If choosing between facecards to lead, always lead the card that you have two of": 10-J-J-5.
        ClassicLead("10S JH JD 5C", thrown: "2S 8D", cut: "AH", leads: "JH", about),
        // "Lead a 3 if you hold 2, 3": a ten-card answered with the 2 for fifteen.
        ClassicLead("2S 3H 8D KC", thrown: "6S 9D", cut: "7H", leads: "3H", about),
        // "If you have A, 4, then lead a 4".
        ClassicLead("AS 4H 9D QC", thrown: "7S 8D", cut: "6H", leads: "4H", about),
        // "Lead from the end of a sequence of four cards ... the 9-10-J-Q should begin with the 9 lead" (playing on).
        ClassicLead("9S 10H JD QC", thrown: "3S 4D", cut: "AH", leads: "9S", colvert),
    ]
}

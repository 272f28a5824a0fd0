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
    /// The published problems as drills.
    public static var classics: [Drill] { ClassicProblem.all.map(\.drill) }
}

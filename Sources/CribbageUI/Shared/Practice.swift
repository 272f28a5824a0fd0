import CribbageCore

/// Practice ("muggins") mode: the count stays hidden until the player has typed theirs.
struct Practice: Hashable, Sendable {
    var isOn = false
    /// Right answers in a row this session.
    var streak = 0
    /// Questions ended this session, and how many of them were counted right.
    var asked = 0
    var right = 0
    /// The question on the hand last answered, if any. It belongs to its hand and rules, so a
    /// new hand or new rules ask afresh without anyone clearing it.
    private var question: Question?

    /// One hand to count: the digits typed so far, then how it ended.
    struct Question: Hashable, Sendable {
        let hand: Hand
        let rules: Rules
        var answer = ""
        var ending: Ending?
    }

    /// How a question ended.
    enum Ending: Hashable, Sendable {
        /// The player's count, graded.
        case graded(CountGrade)
        /// The player opened the breakdown before counting: no point.
        case revealed(count: Int)
        /// Practice began with this hand's breakdown already open: not asked, not scored.
        case shownBefore(count: Int)
    }

    /// The question for this hand and these rules: the one in progress, or a fresh one.
    func question(for hand: Hand, rules: Rules) -> Question {
        if let question, question.hand == hand, question.rules == rules { return question }
        return Question(hand: hand, rules: rules)
    }

    /// Practice mode with this hand chosen and its question not ended.
    func isAsking(hand: Hand?, rules: Rules) -> Bool {
        guard isOn, let hand else { return false }
        return question(for: hand, rules: rules).ending == nil
    }

    /// Changes the answer being typed for this hand and rules.
    mutating func editAnswer(for hand: Hand, rules: Rules, _ change: (inout String) -> Void) {
        var current = question(for: hand, rules: rules)
        change(&current.answer)
        question = current
    }

    /// Ends the question on this hand: graded, or given away. Keeps the score and the streak.
    mutating func end(hand: Hand, rules: Rules, claimed: Int?) {
        var current = question(for: hand, rules: rules)
        let breakdown = hand.breakdown(rules: rules)
        let ending: Ending = claimed.map { .graded(breakdown.grade(claimed: $0)) } ?? .revealed(count: breakdown.total)
        current.ending = ending
        question = current
        asked += 1
        if case .graded(let grade) = ending, grade.isRight {
            right += 1
            streak += 1
        } else {
            streak = 0
        }
    }

    /// Passes over this hand without asking: its count was shown before practice began.
    mutating func pass(hand: Hand, rules: Rules) {
        var current = question(for: hand, rules: rules)
        current.ending = .shownBefore(count: hand.breakdown(rules: rules).total)
        question = current
    }

    mutating func toggle() {
        isOn.toggle()
        question = nil
    }
}

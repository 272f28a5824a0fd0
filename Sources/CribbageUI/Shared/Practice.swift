import CribbageCore

/// Practice ("muggins") mode: the count stays hidden until the player has typed theirs.
public struct Practice: Hashable, Sendable {
    public internal(set) var isOn = false
    /// Right answers in a row this session.
    public internal(set) var streak = 0
    /// The question on the hand last answered, if any. It belongs to its hand and rules, so a
    /// new hand or new rules ask afresh without anyone clearing it.
    private var question: Question?

    /// One hand to count: the digits typed so far, then the grade.
    public struct Question: Hashable, Sendable {
        public let hand: Hand
        public let rules: Rules
        public internal(set) var answer = ""
        public internal(set) var grade: CountGrade?
    }

    /// The question for this hand and these rules: the one in progress, or a fresh one.
    public func question(for hand: Hand, rules: Rules) -> Question {
        if let question, question.hand == hand, question.rules == rules { return question }
        return Question(hand: hand, rules: rules)
    }

    /// Changes the question for this hand and rules.
    mutating func update(for hand: Hand, rules: Rules, _ change: (inout Question) -> Void) {
        var current = question(for: hand, rules: rules)
        change(&current)
        question = current
    }

    /// Practice mode with this hand counted and its count not graded yet.
    func isAsking(hand: Hand?, rules: Rules) -> Bool {
        guard isOn, let hand else { return false }
        return question(for: hand, rules: rules).grade == nil
    }

    mutating func toggle() {
        isOn.toggle()
        question = nil
    }
}

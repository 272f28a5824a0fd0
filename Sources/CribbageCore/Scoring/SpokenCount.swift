extension Breakdown {
    /// The count as players say it aloud, every number in words:
    /// "fifteen two, fifteen four, a pair is six, and one for his nobs makes seven".
    /// A hand with nothing is "nineteen", the player's joke for a score no hand can make.
    public var spokenCount: String {
        var phrases: [(label: String, total: Int)] = []
        var running = 0
        func say(_ label: String, _ points: Int) {
            running += points
            phrases.append((label, running))
        }
        for _ in self[.fifteens].combinations { say("fifteen", 2) }
        let pairsByRank = Dictionary(grouping: self[.pairs].combinations, by: { $0.cards[0].rank })
        for rank in Rank.allCases {
            guard let pairs = pairsByRank[rank] else { continue }
            let name = switch pairs.count {
            case 1: "a pair"
            case 3: "a pair royal"
            default: "a double pair royal"
            }
            say(name, pairs.count * 2)
        }
        let runs = self[.runs].combinations
        if let length = runs.first?.cards.count {
            let multiple = switch runs.count {
            case 1: ""
            case 2: "double "
            case 3: "triple "
            default: "double-double "
            }
            say("a \(multiple)run of \(NumberWords.spelled(length))", runs.count * length)
        }
        if let flush = self[.flush].combinations.first {
            say("a flush of \(NumberWords.spelled(flush.points))", flush.points)
        }
        if !self[.nobs].combinations.isEmpty { say("one for his nobs", 1) }

        guard let last = phrases.popLast() else { return "nineteen (nothing to count)" }
        let spoken = phrases.map { phrase in
            phrase.label == "fifteen"
                ? "fifteen \(NumberWords.spelled(phrase.total))"
                : "\(phrase.label) is \(NumberWords.spelled(phrase.total))"
        }
        let lastLabel = last.label == "fifteen" ? "fifteen \(NumberWords.spelled(last.total))" : last.label
        let ending = "\(lastLabel) makes \(NumberWords.spelled(last.total))"
        return spoken.isEmpty ? ending : spoken.joined(separator: ", ") + ", and " + ending
    }
}

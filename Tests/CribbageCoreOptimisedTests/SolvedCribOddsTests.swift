import Testing
@testable import CribbageCore

/// `SolvedCribOdds` walks the opponent's sixes itself and gathers them by the ranks they add to
/// the crib; this is the plain sum it must equal to the unit: every six-rank deal's slots
/// (`SixRankDeals`), its shipped expert throw, every starter, card by card for nobs.
private func plainTotal(dealt: [Card], role: Role, _ first: Card, _ second: Card) -> Int {
    let deals = SixRankDeals.shared, jack = SixRankDeals.jack
    let policy = role == .pone ? SolvedThrows.dealer : SolvedThrows.pone
    var held = [Int](repeating: 0, count: 13)
    for card in dealt { held[card.rank.order - 1] += 1 }
    var sixes = [Int](repeating: 0, count: 91), cardsOfRank = [Int](repeating: 0, count: 91 * 13)
    for p in 0..<deals.count {
        var ways = 1
        for k in 0..<6 {
            let slot = Int(deals.slots[p * 6 + k])
            ways *= Binomial.table[(4 - held[slot / 5]) * 5 + slot % 5]
        }
        let u = Int(policy[p])
        sixes[u] += ways
        for k in 0..<6 {
            let slot = Int(deals.slots[p * 6 + k])
            cardsOfRank[u * 13 + slot / 5] += ways * (slot % 5)
        }
    }
    let unseen = Deck.full.subtracting(Deck(dealt)).cards
    let thrown = RankTally([first.rank.order, second.rank.order])
    var total = 0
    for u in 0..<91 {
        let (c, d) = SixRankDeals.pairRanks[u]
        for s in 0..<13 {
            let count = (4 - held[s]) * sixes[u] - cardsOfRank[u * 13 + s]
            guard count > 0 else { continue }
            // Nobs: 144 × the chance a starter of rank s is of a thrown jack's suit, yours as
            // dealt, the opponent's any unseen jack's.
            var nobs = 0
            let starters = unseen.filter { $0.rank.order == s + 1 }
            let jacks = unseen.filter { $0.rank == .jack }
            if s != jack {
                for card in [first, second] where card.rank == .jack {
                    nobs += 144 * starters.count { $0.suit == card.suit } / starters.count
                }
                if !jacks.isEmpty {
                    let matching = jacks.reduce(0) { sum, j in sum + starters.count { $0.suit == j.suit } }
                    nobs += ((c == jack ? 1 : 0) + (d == jack ? 1 : 0)) * (144 * matching / (jacks.count * starters.count))
                }
            }
            total += count * (144 * thrown.points(with: RankTally([c + 1, d + 1, s + 1])) + nobs)
        }
    }
    return total
}

@Suite("Solved crib odds: the gathered sums are the plain sum over deals, to the unit")
struct SolvedCribOddsTests {
    @Test("every discard of seeded deals and of one with many jacks, each role", arguments: [Role.dealer, .pone, .none])
    func gatheredIsPlain(_ role: Role) throws {
        var generator = SplitMix64(seed: 29)
        var hands = (0..<3).map { _ in Array(Deck.full.cards.shuffled(using: &generator).prefix(6)) }
        hands.append(try Card.parseDistinct(["JS", "JH", "JD", "5C", "5S", "KC"]))
        for dealt in hands {
            let odds = SolvedCribOdds(dealt: dealt, role: role)
            for i in dealt.indices { for j in (i + 1)..<dealt.count {
                #expect(odds.total(dealt[i], dealt[j]) == plainTotal(dealt: dealt, role: role, dealt[i], dealt[j]),
                        "\(dealt) throwing \(dealt[i]) \(dealt[j])")
            } }
        }
    }
}

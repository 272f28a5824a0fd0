import Testing
@testable import CribbageCore

/// The throw with three players or two teams (`GroupThrow`) and the crib it values (`GroupCrib`,
/// shipped by `make group-crib-tables`).
@Suite("The group throw")
struct GroupThrowTests {
    static func five(_ text: String) throws -> [Card] {
        try Card.parseDistinct(text.split(separator: " ").map(String.init))
    }

    @Test("the shipped tables are what their maker gives: the first deals thrown with each again find the recorded digests")
    func shippedTablesReplay() {
        let check = GroupCrib.sampleCheck
        #expect(check.deals >= 100)
        #expect(GroupCrib.three.sampleDigest(seed: check.seed, deals: check.deals) == check.three)
        #expect(GroupCrib.teams.sampleDigest(seed: check.seed, deals: check.deals) == check.teams)
        #expect(GroupCrib.provenance.engine == Fingerprint.engine)
    }

    @Test("the tables have settled: deals thrown with a table give that table's means again, within their error",
          arguments: [3, 4])
    func settled(players: Int) {
        let table = GroupCrib.shipped(players: players)!
        var sample = GroupCrib.Sample()
        // Deals of a seed the maker never used.
        for index in 0..<6_000 { sample.merge(GroupCrib.sample(deal: index, seed: 0xC0FFEE, players: players, model: table)) }
        var compared = 0
        for role in 0..<2 {
            for rank in 0..<13 where sample.counts[role][rank] >= 300 {
                let mean = sample.sums[role][rank] / Double(sample.counts[role][rank])
                #expect(abs(mean - table.means[role][rank]) < 4.5 * sample.standardError(role: role, rank: rank) + 0.02,
                        "\(players) players, role \(role), rank \(rank + 1): \(mean) against \(table.means[role][rank])")
                compared += 1
            }
        }
        #expect(compared >= 14)
    }

    @Test("what the tables say a player knows: a five in the crib is worth most to it, and more to its owner's crib than a king")
    func fivesAndKings() {
        for players in [3, 4] {
            let table = GroupCrib.shipped(players: players)!
            for own in [true, false] {
                let five = table.mean(thrown: .five, ownCrib: own)
                #expect(Rank.allCases.allSatisfy { $0 == .five || table.mean(thrown: $0, ownCrib: own) < five })
                #expect(table.mean(thrown: .king, ownCrib: own) < five - 1.5)
            }
        }
    }

    @Test("a keep's net is its hand and its side's share of the crib: all of its own, all against with teams, half against with three")
    func netIsHandAndShare() throws {
        let five = try Self.five("5♣ 6♦ 7♥ J♠ K♣")
        for players in [3, 4] {
            for own in [true, false] {
                let share = own ? 1.0 : (players == 4 ? -1.0 : -0.5)
                #expect(GroupThrow.share(players: players, ownCrib: own) == share)
                let keeps = GroupThrow.ranked(five, players: players, ownCrib: own)
                #expect(keeps.count == 5)
                for keep in keeps {
                    let crib = GroupCrib.shipped(players: players)!.mean(thrown: keep.thrown.rank, ownCrib: own)
                    #expect(abs(keep.net - (keep.hand + share * crib)) < 1e-12)
                    #expect(Set(keep.kept + [keep.thrown]) == Set(five))
                }
                #expect(zip(keeps, keeps.dropFirst()).allSatisfy { $0.net >= $1.net })
            }
        }
    }

    @Test("without a crib table the order is the hand alone's (FiveCardKeep), ties and all")
    func handAloneIsFiveCardKeep() {
        var random = SplitMix64(seed: 48)
        for _ in 0..<200 {
            let five = random.deal(5)
            for own in [true, false] {
                #expect(GroupThrow.ranked(five, players: 3, ownCrib: own, crib: nil).map(\.thrown)
                        == FiveCardKeep.ranked(five, ownCrib: own).map(\.thrown))
            }
        }
    }

    /// A keep's hand over the 47 starters, counted by the breakdown (not the fast scorer).
    static func handMean(_ kept: [Card], five: [Card]) throws -> Double {
        let starters = Card.all.filter { !five.contains($0) }
        return Double(try starters.reduce(0) { $0 + (try Hand(kept, cut: $1)).breakdown().total }) / 47
    }

    @Test("worked example: the dealer of three (or of a team) throws the five from 2-2-5-7-8 to its own crib, where the hand alone keeps it",
          arguments: [3, 4])
    func theFiveToOwnCrib(players: Int) throws {
        let five = try Self.five("2♣ 2♥ 5♦ 7♣ 8♣")
        #expect(FiveCardKeep.thrown(from: five, ownCrib: true) == [try Card(parsing: "7♣")])
        let keeps = GroupThrow.ranked(five, players: players, ownCrib: true)
        #expect(keeps[0].thrown == (try Card(parsing: "5♦")))
        // 2-2-7-8 holds 6.13 over the starters, 2-2-5-8 8.17; the five in the crib is worth 2.2 more
        // than the seven there, which is more than the 2.04 the hand gives up.
        let withSeven = try #require(keeps.first { $0.thrown == (try Card(parsing: "7♣")) })
        #expect(abs(keeps[0].hand - (try Self.handMean(keeps[0].kept, five: five))) < 1e-9)
        #expect(abs(withSeven.hand - (try Self.handMean(withSeven.kept, five: five))) < 1e-9)
        #expect(abs(keeps[0].hand - 6.1277) < 0.0001 && abs(withSeven.hand - 8.1702) < 0.0001)
        #expect(keeps[0].crib - withSeven.crib > withSeven.hand - keeps[0].hand)
        // To another's crib the five stays: the hand alone's throw.
        #expect(GroupThrow.ranked(five, players: players, ownCrib: false)[0].thrown == (try Card(parsing: "7♣")))
    }

    @Test("worked example: with teams, from 6-7-10-J-J to the other side's crib the ten goes, not the seven the hand alone throws")
    func theSevenStaysOutOfTheirCrib() throws {
        let five = try Self.five("6♣ 7♦ 10♠ J♦ J♥")
        #expect(FiveCardKeep.thrown(from: five, ownCrib: false) == [try Card(parsing: "7♦")])
        let keeps = GroupThrow.ranked(five, players: 4, ownCrib: false)
        #expect(keeps[0].thrown == (try Card(parsing: "10♠")))
        let withSeven = try #require(keeps.first { $0.thrown == (try Card(parsing: "7♦")) })
        // The hand loses 0.34 keeping the seven; a seven in their crib costs more than a ten.
        #expect(withSeven.hand - keeps[0].hand < withSeven.crib - keeps[0].crib)
        #expect(abs(withSeven.hand - (try Self.handMean(withSeven.kept, five: five))) < 1e-9)
    }

    @Test("fair: a computer seat's throw is the same whatever the cards it cannot see", arguments: [3, 4])
    func throwSeesOnlyItsFive(players: Int) {
        let computer = ComputerPlayer(level: .expert)
        var random = SplitMix64(seed: UInt64(players))
        for _ in 0..<50 {
            let five = random.deal(5)
            var seeds = SplitMix64(seed: 7)
            for own in [true, false] {
                var a = SplitMix64(seed: seeds.next()), b = SplitMix64(seed: seeds.next())
                #expect(computer.throwOne(five, players: players, ownCrib: own, score: nil, random: &a)
                        == computer.throwOne(five, players: players, ownCrib: own, score: nil, random: &b))
            }
        }
    }

    @Test("the levels: the novice keeps the hand alone, the others value the crib")
    func levels() {
        var random = SplitMix64(seed: 5)
        var differ = 0
        for _ in 0..<300 {
            let five = random.deal(5)
            var r = SplitMix64(seed: 1)
            let novice = ComputerPlayer(level: .novice).throwOne(five, players: 3, ownCrib: false, score: nil, random: &r)
            let expert = ComputerPlayer(level: .expert).throwOne(five, players: 3, ownCrib: false, score: nil, random: &r)
            #expect(novice == FiveCardKeep.thrown(from: five, ownCrib: false)[0])
            #expect(expert == GroupThrow.ranked(five, players: 3, ownCrib: false)[0].thrown)
            if novice != expert { differ += 1 }
        }
        #expect(differ > 0)
    }
}

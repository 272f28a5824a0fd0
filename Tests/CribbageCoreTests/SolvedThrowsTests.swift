import TestSupport
import Testing
@testable import CribbageCore

@Suite("Expert policy: the shipped throws are the best response to the shipped tables", .tags(.exhaustive), .slow)
struct SolvedThrowsTests {
    @Test("each role's shipped throw for every deal is the one the keeps' values choose", arguments: [Role.dealer, .pone])
    func shippedIsBestResponse(_ role: Role) {
        let shipped = role == .dealer ? SolvedThrows.dealer : SolvedThrows.pone
        let table = CribTable.shipped(role: role, opponent: .solved)
        #expect(shipped.count == SixRankDeals.shared.count)
        #expect(shipped == SixRankDeals.shared.policy(for: role, crib: table.pairs))
    }

    @Test("every pair index survives the text it is shipped as")
    func roundTrip() {
        let policy = (0..<250).map { UInt8($0 % 91) }
        let lines = SolvedThrows.encode(policy)
        #expect(lines.count == 3 && lines.allSatisfy { !$0.contains("\\") && !$0.contains("\"") })
        #expect(SolvedThrows.decode(lines.joined(separator: "\n        ").utf8) == policy)
    }
}

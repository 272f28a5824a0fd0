import TestSupport
import Testing
@testable import CribbageCore

/// The tables the engine made cannot drift from it: each records the engine's fingerprint and the
/// digests of the tables it read, and is current only while both match.
@Suite("The engine-made tables are the engine's as it is")
struct TableProvenanceTests {
    static let digests = ["keep-pegging": KeepPegging.digest, "win": WinTable.digest, "show": ShowCounts.shipped.digest]

    @Test("each engine-made table was made by the engine as it is now, from the tables as they are now",
          arguments: [("keep-pegging", KeepPegging.provenance), ("win", WinTable.provenance), ("show", ShowCounts.provenance)])
    func current(name: String, provenance: TableProvenance) {
        let stale = provenance.staleness(engine: Fingerprint.engine, digests: Self.digests)
        #expect(stale == nil, "the \(name) table is stale (\(stale ?? "")): run `\(provenance.target)` to make it again")
    }

    @Test("the win and show tables were made from the keep pegging table; what made them is in their headers")
    func upstream() {
        #expect(WinTable.provenance.upstream.keys.sorted() == ["keep-pegging"])
        #expect(ShowCounts.provenance.upstream.keys.sorted() == ["keep-pegging"])
        #expect(KeepPegging.provenance.target == "make keep-pegging" && WinTable.provenance.target == "make odds-tables"
                    && ShowCounts.provenance.target == "make show-tables")
    }

    @Test("a table is stale when the engine's fingerprint or an upstream table's digest differs, and says which")
    func staleness() {
        let made = TableProvenance(target: "make odds-tables", engine: "aaaaaaaaaaaaaaaa", upstream: ["keep-pegging": "1111111111111111"])
        #expect(made.staleness(engine: "aaaaaaaaaaaaaaaa", digests: ["keep-pegging": "1111111111111111"]) == nil)
        #expect(made.staleness(engine: "bbbbbbbbbbbbbbbb", digests: ["keep-pegging": "1111111111111111"])?.contains("engine aaaaaaaaaaaaaaaa") == true)
        #expect(made.staleness(engine: "aaaaaaaaaaaaaaaa", digests: ["keep-pegging": "2222222222222222"])?.contains("keep-pegging") == true)
        #expect(made.staleness(engine: "aaaaaaaaaaaaaaaa", digests: [:])?.contains("gone") == true)
    }

    @Test("the fingerprint is the same every time, 16 hexadecimal digits, and the players' differs from the engine's")
    func fingerprint() {
        let engine = Fingerprint.engine
        #expect(engine == Fingerprint.engine && engine.count == 16 && engine.allSatisfy(\.isHexDigit))
        #expect(Fingerprint.players != engine)
        #expect(Fingerprint.positions.count == 32)
    }

    @Test("the win tables' first deals, played again from their seed, give the digest the tables recorded", .tags(.solver), .slow)
    func winTablesReplay() {
        let check = WinTable.sampleCheck
        #expect(check.deals >= 100, "the win tables record the first deals of their sample")
        let limit = Limit(searchedHands: max(1, check.hands), figures: .ranking)
        let deals = (0..<check.deals).map { DealScores.played($0, seed: check.seed, limit: limit) }
        #expect(DealScores.digest(deals) == check.digest, "the win tables are not their sample: run `make odds-tables`")
    }
}

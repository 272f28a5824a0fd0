import Foundation
import Testing
@testable import TwentyNineCommands

@Suite("OrderedJSON: one JSON writer, keys in the order written")
struct OrderedJSONTests {
    private struct Peg: Encodable {
        let zebra: Int
        let apple: String
        let missing: Int?
        let when: Date
        let cards: [String]
        let nested: [String: [Int]]
    }

    @Test func anEncodableKeepsItsDeclaredOrderAndItsValues() throws {
        let peg = Peg(zebra: -3, apple: "a \"quoted\"\nline", missing: nil, when: Date(timeIntervalSince1970: 1_795_000_000),
                      cards: ["5H", "JD"], nested: ["x": [1, 2]])
        let text = try OrderedJSON(encoding: peg).text
        #expect(text == #"{"zebra":-3,"apple":"a \"quoted\"\nline","when":"2026-11-18T11:06:40Z","cards":["5H","JD"],"nested":{"x":[1,2]}}"#)
        // The same values as Foundation's encoder writes, whatever the order.
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let reference = try JSONSerialization.jsonObject(with: encoder.encode(peg)) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        #expect(ours == reference)
    }

    private struct Wrapper: Encodable {
        let inner: Peg?
        private enum Keys: String, CodingKey { case first, inner }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .first)
            if let inner { try inner.encode(to: encoder) } else { try container.encodeNil(forKey: .inner) }
        }
    }

    @Test func aSecondKeyedContainerWritesIntoTheSameObjectAfterTheFirst() throws {
        let inner = Peg(zebra: 1, apple: "", missing: 2, when: Date(timeIntervalSince1970: 0), cards: [], nested: [:])
        #expect(try OrderedJSON(encoding: Wrapper(inner: inner)).text
                == #"{"first":1,"zebra":1,"apple":"","missing":2,"when":"1970-01-01T00:00:00Z","cards":[],"nested":{}}"#)
        #expect(try OrderedJSON(encoding: Wrapper(inner: nil)).text == #"{"first":1,"inner":null}"#)
    }

    @Test func extremeNumbersAreWrittenNotTrapped() throws {
        #expect(try OrderedJSON(encoding: [UInt64.max]).text == "[1.8446744073709552e+19]")
        #expect(try OrderedJSON(encoding: [Int.min]).text == "[\(Int.min)]")
        #expect(try OrderedJSON(encoding: [Double.infinity]).text == "[null]")
    }

    @Test func theGameCommandsWriteTheirAnswerFirstThenTheSavedGame() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--names", "Ann,Bob")
        let text = try game.run(["peg", "1", "2", "--json"]).stdout
        let keys = ["\"file\"", "\"saved\"", "\"status\"", "\"version\"", "\"id\"", "\"started\"", "\"game\""]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted(), "\(text)")
    }
}

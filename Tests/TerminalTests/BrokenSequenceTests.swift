import Canvas
import CribbageCore
@testable import CribbageUI
import Testing
@testable import Terminal

/// Escape sequences cut short (their bytes stop coming, or another sequence begins inside them)
/// never leak their tails as keys: seeded interleavings of truncated sequences through the
/// decoder as the reader drives it, then the keys through the app in every scene.
@Suite("Key decoder: broken sequences")
struct BrokenSequenceTests {
    /// What a terminal sends, whole, and the key each one is.
    static let sequences: [(bytes: [UInt8], key: KeyInput)] = [
        (Array("\u{1B}[A".utf8), .up),
        (Array("\u{1B}[1;5C".utf8), .right),
        (Array("\u{1B}OP".utf8), .function(1)),
        (Array("\u{1B}[15~".utf8), .function(5)),
        (Array("\u{1B}[<0;12;5M".utf8), .click(row: 4, column: 11)),
        (Array("\u{1B}[<64;3;4M".utf8), .scrollUp),
        (Array("\u{1B}[M".utf8) + [32, UInt8(ascii: "q"), UInt8(ascii: "1")], .click(row: 16, column: 80)),
        (Array("\u{1B}[M".utf8) + [UInt8(ascii: "c"), UInt8(ascii: "q"), UInt8(ascii: "2")], .unknown),
        (Array("\u{1B}[200~q12\u{1B}[201~".utf8), .paste("q12")),
    ]

    /// Bytes as they arrive: each chunk in one read, and the reader's 25 ms timeout after it.
    /// Decodes as `InputReader` does: without `final` while bytes are coming, with it once they
    /// stop.
    static func read(_ chunks: [[UInt8]]) -> [KeyInput] {
        var pending: [UInt8] = []
        var interrupted: KeyDecoder.Interruption?
        var inputs: [KeyInput] = []
        for chunk in chunks {
            pending += chunk
            for final in [false, true] {
                while let (input, count) = KeyDecoder.decode(pending[...], utf8: true, final: final,
                                                             interrupted: &interrupted) {
                    inputs.append(input)
                    pending.removeFirst(count)
                }
            }
        }
        return inputs
    }

    /// A seeded stream: whole sequences, and sequences cut at a random byte (never after the
    /// escape alone, which is the escape key), either with their tail in a later read or
    /// followed at once by the next sequence, or never finished. Returns the chunks, the keys of
    /// the whole ones, and the broken ones as they are read. A paste is cut only with its tail to come: until its
    /// end, what comes is pasted text.
    static func stream(seed: UInt64, length: Int) -> (chunks: [[UInt8]], keys: [KeyInput], broken: [[UInt8]]) {
        var random = SplitMix64(seed: seed)
        var chunks: [[UInt8]] = [[]]
        var keys: [KeyInput] = []
        var broken: [[UInt8]] = []
        for _ in 0..<length {
            let (bytes, key) = sequences[random.below(sequences.count)]
            switch key.isPaste ? random.below(2) : random.below(4) {
            case 0:
                chunks[chunks.count - 1] += bytes
                if key != .unknown, !(key.isPaste) { keys.append(key) }
            case 1:
                // Cut off: its tail comes in a later read.
                let cut = 2 + random.below(bytes.count - 2)
                chunks[chunks.count - 1] += bytes[..<cut]
                chunks.append(Array(bytes[cut...]))
                chunks.append([])
                broken += [Array(bytes[..<cut]), Array(bytes[cut...])]
            case 2:
                // Cut off, and the next sequence begins at once.
                let cut = 2 + random.below(bytes.count - 2)
                chunks[chunks.count - 1] += bytes[..<cut]
                broken.append(Array(bytes[..<cut]))
            default:
                // Cut off and never finished: the read ends there.
                let cut = 2 + random.below(bytes.count - 2)
                chunks[chunks.count - 1] += bytes[..<cut]
                chunks.append([])
                broken.append(Array(bytes[..<cut]))
            }
        }
        return (chunks.filter { !$0.isEmpty }, keys, broken)
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func aBrokenSequenceGivesNoKeyAndTheWholeOnesStillDecode(seed: UInt64) {
        let (chunks, keys, _) = Self.stream(seed: seed, length: 12)
        let inputs = Self.read(chunks)
        let meaningful = inputs.filter { $0 != .unknown && !$0.isPaste }
        #expect(meaningful == keys, "chunks \(chunks.map { String(decoding: $0, as: UTF8.self).debugDescription }) inputs \(inputs)")
    }

    /// The cases the adversarial run found: `ESC [` and then, within the timeout, a mouse report
    /// whose byte is `q`; `ESC [` and, after it, an SGR report's digits.
    @Test func theReportedCasesGiveNoKeys() {
        let x10 = Array("\u{1B}[M".utf8) + [32, UInt8(ascii: "q"), UInt8(ascii: "q")]
        #expect(Self.read([Array("\u{1B}[".utf8) + x10]) == [.unknown, .click(row: 80, column: 80)])
        #expect(Self.read([Array("\u{1B}[".utf8), Array("<0;12;5M".utf8)]).allSatisfy { $0 == .unknown })
        #expect(Self.read([Array("\u{1B}[M ".utf8), Array("qq".utf8)]).allSatisfy { $0 == .unknown })
        #expect(Self.read([Array("\u{1B}O".utf8), Array("q".utf8)]).allSatisfy { $0 == .unknown })
        #expect(Self.read([Array("\u{1B}[200~q1".utf8), Array("2q\u{1B}[201~q".utf8)])
            == [.paste("q1"), .paste("2q"), .character("q")])
    }

    /// The scenes a broken sequence may arrive in, each reached by keys.
    static func scenes() throws -> [(name: String, app: App)] {
        let size = Size(width: 80, height: 24)
        var counter = App(size: size, glyphs: .unicode)
        for key in ":5h 5c 5s jd 5d" { _ = counter.handle(.character(key)) }
        _ = counter.handle(.enter)
        var breakdown = counter
        _ = breakdown.handle(.character("b"))
        var advisor = App(size: size, glyphs: .unicode)
        _ = advisor.handle(.character("d"))
        var play = App(size: size, glyphs: .unicode)
        _ = play.handle(.character("t"))
        _ = play.handle(.character(" "))
        var help = App(size: size, glyphs: .unicode)
        _ = help.handle(.character("?"))
        var board = App(size: size, glyphs: .unicode)
        var game = try Game(names: ["Ann", "Bob"])
        try game.peg(player: 1, points: 2)
        var keeper = Keeper()
        keeper.answer(BoardLoad.self) { _ in .game(game, message: nil) }
        _ = board.perform(board.open(.board), with: keeper)
        _ = board.handle(.character("1"))
        var boardPlay = board
        _ = boardPlay.handle(.character("t"))
        return [("hand selection", counter), ("breakdown", breakdown), ("discard advisor", advisor),
                ("the play", play), ("help", help), ("board", board), ("board's play", boardPlay)]
    }

    /// Only the broken sequences, through the app in every scene: nothing quits, pegs, lays a
    /// card, clears or changes at all.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func aBrokenSequenceChangesNoScene(seed: UInt64) throws {
        let (_, _, broken) = Self.stream(seed: seed, length: 12)
        let inputs = Self.read(broken)
        for (name, start) in try Self.scenes() {
            var app = start
            for input in inputs {
                #expect(app.handle(input) != .quit, "\(name): \(input) quits")
            }
            #expect(app.state == start.state, "\(name) changed by \(inputs)")
        }
    }
}

extension KeyInput {
    var isPaste: Bool {
        if case .paste = self { return true }
        return false
    }
}

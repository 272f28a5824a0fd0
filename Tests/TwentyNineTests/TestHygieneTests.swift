import Foundation
import TestSupport
import Testing

/// Tests that cannot pass by accident (issue 44): no test returns before it checks anything, no
/// unit test reads a clock, and every slow tag carries `.slow`. `TestHygiene` reads every test
/// file; the snippets below show that it finds each pattern and leaves the good forms alone.
@Suite("Test hygiene")
struct TestHygieneTests {
    /// The rules a snippet breaks, by line.
    static func broken(_ snippet: String, file: String = "Tests/SomeTests.swift") -> [(Int, HygieneFinding.Rule)] {
        TestHygiene.findings(in: snippet, file: file).map { ($0.line, $0.rule) }
    }

    @Test("every test file keeps the rules")
    func everyTestFile() throws {
        let tests = Repository.file("Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var read = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = "Tests/" + url.path.dropFirst(tests.path.count + 1)
            let found = TestHygiene.findings(in: try String(contentsOf: url, encoding: .utf8), file: path)
            for finding in found { Issue.record("\(finding)") }
            read += 1
        }
        #expect(read > 100, "read only \(read) test files under \(tests.path)")
    }

    @Test("a return before the first expectation is flagged, in the body, an if or a guard's else")
    func earlyReturnsAreFlagged() {
        let snippet = """
            @Test func nothing() throws {
                guard let first = items.first else { return }
                if first.isEmpty {
                    return
                }
                #expect(first == "a")
            }
            @Test("named", .tags(.solver), .slow)
            func bare() {
                let x = 1
                return
            }
            """
        #expect(Self.broken(snippet).map(\.0) == [2, 4, 11])
        #expect(Self.broken(snippet).allSatisfy { $0.1 == .earlyReturn })
    }

    @Test("a return after an expectation, in a closure, in a nested function or outside a test is not flagged")
    func goodReturnsAreNot() {
        let snippet = """
            @Test func recorded() {
                guard let first = items.first else {
                    Issue.record("found nothing to check: no items")
                    return
                }
                #expect(first == "a")
            }
            @Test func required() throws {
                let first = try #require(items.first)
                guard first.isEmpty else { return }
            }
            @Test(arguments: [1, 2]) func closures(n: Int) {
                let values = items.map { item in
                    if item.isEmpty { return 0 }
                    return item.count
                }
                func helper() -> Int { return 1 }
                let kept = items.filter({ guard $0.isEmpty else { return false }; return true })
                repeat { n += 1 } while n < 3
                values.forEach { value in return }
                #expect(values.count == n + helper() + kept.count)
            }
            func notATest() {
                guard ready else { return }
            }
            @Test func stringsAndComments() {
                // return
                let text = "return \\(value("return")) }"
                let raw = #"return "}" \\#(value)"#
                /* return { /* nested */ } */
                #expect(text != raw)
            }
            """
        #expect(Self.broken(snippet).isEmpty, "\(Self.broken(snippet))")
    }

    @Test("a clock in a unit test is flagged; in a tmux suite's file or the tmux driver it is allowed")
    func clocks() {
        let snippet = """
            @Suite struct Timed {
                @Test func fast() {
                    let deadline = Date().addingTimeInterval(15)
                    let now = Date.now
                    let clock = ContinuousClock()
                    let other = SuspendingClock.now
                    let dispatch = DispatchTime.now()
                    clock_gettime(CLOCK_MONOTONIC, &time)
                    let fixed = Date(timeIntervalSince1970: 0)
                    #expect(deadline > now)
                }
            }
            """
        #expect(Self.broken(snippet).map(\.0) == [3, 4, 5, 6, 7, 8])
        #expect(Self.broken(snippet).allSatisfy { $0.1 == .clock })
        let tmux = "@Suite(.serialized, .tags(.tmux), .slow)\n" + snippet
        #expect(Self.broken(tmux).isEmpty)
        #expect(Self.broken(snippet, file: TestHygiene.tmuxDriver).isEmpty)
    }

    @Test("a tmux, exhaustive or solver tag without .slow in the same traits is flagged")
    func slowTags() {
        let snippet = """
            @Suite("a", .tags(.solver))
            struct A {
                @Test("b", .tags(.exhaustive), .enabled(if: ready)) func b() { #expect(true) }
                @Test(.tags(.tmux, .slow)) func c() { #expect(true) }
            }
            @Suite(.tags(.solver), .slow) struct D {}
            @Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux")) struct E {}
            @Suite(.tags(.other)) struct F {}
            """
        #expect(Self.broken(snippet).map(\.0) == [1, 3, 4])
        #expect(Self.broken(snippet).allSatisfy { $0.1 == .slowTagWithoutSlow })
    }

    @Test("a finding names its file and line")
    func findingsNameFileAndLine() {
        let found = TestHygiene.findings(in: "\n\n@Test func x() { return }\n", file: "Tests/X/XTests.swift")
        #expect(found.map(\.description) == ["Tests/X/XTests.swift:3: the test returns before its first #expect, #require or Issue.record"])
    }
}

import Foundation
import TestSupport
import Testing
@testable import CribbageUI

/// Docs/Keys.md lists the same key table that dispatch and the help overlay use.
/// `RECORD_SNAPSHOTS=1` writes the table into the page.
@Suite("Docs")
struct DocsTests {
    static let start = "<!-- The key table, generated from KeyMap.markdown: -->"
    static let end = "<!-- End of the generated key table. -->"

    @Test func keysDocumentHoldsTheKeyTable() throws {
        let keys = try Repository.text("Docs/Keys.md")
        let generated = "\(Self.start)\n\n\(KeyMap.markdown)\n\n\(Self.end)"
        guard let from = keys.range(of: Self.start), let to = keys.range(of: Self.end) else {
            Issue.record("Docs/Keys.md lacks the markers around the key table")
            return
        }
        let current = String(keys[from.lowerBound..<to.upperBound])
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", current != generated {
            try keys.replacingCharacters(in: from.lowerBound..<to.upperBound, with: generated)
                .write(to: Repository.file("Docs/Keys.md"), atomically: true, encoding: .utf8)
        }
        #expect(current == generated, "Docs/Keys.md is out of date:\n\(lineDiff(expected: current, actual: generated))")
    }

    @Test func keysDocumentStatesTheMinimumSize() throws {
        let keys = try Repository.text("Docs/Keys.md")
        #expect(keys.contains("\(Frame.minimumSize.width)×\(Frame.minimumSize.height)"))
    }
}

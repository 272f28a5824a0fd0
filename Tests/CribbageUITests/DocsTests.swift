import TestSupport
import Testing
@testable import CribbageUI

/// Docs/Keys.md lists the same key table that dispatch and the help overlay use.
@Suite("Docs")
struct DocsTests {
    @Test func keysDocumentHoldsTheKeyTable() throws {
        let keys = try Repository.text("Docs/Keys.md")
        #expect(keys.contains(KeyTable.markdown), "Docs/Keys.md is out of date; its table should read:\n\(KeyTable.markdown)")
    }

    @Test func keysDocumentStatesTheMinimumSize() throws {
        let keys = try Repository.text("Docs/Keys.md")
        #expect(keys.contains("\(Chrome.minimumSize.width)×\(Chrome.minimumSize.height)"))
    }
}

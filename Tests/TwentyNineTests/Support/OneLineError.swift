import TestSupport
import Testing

/// Checks a refused run: a non-zero exit, nothing on standard output, and exactly one line on
/// standard error, `twentynine: …`, naming the offending token (no usage text, no trace).
func expectOneLineError(_ result: RunResult, naming token: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(result.status != 0, sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    let line = try #require(lines.first, sourceLocation: sourceLocation)
    #expect(line.hasPrefix("twentynine: "), sourceLocation: sourceLocation)
    #expect(line.contains(token), "stderr: \(line)", sourceLocation: sourceLocation)
    #expect(!line.contains("Usage"), sourceLocation: sourceLocation)
    #expect(!line.contains("Error:"), sourceLocation: sourceLocation)
}

/// Arguments a command must refuse, and what its one-line message must contain.
struct BadArguments: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let names: String

    init(_ arguments: [String], names: String) {
        self.arguments = arguments
        self.names = names
    }

    var testDescription: String { arguments.map(\.debugDescription).joined(separator: " ") }
}

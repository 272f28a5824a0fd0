import Foundation
import TestSupport
import Testing

/// Runs a command that succeeds quietly, and decodes the one JSON object it prints: in
/// process, or as the real binary with `environment` (the game's data folder).
func runJSON(_ arguments: [String], environment: [String: String]? = nil,
             sourceLocation: SourceLocation = #_sourceLocation)
    throws -> (text: String, object: [String: Any]) {
    let result = try environment.map { try runTwentyNine(arguments, environment: $0) } ?? runInProcess(arguments)
    #expect(result.status == 0, sourceLocation: sourceLocation)
    #expect(result.stderr == "", sourceLocation: sourceLocation)
    let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
        sourceLocation: sourceLocation)
    return (result.stdout, object)
}

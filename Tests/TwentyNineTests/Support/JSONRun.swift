import Foundation
import TestSupport
import Testing

/// Runs a command in process that succeeds quietly, and decodes the one JSON object it prints;
/// `environment` (the game's data folder) in place of the process's.
func runJSON(_ arguments: [String], environment: [String: String]? = nil,
             sourceLocation: SourceLocation = #_sourceLocation)
    throws -> (text: String, object: [String: Any]) {
    let result = runInProcess(arguments, environment: environment)
    #expect(result.status == 0, sourceLocation: sourceLocation)
    #expect(result.stderr == "", sourceLocation: sourceLocation)
    let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
        sourceLocation: sourceLocation)
    return (result.stdout, object)
}

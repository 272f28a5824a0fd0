import Foundation
import TestSupport
import Testing

/// A clone of the repository alone must pass `make test`: nothing in it (code, tests, scripts,
/// build files, docs) reads or cites a file outside it.
@Suite("Self-contained")
struct SelfContainedTests {
    /// Spelled in pieces, so that this file does not find itself.
    static let outsidePaths = [["..", "/shared"], ["design", ".md"], ["/work", "/"], ["/home", "/"]].map { $0.joined() }
    static let scanned = ["Sources", "Tests", "Benchmarks", "Docs", ".ci", "Makefile", "Package.swift", "README.md"]

    @Test func nothingInTheRepositoryReadsOrCitesAFileOutsideIt() throws {
        var offenders: [String] = []
        var scannedFiles = 0
        for top in Self.scanned {
            let url = Repository.file(top)
            var files = [url]
            if let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) {
                files = []
                while let file = walker.nextObject() as? URL {
                    // Build products and snapshots are not the repository's text.
                    if [".build", "__Snapshots__"].contains(file.lastPathComponent) {
                        walker.skipDescendants()
                    } else {
                        files.append(file)
                    }
                }
            }
            for file in files {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                scannedFiles += 1
                for path in Self.outsidePaths where text.contains(path) {
                    offenders.append("\(file.path.dropFirst(Repository.root.path.count)): \(path)")
                }
            }
        }
        #expect(scannedFiles > 50)
        #expect(offenders.isEmpty, "\(offenders)")
    }
}

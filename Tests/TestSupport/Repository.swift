import Foundation

/// Where the repository is, found from this source file: tests read fixtures, docs and the
/// built binary from inside it, never from beside it.
public enum Repository {
    /// The repository's root: the nearest folder above this file holding Package.swift.
    public static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// A file under the repository root, by its path there: `Repository.file("Docs/Keys.md")`.
    public static func file(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A file under `Tests/Fixtures/`.
    public static func fixture(_ name: String) -> URL { file("Tests/Fixtures/\(name)") }

    /// The text of a file under the repository root.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: file(path), encoding: .utf8)
    }
}

import Foundation

/// A new empty folder under the system's temporary folder, for one test's files; `remove()`
/// deletes it and everything in it.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("twentynine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    public func remove() {
        // Make read-only folders writable again so that they can be removed.
        if let names = FileManager.default.enumerator(atPath: path) {
            for case let name as String in names {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file(name))
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

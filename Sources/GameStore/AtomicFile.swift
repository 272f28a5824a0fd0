#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes every byte to a file descriptor (write(2) again after a short write or EINTR).
private func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// Writes whole files so that a crash at any moment leaves the old file or the new one: the
/// bytes go to a temporary file in the same folder, which is flushed to disk and renamed over
/// the old file, and the folder is flushed so that the rename itself is on disk.
enum AtomicFile {
    static func write(_ data: Data, to path: String) throws(StoreError) {
        let (folder, name) = path.splitLastPathComponent
        let temporary = "\(folder)/.\(name).\(getpid()).tmp"
        try createFolder(folder)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(temporary) }
        var problem = writeAll(data, to: descriptor) && fsync(descriptor) == 0 ? nil : failure(temporary)
        close(descriptor)
        if problem == nil && rename(temporary, path) != 0 { problem = failure(path) }
        if let problem {
            unlink(temporary)
            throw problem
        }
        try syncFolder(folder)
    }

    /// Creates the folder and any missing parents.
    static func createFolder(_ folder: String) throws(StoreError) {
        var isFolder = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder { return }
        let parent = folder.splitLastPathComponent.parent
        if parent != folder && !parent.isEmpty { try createFolder(parent) }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(folder) }
    }

    static func syncFolder(_ folder: String) throws(StoreError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure(folder) }
    }

    /// Removes temporary files a killed writer left in the folder. Call it holding the lock.
    static func removeLeftovers(in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            unlink("\(folder)/\(name)")
        }
    }

    /// Runs `body` holding an exclusive lock on the folder's `.lock` file, so that two commands
    /// do not read and write the game at once. Without a writable folder there is nothing to
    /// protect and the body runs without the lock.
    static func withLock<T>(in folder: String, _ body: () throws -> T) rethrows -> T {
        try? createFolder(folder)
        let descriptor = open("\(folder)/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        removeLeftovers(in: folder)
        return try body()
    }

    /// Why a file operation failed, in the system's words (`Permission denied`).
    static func reason(_ error: any Error) -> String {
        guard let cause = (error as? CocoaError)?.underlying as? POSIXError else { return "\(error)" }
        return String(cString: strerror(cause.code.rawValue))
    }

    private static func failure(_ path: String) -> StoreError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}

extension String {
    /// The path's folder and its last component, as `dirname` and `basename` split it:
    /// `/a/b/c.json` → (`/a/b`, `c.json`), `/a` → (`/`, `a`), `a` → (``, `a`), `/` → (`/`, `/`).
    var splitLastPathComponent: (parent: String, last: String) {
        let trimmed = Self.droppingTrailingSlashes(self[...])
        guard !trimmed.isEmpty else { return hasPrefix("/") ? ("/", "/") : ("", "") }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
        let parent = Self.droppingTrailingSlashes(trimmed[...slash])
        return (parent.isEmpty ? "/" : String(parent), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// The path with `component` after a slash (none added after one already there).
    func appendingPathComponent(_ component: String) -> String {
        isEmpty ? component : hasSuffix("/") ? self + component : "\(self)/\(component)"
    }

    private static func droppingTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.last == "/" { path.removeLast() }
        return path
    }
}

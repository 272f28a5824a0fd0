#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The club's own small files: read whole (bounded), written whole and atomically (a temporary
/// file beside, 0600, fsync'd, renamed over, the folder fsync'd), folders made 0700.
enum ClubFiles {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes `path` and its parents (0700) where missing.
    static func makeFolder(_ path: String) throws {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw Failure(description: "cannot make \(built): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The file's bytes; nil when there is none. A file over `limit` bytes, or not a regular
    /// file, throws.
    static func read(_ path: String, limit: Int = 4 << 20) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(description: "\(path) is not a regular file")
        }
        guard Int(status.st_size) <= limit else { throw Failure(description: "\(path) is larger than \(limit) bytes") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { throw Failure(description: "\(path) is larger than \(limit) bytes") }
        }
    }

    /// Writes `bytes` as the whole of `path`, atomically, mode 0600.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = String(path.split(separator: "/").last ?? "")
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        var failed = fchmod(fd, 0o600) != 0
        while !failed, written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { failed = true } else { written += count }
        }
        if !failed, fsync(fd) != 0 { failed = true }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard !failed, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}

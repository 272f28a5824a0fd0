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

/// The files of the store before the database: read whole, with limits, by the import; written
/// whole by the export, so that a crash at any moment leaves no torn file: the bytes go to a
/// temporary file in the same folder, which is flushed to disk and renamed into place, and the
/// folder is flushed so that the rename itself is on disk. Files are private to their owner
/// (0600) whatever the umask.
enum AtomicFile {
    /// Writes `data` to `path` whole (a symbolic link is written through, beside the file it
    /// names), but only where no file is: an existing one, whatever it holds, is never replaced
    /// (`.cannotWrite`, "exists"). Throws `.cannotWrite` when nothing changed, and `.notDurable`
    /// when the file was written but the folder could not be flushed. Every file of the export.
    static func create(_ data: Data, at path: String, fault: StoreFault? = nil) throws(StoreError) {
        let target = try resolvingLinks(path)
        let (folder, name) = target.splitLastPathComponent
        let temporary = "\(folder)/.\(name).\(getpid()).tmp"
        if target == path { try createFolder(folder, fault: fault) }
        var existing = stat()
        guard lstat(target, &existing) != 0 else { throw .cannotWrite(path: path, reason: "it exists, and is kept as it is") }
        try fault?.step(path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure(temporary) }
        var problem: StoreError?
        do throws(StoreError) {
            try fault?.step(path)
            guard fchmod(descriptor, 0o600) == 0, writeAll(data, to: descriptor) else { throw failure(temporary) }
            try fault?.step(path)
            guard fsync(descriptor) == 0 else { throw failure(temporary) }
        } catch {
            problem = error
        }
        close(descriptor)
        if problem == nil {
            do throws(StoreError) {
                try fault?.step(path)
                guard rename(temporary, target) == 0 else { throw failure(target) }
            } catch {
                problem = error
            }
        }
        if let problem {
            if fault?.isKilled != true { unlink(temporary) }
            throw problem
        }
        try fault?.step(path)
        if case .folderSync? = fault { errno = EIO } else if (try? syncFolder(folder)) != nil { return }
        throw .notDurable(path: path, reason: String(cString: strerror(errno)))
    }

    /// The file a path names once symbolic links are followed (up to 16 of them); the path itself
    /// when it is not a link or does not exist.
    static func resolvingLinks(_ path: String) throws(StoreError) -> String {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw failure(current) }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/")
                ? destination : current.splitLastPathComponent.parent.appendingPathComponent(destination)
        }
        throw .cannotWrite(path: path, reason: "too many levels of symbolic links")
    }

    /// Whether the path is a symbolic link to nothing.
    static func isDanglingLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK && stat(path, &info) != 0 && errno == ENOENT
    }

    /// Creates the folder and any missing parents, private to their owner.
    static func createFolder(_ folder: String, fault: StoreFault? = nil) throws(StoreError) {
        var isFolder = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder { return }
        let parent = folder.splitLastPathComponent.parent
        if parent != folder && !parent.isEmpty { try createFolder(parent, fault: fault) }
        try fault?.step(folder)
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw failure(folder) }
    }

    static func syncFolder(_ folder: String) throws(StoreError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure(folder) }
    }

    /// The names in a folder; none when it (or a folder above it) does not exist. Any other
    /// error is thrown: a folder that cannot be listed may hold a game, so nothing may be
    /// written as if it held none.
    static func names(in folder: String) throws(StoreError) -> [String] {
        guard let stream = opendir(folder) else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            throw .cannotRead(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .cannotRead(path: folder, reason: String(cString: strerror(errno))) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// A whole file, refused unread when it is larger than `limit` bytes or not a regular file
    /// (a FIFO, a device, a folder: opened without blocking, and never read).
    static func read(_ path: String, limit: Int) -> Result<Data, StoreError> {
        func unreadable() -> Result<Data, StoreError> {
            .failure(.unusable(path: path, reason: "cannot be read (\(String(cString: strerror(errno))))"))
        }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return unreadable() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return unreadable() }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unusable(path: path, reason: "cannot be read (\(kind(info.st_mode)), not a regular file)"))
        }
        guard Int(info.st_size) <= limit else {
            return .failure(.unusable(path: path, reason: "is corrupt (\(info.st_size) bytes; a game file is at most \(limit))"))
        }
        // Room for the size the file says, and a byte more to see it has not grown past the limit.
        var data = Data(count: min(limit, Int(info.st_size)) + 1)
        var count = 0
        while count <= limit {
            if count == data.count { data.count = min(limit + 1, 2 * data.count) }
            let room = data.count - count
            let read = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, room) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return unreadable() }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else {
            return .failure(.unusable(path: path, reason: "is corrupt (more than \(limit) bytes)"))
        }
        return .success(data.prefix(count))
    }

    /// What a file that is not a regular one is, in a word or two.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "of an unknown kind"
        }
    }

    /// Whether anything is at the path (a dangling link included).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
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

import NIOSSH
import Synchronization

/// Who owns which name: the first key to log in with a name claims it; after that only that key
/// (or another its owner adds) logs in with it. A key claims one name. Kept in `players.keys`
/// in the data folder, one player a line (`name key-type base64`), written whole and atomically
/// at each claim. With an allow list (an authorized_keys file), only its keys come in at all.
///
/// Names are 1 to 16 letters, digits, `-` or `_` (ASCII), compared without case, and a player's
/// folder is named by the name in lower case: nothing else a client sends reaches a path.
public final class PlayerBook: Sendable {
    public enum Verdict: Equatable, Sendable {
        /// The key owns the name (the folder name, lower case).
        case owner(String)
        /// The key has just claimed the name.
        case claimed(String)
        /// The name is not a name (length, characters).
        case badName
        /// Another key owns the name.
        case taken
        /// This key owns another name already.
        case keyHasName(String)
        /// Not in the allow list.
        case notAllowed
        /// The club keeps no more names, or the file cannot be written.
        case full
        /// The name is free, but its address has claimed as many names as it may for now.
        case claimsUsedUp
    }

    struct Entry: Sendable {
        var name: String
        var keys: [NIOSSHPublicKey]
    }

    private let path: String
    private let allowed: Set<NIOSSHPublicKey>?
    private let limit: Int
    private let entries: Mutex<[String: Entry]>

    static let fileName = "players.keys"

    /// Reads the book in `folder` (none yet is an empty book) and the allow list.
    public init(folder: String, allowFile: String?, limit: Int = 10_000) throws {
        path = folder + "/" + Self.fileName
        self.limit = limit
        var read: [String: Entry] = [:]
        if let bytes = try ClubFiles.read(path, limit: 16 << 20) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 1)
                guard fields.count == 2, Self.isName(String(fields[0])),
                      let key = try? NIOSSHPublicKey(openSSHPublicKey: String(fields[1])) else {
                    throw ClubFiles.Failure(description: "\(path) has a line that is not a player and a key; it is kept as it is")
                }
                read[String(fields[0]).lowercased(), default: Entry(name: String(fields[0]), keys: [])].keys.append(key)
            }
        }
        entries = Mutex(read)
        if let allowFile {
            guard let bytes = try ClubFiles.read(allowFile, limit: 16 << 20) else {
                throw ClubFiles.Failure(description: "no such file: \(allowFile)")
            }
            allowed = Set(Self.authorizedKeys(String(decoding: bytes, as: UTF8.self)))
        } else {
            allowed = nil
        }
    }

    /// The keys of an authorized_keys file: each line's key, after any options; blank lines
    /// and comments skipped, a line with no key this server reads left out.
    static func authorizedKeys(_ text: String) -> [NIOSSHPublicKey] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> NIOSSHPublicKey? in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            for index in words.indices.dropLast() where words[index].hasPrefix("ssh-") || words[index].hasPrefix("ecdsa-") {
                if let key = try? NIOSSHPublicKey(openSSHPublicKey: words[index] + " " + words[index + 1]) { return key }
            }
            return nil
        }
    }

    /// 1 to 16 ASCII letters, digits, `-` or `_`.
    public static func isName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (1...16).contains(bytes.count) && bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Whether `key` may log in as `name`, claiming it when nobody has.
    public func admit(name: String, key: NIOSSHPublicKey, mayClaim: Bool = true) -> Verdict {
        guard Self.isName(name) else { return .badName }
        if let allowed, !allowed.contains(key) { return .notAllowed }
        let folder = name.lowercased()
        return entries.withLock { entries -> Verdict in
            if let entry = entries[folder] {
                return entry.keys.contains(key) ? .owner(folder) : .taken
            }
            if let other = entries.first(where: { $0.value.keys.contains(key) }) { return .keyHasName(other.key) }
            guard entries.count < limit else { return .full }
            guard mayClaim else { return .claimsUsedUp }
            var next = entries
            next[folder] = Entry(name: name, keys: [key])
            do {
                try ClubFiles.write(Self.text(of: next), to: path)
            } catch {
                return .full
            }
            entries = next
            return .claimed(folder)
        }
    }

    /// What adding a key to a name came to.
    public enum Addition: Equatable, Sendable {
        case added
        /// The name has this key already.
        case already
        /// The key owns another name.
        case keyHasName(String)
        /// The name has `keysPerPlayer` keys, or the file cannot be written.
        case full
    }

    /// The most keys one name has.
    public static let keysPerPlayer = 8

    /// Adds `key` to the name `folder` (a player logged in with one of its keys asks).
    public func add(_ key: NIOSSHPublicKey, to folder: String) -> Addition {
        entries.withLock { entries -> Addition in
            guard var entry = entries[folder] else { return .full }
            if entry.keys.contains(key) { return .already }
            if let other = entries.first(where: { $0.value.keys.contains(key) }) { return .keyHasName(other.key) }
            guard entry.keys.count < Self.keysPerPlayer else { return .full }
            entry.keys.append(key)
            var next = entries
            next[folder] = entry
            do {
                try ClubFiles.write(Self.text(of: next), to: path)
            } catch {
                return .full
            }
            entries = next
            return .added
        }
    }

    /// The names kept, in lower case.
    public var names: [String] { entries.withLock { $0.keys.sorted() } }

    private static func text(of entries: [String: Entry]) -> [UInt8] {
        var text = ""
        for folder in entries.keys.sorted() {
            let entry = entries[folder]!
            for key in entry.keys { text += entry.name + " " + String(openSSHPublicKey: key) + "\n" }
        }
        return Array(text.utf8)
    }
}

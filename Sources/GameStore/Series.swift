#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files `stem.json`, `stem-2.json`, `stem-3.json` … in a folder: the first that reads is
/// the one in use; those that do not are reported and skipped; with none readable, the first
/// free name after them is where a new one goes. Numbers past `maximumNumber` are not of the
/// series (a name is never a number to overflow).
struct Series<Document: VersionedDocument> {
    let folder: String
    let stem: String

    /// The highest number a file of a series may have.
    static var maximumNumber: Int { 9_999 }

    struct Scan {
        let path: String
        let document: Document?
        let unusable: [StoreError]
    }

    func scan(_ names: [String]) -> Scan {
        let existing = numbers(names)
        var unusable: [StoreError] = []
        for number in existing {
            let path = self.path(number)
            // A link to a file not there yet (a synced folder): the game goes where it points.
            if AtomicFile.isDanglingLink(path) { return Scan(path: path, document: nil, unusable: unusable) }
            switch Self.read(path) {
            case .success(let document): return Scan(path: path, document: document, unusable: unusable)
            case .failure(let problem): unusable.append(problem)
            }
        }
        guard !unusable.isEmpty else { return Scan(path: path(1), document: nil, unusable: []) }
        // After the last; when that is the highest number there is, the first number free.
        let last = existing.last ?? 1
        let free = last < Self.maximumNumber ? last + 1 : (2...Self.maximumNumber).first { !existing.contains($0) }
        guard let free else {
            return Scan(path: path(1), document: nil,
                        unusable: unusable + [.unusable(path: path(Self.maximumNumber), reason: "is the last name of its series")])
        }
        return Scan(path: path(free), document: nil, unusable: unusable)
    }

    func path(_ number: Int) -> String {
        "\(folder)/\(stem)\(number == 1 ? "" : "-\(number)").json"
    }

    /// The numbers of the files of the series that exist, in order.
    private func numbers(_ names: [String]) -> [Int] {
        names.compactMap { name -> Int? in
            if name == "\(stem).json" { return 1 }
            guard name.hasPrefix("\(stem)-"), name.hasSuffix(".json") else { return nil }
            let digits = name.dropFirst(stem.count + 1).dropLast(5)
            // At most four digits: a longer number is never parsed, so never overflows.
            guard (1...4).contains(digits.count), let number = Int(digits), number >= 2, String(number) == digits else {
                return nil
            }
            return number
        }.sorted()
    }

    /// The document in a file, through every check: size, a regular file, JSON with a version
    /// this program reads, the values (`Codable`, which replays a game's log), their bounds.
    static func read(_ path: String) -> Result<Document, StoreError> {
        switch AtomicFile.read(path, limit: Document.sizeLimit) {
        case .success(let bytes): decode(bytes, path: path)
        case .failure(let problem): .failure(problem)
        }
    }

    /// The document in bytes, as `read` checks it: what the reader refuses, the writer never
    /// writes (`GameStore.write(document:to:)`).
    static func decode(_ data: Data, path: String) -> Result<Document, StoreError> {
        guard data.count <= Document.sizeLimit else {
            return .failure(.unusable(path: path, reason: "is corrupt (\(data.count) bytes; a file of its kind is at most \(Document.sizeLimit))"))
        }
        guard !JSONDepth.exceeds(data) else {
            return .failure(.unusable(path: path, reason: "is corrupt (nested more than \(JSONDepth.limit) deep)"))
        }
        if let document = Document.decodeQuickly(data) {
            if let problem = document.problem { return .failure(.unusable(path: path, reason: "is corrupt (\(problem))")) }
            return .success(document)
        }
        let header: VersionHeader
        do { header = try JSONDecoder.store.decode(VersionHeader.self, from: data) } catch {
            return .failure(.unusable(path: path, reason: "is corrupt (not JSON with a version number)"))
        }
        guard header.version <= Document.version else {
            return .failure(.unusable(
                path: path,
                reason: "is from a newer TwentyNine (format version \(header.version); this one reads \(Document.version))"))
        }
        let document: Document
        do { document = try JSONDecoder.store.decode(Document.self, from: data) } catch {
            return .failure(.unusable(path: path, reason: "is corrupt (\(explain(error)))"))
        }
        if let problem = document.problem { return .failure(.unusable(path: path, reason: "is corrupt (\(problem))")) }
        return .success(document)
    }

    /// A decoding error in a few words, on one line.
    private static func explain(_ error: any Error) -> String {
        let context: DecodingError.Context?
        switch error as? DecodingError {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        default: context = nil
        }
        guard let context else { return "\(error)" }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let text = context.debugDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
        return path.isEmpty ? text : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(text)"
    }
}

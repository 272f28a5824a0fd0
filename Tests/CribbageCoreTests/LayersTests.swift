import Foundation
import TestSupport
import Testing

/// CribbageCore's folders are layers: each names types of the folders below it and none above, so
/// no two folders need each other. The names a folder uses are read from its source: every
/// top-level type (or typealias) the other folders declare, as a word outside comments and text.
@Suite("CribbageCore's folders are layers, with no cycle")
struct LayersTests {
    /// Lowest first: a folder may use the folders before it.
    static let layers = ["Cards", "Tables", "Hand", "Scoring", "Statistics", "Play", "Game", "Discard", "Pegging", "Odds",
                         "Decision", "Match", "Review", "Table", "Drills"]

    static let core = Repository.file("Sources/CribbageCore")

    /// Each folder's Swift sources, comments and string literals taken out.
    static func sources() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        let folders = try FileManager.default.contentsOfDirectory(atPath: core.path)
        for folder in folders {
            var isFolder: ObjCBool = false
            let path = core.appendingPathComponent(folder).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: path) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
                result[folder, default: []].append(code(text))
            }
        }
        return result
    }

    /// The text without `//` comments and without what string literals hold.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var out = "", inString = false, previous: Character = " "
            for character in line {
                if !inString && character == "/" && previous == "/" { out.removeLast(); break }
                if character == "\"" && previous != "\\" { inString.toggle(); out.append(character) } else if !inString { out.append(character) }
                previous = character
            }
            return out
        }.joined(separator: "\n")
    }

    /// The top-level types a text declares: a declaration at the start of a line.
    static func declared(_ text: String) -> Set<String> {
        var names: Set<String> = []
        let kinds = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
            let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
            if let at = words.firstIndex(where: kinds.contains), words.indices.contains(at + 1) { names.insert(words[at + 1]) }
        }
        return names
    }

    @Test("every folder is a layer, and uses only the layers below it")
    func foldersAreLayers() throws {
        let sources = try Self.sources()
        #expect(Set(sources.keys) == Set(Self.layers), "a new folder takes its place in `layers`")
        var owner: [String: String] = [:]
        for (folder, texts) in sources {
            for text in texts { for name in Self.declared(text) { owner[name] = folder } }
        }
        #expect(owner.count > 80)
        var uses: [String: Set<String>] = [:]
        for (folder, texts) in sources {
            for text in texts {
                let words = Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init))
                for word in words { if let other = owner[word], other != folder { uses[folder, default: []].insert(other) } }
            }
        }
        for (folder, used) in uses {
            let level = Self.layers.firstIndex(of: folder)!
            for other in used {
                #expect(Self.layers.firstIndex(of: other)! < level, "\(folder) uses \(other), a layer above it")
            }
        }
        // The layers that mattered: the search, the odds and the policies above them.
        #expect(uses["Odds"]?.contains("Pegging") == true && uses["Pegging"]?.contains("Odds") != true)
        #expect(uses["Pegging"]?.contains("Discard") == true && uses["Discard"]?.contains("Pegging") != true)
        #expect(uses["Decision"]?.isSuperset(of: ["Odds", "Pegging", "Discard"]) == true)
    }

    @Test("the reading finds a use across folders and ignores comments and text")
    func readingIsSound() {
        let text = "struct A {}\n// uses B\nlet x = \"B\"\nlet y = C()\n"
        #expect(Self.declared(text) == ["A"])
        let code = Self.code(text)
        #expect(!code.contains("B") && code.contains("C()"))
    }
}

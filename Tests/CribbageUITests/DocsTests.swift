import Foundation
import TestSupport
import Testing
@testable import CribbageUI

/// Docs/Keys.md lists the same key table that dispatch and the help overlay use.
/// `RECORD_SNAPSHOTS=1` writes the table into the page.
@Suite("Docs")
struct DocsTests {
    static let start = "<!-- The key table, generated from KeyMap.markdown: -->"
    static let end = "<!-- End of the generated key table. -->"

    @Test func keysDocumentHoldsTheKeyTable() throws {
        let keys = try Repository.text("Docs/Keys.md")
        let generated = "\(Self.start)\n\n\(KeyMap.markdown)\n\n\(Self.end)"
        guard let from = keys.range(of: Self.start), let to = keys.range(of: Self.end) else {
            Issue.record("Docs/Keys.md lacks the markers around the key table")
            return
        }
        let current = String(keys[from.lowerBound..<to.upperBound])
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", current != generated {
            try keys.replacingCharacters(in: from.lowerBound..<to.upperBound, with: generated)
                .write(to: Repository.file("Docs/Keys.md"), atomically: true, encoding: .utf8)
        }
        #expect(current == generated, "Docs/Keys.md is out of date:\n\(lineDiff(expected: current, actual: generated))")
    }

    @Test func keysDocumentStatesTheMinimumSize() throws {
        let keys = try Repository.text("Docs/Keys.md")
        #expect(keys.contains("\(Frame.minimumSize.width)×\(Frame.minimumSize.height)"))
    }
}

/// Docs/Architecture.md names real things, and its recipe for a scene is the way scenes are made.
@Suite("Docs: Architecture.md")
struct ArchitectureDocsTests {
    static let page = try! Repository.text("Docs/Architecture.md")

    /// Every file the repository holds, by its path from the root (and every folder above one).
    static let paths: Set<String> = {
        var paths: Set<String> = []
        for top in ["Sources", "Tests", "Docs", "Benchmarks"] {
            let root = Repository.file(top)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where !url.path.contains("/.build/") {
                paths.insert(top + url.path.dropFirst(root.path.count))
            }
        }
        for file in ["Package.swift", "Makefile", "README.md", "Sources", "Tests", "Docs", "Benchmarks"] { paths.insert(file) }
        return paths
    }()

    /// The Swift sources and tests, read once.
    static let sources: [(path: String, text: String)] = paths.filter { ($0.hasPrefix("Sources/") || $0.hasPrefix("Tests/")) && $0.hasSuffix(".swift") }
        .sorted().map { ($0, try! Repository.text($0)) }

    /// What each source declares, read once: the names after `struct`, `enum`, `class`,
    /// `protocol`, `extension`, `actor` or `typealias`; the names after `func`, `var`, `let` or
    /// `case`, and every name after a space on a line with a `case`; and whether it has an `init(`.
    static let declarations: [(types: Set<String>, members: Set<String>, hasInit: Bool)] = sources.map { source in
        let typeWords: Set<Substring> = ["struct", "enum", "class", "protocol", "extension", "actor", "typealias"]
        let memberWords: Set<Substring> = ["func", "var", "let", "case"]
        func name(_ token: Substring) -> String { String(token.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
        var types: Set<String> = [], members: Set<String> = []
        for line in source.text.split(separator: "\n") {
            let tokens = line.split(separator: " ")
            for (word, next) in zip(tokens, tokens.dropFirst()) {
                if typeWords.contains(word) { types.insert(name(next)) }
                if memberWords.contains(word) { members.insert(name(next)) }
            }
            if line.contains("case ") { members.formUnion(tokens.map(name)) }
        }
        return (types, members, source.text.contains("init("))
    }

    /// What the page puts in backticks.
    static let code: [String] = page.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }

    @Test func everySourcePathItNamesExists() {
        let named = Self.code.filter { token in
            token.contains("/") && !token.contains(" ") && !token.contains("<") && !token.contains("$")
                && !token.hasPrefix(".") && !token.hasPrefix("http") && token.first?.isLetter == true
                && (token.hasSuffix("/") || token.split(separator: "/").last!.contains("."))
        }
        #expect(named.count > 20)
        for path in Set(named) {
            let bare = path.hasSuffix("/") ? String(path.dropLast()) : path
            #expect(Self.paths.contains { $0 == bare || $0.hasSuffix("/" + bare) }, "Architecture.md names \(path), which is not in the repository")
        }
    }

    @Test func everyTypeMemberItNamesIsDeclared() {
        var named: Set<String> = []
        for token in Self.code where !token.contains("/") {
            for match in token.matches(of: /(?:^|[^\w.])([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)/) {
                guard !["swift", "md", "h", "c", "json", "tsv", "txt"].contains(String(match.output.2)) else { continue }
                named.insert("\(match.output.1).\(match.output.2)")
            }
        }
        #expect(named.count > 40)
        for name in named.sorted() {
            let parts = name.split(separator: ".").map(String.init)
            let (type, member) = (parts[0], parts[1])
            let declaring = Self.declarations.filter { $0.types.contains(type) }
            #expect(!declaring.isEmpty, "Architecture.md names \(name): no type \(type) in Sources or Tests")
            let declared = declaring.contains { source in
                source.members.contains(member) || (member == "init" && source.hasInit)
            }
            #expect(declared, "Architecture.md names \(name): \(type) declares no \(member)")
        }
    }

    /// The folders the "Folder layout" block names, by their paths from the root: a line whose
    /// first word ends in `/` names a folder, inside the one above it two spaces less indented.
    static func layoutFolders(_ page: String) throws -> [String] {
        let start = try #require(page.range(of: "## Folder layout\n\n```\n"))
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        var parents: [(indent: Int, path: String)] = []
        var folders: [String] = []
        for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            guard let word = line.dropFirst(indent).split(separator: " ").first, word.hasSuffix("/") else { continue }
            while let last = parents.last, last.indent >= indent { parents.removeLast() }
            let path = (parents.last.map { $0.path + "/" } ?? "") + word.dropLast()
            parents.append((indent, path))
            folders.append(path)
        }
        return folders
    }

    /// The layout is the tree: every folder it names is there, and every folder under Sources/
    /// and Tests/ (but the snapshots') is named.
    @Test func theFolderLayoutIsTheTree() throws {
        let named = try Self.layoutFolders(Self.page)
        #expect(named.count > 40)
        let folders = Set(Self.paths.filter { path in
            (path.hasPrefix("Sources/") || path.hasPrefix("Tests/")) && !path.contains("__Snapshots__")
                && !path.split(separator: "/").last!.contains(".")
        })
        #expect(!folders.isEmpty)
        for folder in named where folder.hasPrefix("Sources") || folder.hasPrefix("Tests") || folder.hasPrefix("Docs") {
            #expect(folder == "Sources" || folder == "Tests" || Self.paths.contains(folder), "the layout names \(folder), not in the tree")
        }
        for folder in folders.sorted() {
            #expect(named.contains(folder), "\(folder) is not in Architecture.md's folder layout")
        }
    }

    /// The layout's reader: nesting by indent, a folder's own line only.
    @Test func theLayoutReaderNestsByIndent() throws {
        let page = "## Folder layout\n\n```\nA/    x\n  B/  y, C/\n    D/\n  E/\nF.swift  z\n```\n"
        #expect(try Self.layoutFolders(page) == ["A", "A/B", "A/B/D", "A/E"])
    }

    /// The statements that went stale: the number of targets is Package.swift's.
    @Test func theTargetCountIsPackageSwifts() throws {
        let package = try Repository.text("Package.swift")
        let targets = package.matches(of: /\.(?:target|executableTarget)\(\s*name: "(\w+)"/).map { String($0.output.1) }
        let tests = package.matches(of: /\.testTarget\(\s*name: "(\w+)"/).count
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        let said = try #require(Self.page.firstMatch(of: /one Swift package with (\w+) targets \(and a test-support target and (\w+) test targets\)/))
        #expect(targets.contains("TestSupport"))
        #expect(words.firstIndex(of: String(said.output.1)).map { $0 + 1 } == targets.count - 1, "\(targets)")
        #expect(words.firstIndex(of: String(said.output.2)).map { $0 + 1 } == tests)
    }

    /// CribbageCore's row of the targets table names every module its files import.
    @Test func coresImportsAreThePagesOnes() throws {
        let imports = Set(Self.sources.filter { $0.path.hasPrefix("Sources/CribbageCore/") }.flatMap { source in
            source.text.matches(of: /(?m)^import (\w+)/).map { String($0.output.1) }
        })
        let row = try #require(Self.page.split(separator: "\n").first { $0.hasPrefix("| `CribbageCore` |") })
        #expect(!imports.contains("Foundation") && !imports.contains("FoundationEssentials"))
        for module in imports { #expect(row.contains("`\(module)`"), "CribbageCore imports \(module)") }
        #expect(!row.contains("imports no module"))
    }

    /// The public surface the page lists is CribbageUI's public types, no more, no fewer.
    @Test func theUIsPublicSurfaceIsThePagesList() throws {
        let declared = Set(Self.sources.filter { $0.path.hasPrefix("Sources/CribbageUI/") }.flatMap { source in
            source.text.matches(of: /public (?:struct|enum|class|protocol|actor) (\w+)/).map { String($0.output.1) }
        })
        let start = try #require(Self.page.range(of: "CribbageUI's\npublic surface is"))
        let end = try #require(Self.page[start.upperBound...].range(of: "`App.state` is read-only"))
        let named = Set(Self.page[start.upperBound..<end.lowerBound].matches(of: /`([A-Z]\w*)`/).map { String($0.output.1) })
        #expect(declared == named)
    }

    /// The recipe: a folder with `<Name>Scene.swift`, a line in `Scene.all`, an `Action` case.
    @Test func theAddingASceneRecipeIsHowScenesAreMade() throws {
        let recipe = try #require(Self.page.firstRange(of: "## Adding a scene\n").map { Self.page[$0.upperBound...] })
        let steps = recipe.prefix { _ in true }.split(separator: "\n\n").first!
        #expect(steps.contains("Scenes/<Name>/") && steps.contains("`Scene.all`") && steps.contains("`Action`"))
        let declared = Self.sources.flatMap { source in
            source.text.matches(of: /static let (\w+): Scene = Scene\(/).map { (name: String($0.output.1), path: source.path) }
        }
        #expect(Set(declared.map(\.name)) == Set(Scene.all.map(\.name)), "every Scene declared is in Scene.all, once")
        let action = Self.sources.first { $0.path.hasSuffix("CribbageUI/Action.swift") }!.text
        let appState = Self.sources.first { $0.path.hasSuffix("CribbageUI/AppState.swift") }!.text
        #expect(!steps.contains("field"), "a scene's state needs no field of AppState")
        for scene in Scene.all {
            let folder = scene.name.prefix(1).uppercased() + scene.name.dropFirst()
            let file = "Sources/CribbageUI/Scenes/\(folder)/\(folder)Scene.swift"
            #expect(declared.contains { $0.name == scene.name && $0.path == file }, "\(scene.name) is declared in \(file)")
            #expect(action.contains("case \(scene.name)("), "Action has a case for \(scene.name)")
            #expect(!appState.containsWord("\(folder)State"), "AppState.swift names \(folder)State: a scene's state is its own folder's")
            #expect(try Repository.text(file).contains("extension AppState {"), "\(file) declares its state's accessor")
            // Outside its folder a scene is named only to open it, by the scene list, or by the
            // app-wide steps that must know it (the root, the help overlay, practice over the breakdown).
            let named = try Regex("Scene\\.\(scene.name)\\b|[=!]= \\.\(scene.name)\\b|(push|present)\\(\\.\(scene.name)\\)")
            for source in Self.sources where source.path.hasPrefix("Sources/CribbageUI/")
                && !source.path.hasPrefix("Sources/CribbageUI/Scenes/\(folder)/") && source.text.contains(named) {
                let allowed = ["Navigation/Scene.swift", "Navigation/Navigation.swift", "AppReducer.swift"]
                #expect(allowed.contains { source.path.hasSuffix($0) }, "\(source.path) names the scene \(scene.name)")
            }
        }
    }
}

/// Issue 29's goal for a new scene that loads, saves and works off the key path: its own folder,
/// and at most three shared files.
@Suite("Scenes: what they share")
struct SceneCouplingTests {
    /// Where a scene could be named outside its folder: the app's own files in CribbageUI, and the
    /// command line (the lower modules cannot import CribbageUI).
    static let shared = ArchitectureDocsTests.sources.filter { source in
        (source.path.hasPrefix("Sources/CribbageUI/") && !source.path.hasPrefix("Sources/CribbageUI/Scenes/"))
            || source.path.hasPrefix("Sources/TwentyNineCommands/")
    }

    /// A command that opens a scene at start (`twentynine game`, `twentynine table`) is the
    /// scene's own way in, counted apart.
    static let commands = ["board": "Interactive/GameBoard.swift", "table": "Interactive/TableCommand.swift"]

    /// The shared files that name a scene: its state (`state.<name>`), its scene's enum
    /// (`<Name>Scene.`), the scene or its action as an implicit member (`.<name>`, `.<name>(`),
    /// or a type its folder declares.
    static func naming(_ scene: Scene) throws -> [String] {
        let folder = scene.name.prefix(1).uppercased() + scene.name.dropFirst()
        let own = ArchitectureDocsTests.sources.filter { $0.path.hasPrefix("Sources/CribbageUI/Scenes/\(folder)/") }
        let types = Set(own.flatMap { source in
            source.text.matches(of: /(?m)^(?:public |internal )?(?:struct|enum|class|protocol|typealias) ([A-Z]\w*)/)
                .map { String($0.output.1) }
        })
        #expect(!types.isEmpty)
        // Simple word boundaries: by Unicode's, `BoardLoad.self` is one word.
        let sceneNames = try Regex("\\bstate\\.\(scene.name)\\b|\\b\(folder)Scene\\.(?!swift)|(^|[^\\w)\\]])\\.\(scene.name)\\b")
            .wordBoundaryKind(.simple)
        return shared.filter { source in
            // The other commands use the core's cases of the same names (`Game.Score.play`).
            let seesTheUI = source.path.hasPrefix("Sources/CribbageUI/") || source.path.contains("/Interactive/")
            return (types.contains { source.text.mentions($0) } || seesTheUI && source.text.contains(sceneNames))
                && !(commands[scene.name].map { source.path.hasSuffix($0) } ?? false)
        }.map(\.path)
    }

    @Test func everySceneIsNamedInAtMostThreeSharedFiles() throws {
        for scene in Scene.all {
            let naming = try Self.naming(scene)
            #expect(naming.count <= 3, "\(scene.name) is named in \(naming.count) shared files: \(naming)")
        }
    }

    /// The scenes that load and save are named only where the recipe says: their `Action` case,
    /// the scene list, and the keeper's answers to their requests.
    @Test func aSceneWithIOIsNamedOnlyInTheRecipesThreeFiles() throws {
        let recipe: Set = ["Sources/CribbageUI/Action.swift", "Sources/CribbageUI/Navigation/Scene.swift",
                           "Sources/TwentyNineCommands/Interactive/StoreKeeper.swift"]
        for scene in [Scene.board, .table] {
            #expect(Set(try Self.naming(scene)) == recipe)
        }
        #expect(ArchitectureDocsTests.page.contains("at most three shared files"))
        for file in recipe {
            #expect(ArchitectureDocsTests.page.contains("`\(file.split(separator: "/").last!)`"), "the recipe names \(file)")
        }
    }
}

extension String {
    /// Whether the text holds `word` as a word of its own (no letter, digit or underscore on
    /// either side), and not as a file's name (`PlayScene.swift`).
    func mentions(_ word: String) -> Bool {
        func isName(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        var start = startIndex
        while let found = self[start...].range(of: word) {
            start = found.upperBound
            if found.lowerBound > startIndex, isName(self[index(before: found.lowerBound)]) { continue }
            if found.upperBound < endIndex, isName(self[found.upperBound]) { continue }
            if self[found.upperBound...].hasPrefix(".swift") { continue }
            return true
        }
        return false
    }

    /// Whether the text holds `word` with no letter, digit or underscore right after it.
    func containsWord(_ word: String) -> Bool {
        var start = startIndex
        while let found = self[start...].range(of: word) {
            if found.upperBound == endIndex { return true }
            let next = self[found.upperBound]
            if !(next.isLetter || next.isNumber || next == "_") { return true }
            start = found.upperBound
        }
        return false
    }
}

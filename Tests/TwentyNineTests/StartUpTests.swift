import Foundation
import TestSupport
import Testing

/// Start-up stays cheap: the binary is built on FoundationEssentials, never on the whole of
/// Foundation, whose FoundationInternationalization brings ICU (some 40 MB of code and data)
/// into every run, `--version` included. Plain Foundation may stand only as the fallback of
/// `#if canImport(FoundationEssentials)`, for a system without it. (The tests do not ship, and
/// import Foundation freely.) The start-up time itself is measured in Benchmarks/.
@Suite("Start-up")
struct StartUpTests {
    /// The libraries whose presence means Foundation's ICU half is loaded.
    static let icuLibraries = ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"]

    @Test func anImportOfFoundationIsFound() throws {
        for line in ["import Foundation", "@preconcurrency import Foundation", "internal import Foundation",
                     "import struct Foundation.Date", "  import Foundation // dates"] {
            #expect(try Self.importsFoundation(line), "\(line)")
        }
        for line in ["import FoundationEssentials", "import CribbageCore", "// import Foundation"] {
            #expect(try !Self.importsFoundation(line), "\(line)")
        }
    }

    @Test func noSourceImportsFoundationButAsTheFallbackOfFoundationEssentials() throws {
        let sources = Repository.file("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var offenders: [String] = []
        var essentials = 0
        // The load tool (`make bench-serve`) is never installed and starts the server as a process.
        for case let name as String in walker where name.hasSuffix(".swift") && !name.hasPrefix("ClubLoad/") {
            let lines = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            essentials += lines.filter { $0 == "import FoundationEssentials" }.count
            for (index, line) in lines.enumerated() where try Self.importsFoundation(line) {
                let fallback = index >= 3 && lines[(index - 3)..<index] == [
                    "#if canImport(FoundationEssentials)", "import FoundationEssentials", "#else",
                ]
                if !fallback { offenders.append("Sources/\(name):\(index + 1): \(line)") }
            }
        }
        #expect(essentials >= 5, "the game store's files import FoundationEssentials")
        #expect(offenders.isEmpty, "import FoundationEssentials instead: \(offenders)")
    }

    /// The built binary (linked against the toolchain's shared libraries) loads no ICU.
    @Test func theBinaryLinksNoICU() throws {
        let libraries = try runProgram("/usr/bin/ldd", [twentyNineBinary])
        #expect(libraries.status == 0, "\(libraries.stderr)")
        #expect(libraries.stdout.contains("libswiftCore"), "ldd: \(libraries.stdout)")
        for library in Self.icuLibraries {
            #expect(!libraries.stdout.contains(library), "ldd: \(libraries.stdout)")
        }
    }

    /// The installed binary, linked statically, carries no ICU data (its name starts `icudt`).
    @Test(.enabled(if: !InstallTests.prefix.isEmpty, "make test sets TWENTYNINE_INSTALLED_PREFIX"))
    func theInstalledBinaryCarriesNoICU() throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: InstallTests.prefix).appendingPathComponent("bin/twentynine"))
        #expect(binary.count > 1_000_000)
        #expect(binary.range(of: Data("icudt".utf8)) == nil, "ICU is linked in")
    }

    static func importsFoundation(_ line: String) throws -> Bool {
        guard line.contains("Foundation") else { return false }
        let pattern = try Regex(#"^\s*(@\w+\s+)*(\w+\s+)?import\s+((struct|class|enum|protocol|typealias|func|let|var)\s+)?Foundation(\.\w+)*\s*(//.*)?$"#)
        return line.wholeMatch(of: pattern) != nil
    }
}

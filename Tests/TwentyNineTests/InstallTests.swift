import Foundation
import TestSupport
import Testing

/// `make install` and its man page. `make test` installs into a temporary prefix (from the test
/// build, linked statically as `make install` always does) and names it in
/// `TWENTYNINE_INSTALLED_PREFIX`; without it the install checks are skipped.
@Suite("Install")
struct InstallTests {
    static let prefix = ProcessInfo.processInfo.environment["TWENTYNINE_INSTALLED_PREFIX"] ?? ""
    static let installedFiles = [
        "bin/twentynine", "bin/twentynine-serve", "share/man/man1/twentynine.1", "share/bash-completion/completions/twentynine",
        "share/zsh/site-functions/_twentynine", "share/fish/vendor_completions.d/twentynine.fish",
    ]

    /// The hand-written man page stays honest: every subcommand and option in `--help` is in it,
    /// with the exit statuses, signals, keys and environment.
    @Test func theManPageNamesEverySubcommandAndOption() throws {
        let page = try Repository.text("Docs/twentynine.1").replacingOccurrences(of: "\\-", with: "-")
        let root = try runTwentyNine(["--help"])
        let subcommands = root.stdout.components(separatedBy: "SUBCOMMANDS:").last!
            .split(separator: "\n")
            .compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
                      word.first?.isLowercase == true, word.allSatisfy({ $0.isLetter || $0 == "-" })
                else { return nil }
                return String(word)
            }
        #expect(subcommands.count >= 3)
        for command in [""] + subcommands {
            let help = try runTwentyNine(command.isEmpty ? ["--help"] : [command, "--help"])
            if !command.isEmpty {
                #expect(page.contains(".B \(command)\n"), "the man page lacks the subcommand \(command)")
            }
            let options = help.stdout.matches(of: try Regex("--[a-z][a-z-]*")).map { String(help.stdout[$0.range]) }
            #expect(!options.isEmpty)
            for option in Set(options) {
                #expect(page.contains(option), "the man page lacks \(option) (\(command.isEmpty ? "twentynine" : command))")
            }
        }
        for section in ["COMMANDS", "OPTIONS", "KEYS", "EXIT STATUS", "SIGNALS", "ENVIRONMENT"] {
            #expect(page.contains(".SH \(section)\n"), "no \(section) section")
        }
        for word in ["NO_COLOR", "TERM", "LANG", "130", "143", "129"] {
            #expect(page.contains(word), "the man page lacks \(word)")
        }
    }

    @Test(.enabled(if: !prefix.isEmpty, "make test sets TWENTYNINE_INSTALLED_PREFIX"))
    func theInstalledBinaryNeedsNoToolchainAndUninstallLeavesNothing() throws {
        let root = URL(fileURLWithPath: Self.prefix)
        for file in Self.installedFiles {
            let contents = try Data(contentsOf: root.appendingPathComponent(file))
            #expect(contents.count > 100, "\(file) is missing or nearly empty")
        }
        let completions = try String(contentsOf: root.appendingPathComponent(Self.installedFiles[3]), encoding: .utf8)
        #expect(completions.contains("score") && completions.contains("--cut"))

        let binary = root.appendingPathComponent("bin/twentynine").path
        let libraries = try runProgram("/usr/bin/ldd", [binary])
        #expect(libraries.status == 0)
        #expect(!libraries.stdout.contains("libswift"), "ldd: \(libraries.stdout)")
        #expect(!libraries.stdout.contains("libFoundation"), "ldd: \(libraries.stdout)")
        let symbols = try runProgram("/usr/bin/nm", [binary])
        #expect(symbols.stderr.contains("no symbols"), "not stripped")

        // No library path at all, and only the system's folders on PATH.
        let run = try runProgram("/usr/bin/env", ["-i", "LD_LIBRARY_PATH=", "PATH=/usr/bin:/bin", binary,
                                                   "score", "5H", "5C", "5S", "JD", "--cut", "5D"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Total                    29"))

        // Uninstall from a copy, so that this test can run again.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("twentynine-uninstall-\(UUID())")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: root, to: copy)
        let uninstall = try runProgram("/usr/bin/env", ["make", "-s", "-C", Repository.root.path, "uninstall",
                                                         "PREFIX=\(copy.path)", "DESTDIR="])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        let left = FileManager.default.enumerator(atPath: copy.path)?.compactMap { $0 as? String }
            .filter { path in
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: copy.appendingPathComponent(path).path, isDirectory: &isFolder)
                return !isFolder.boolValue
            } ?? []
        #expect(left.isEmpty, "left after uninstall: \(left)")
    }
}

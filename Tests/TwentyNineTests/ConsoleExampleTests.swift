import Foundation
import TestSupport
import Testing
import TwentyNineCommands

/// A ```console block of the docs: commands after `$ `, each followed by what it prints. A line
/// `...` stands for any lines (output left out); a `# comment` after a command is not part of it.
/// The commands of one block run in order, in a data folder of their own.
struct ConsoleExample: CustomTestStringConvertible, Sendable {
    let path: String
    let line: Int
    let steps: [(arguments: [String], shown: [String])]

    var testDescription: String { "\(path):\(line)" }

    /// Every ```console block in README.md and under Docs/.
    static let all: [ConsoleExample] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Repository.file("Docs").path)) ?? []
        let paths = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
        return paths.flatMap { path in examples(in: try! Repository.text(path), path: path) }
    }()

    static func examples(in text: String, path: String) -> [ConsoleExample] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [ConsoleExample] = []
        for (index, line) in lines.enumerated() where line == "```console" {
            var steps: [(arguments: [String], shown: [String])] = []
            for line in lines[(index + 1)...].prefix(while: { $0 != "```" }) {
                if line.hasPrefix("$ twentynine") {
                    let command = line.dropFirst(2).split(separator: "#", maxSplits: 1)[0]
                    steps.append((command.split(separator: " ").dropFirst().map(String.init), []))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].shown.append(line)
                }
            }
            examples.append(ConsoleExample(path: path, line: index + 1, steps: steps))
        }
        return examples
    }

    /// Whether `output` is what `shown` shows: the same lines, where `...` stands for any lines.
    static func matches(_ output: [String], _ shown: [String]) -> Bool {
        guard let gap = shown.firstIndex(of: "...") else { return output == shown }
        let head = Array(shown[..<gap]), rest = Array(shown[(gap + 1)...])
        guard output.starts(with: head) else { return false }
        let after = Array(output.dropFirst(head.count))
        if rest.isEmpty { return true }
        return after.indices.contains { matches(Array(after[$0...]), rest) } || matches([], rest)
    }
}

@Suite("Docs: every console example prints what it shows")
struct ConsoleExampleTests {
    /// Every subcommand the root command declares, by the name its configuration gives it.
    @Test func theDocsHaveExamplesOfEveryCommand() {
        let shown = Set(ConsoleExample.all.flatMap { $0.steps.compactMap(\.arguments.first) })
        let commands = TwentyNine.configuration.subcommands.map { $0.configuration.commandName ?? $0._commandName }
        #expect(commands.count >= 8 && Set(commands).count == commands.count)
        for command in commands {
            #expect(shown.contains(command), "no console example runs twentynine \(command)")
        }
    }

    @Test(arguments: ConsoleExample.all)
    func example(_ example: ConsoleExample) throws {
        #expect(!example.steps.isEmpty, "a console block runs at least one twentynine command")
        let folder = try GameFolder()
        defer { folder.remove() }
        for step in example.steps {
            let result = runInProcess(step.arguments, environment: folder.environment)
            var output = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if output.last == "" { output.removeLast() }
            var shown = step.shown
            while shown.last == "" { shown.removeLast() }
            #expect(ConsoleExample.matches(output, shown),
                    "\(example.path):\(example.line) twentynine \(step.arguments.joined(separator: " ")) prints\n\(output.joined(separator: "\n"))")
        }
    }
}

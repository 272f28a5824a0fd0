import TestSupport
@testable import TwentyNineCommands

/// Runs a command in this process, as swift-argument-parser's own tests do: parse, run, and
/// what it writes captured, with the status `main` would exit with. For tests of what a
/// command prints; exit statuses as the shell sees them, signals, the install and the terminal
/// are tested on the real binary (`runTwentyNine`, `runShell`, tmux).
func runInProcess(_ arguments: [String], environment: [String: String]? = nil) -> RunResult {
    let run = TwentyNine.runInProcess(arguments, environment: environment)
    return RunResult(status: run.status, stdout: run.output, stderr: run.errors)
}

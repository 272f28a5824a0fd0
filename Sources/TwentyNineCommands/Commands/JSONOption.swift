import ArgumentParser

/// `--json`: one option group, one help text, for every command that can print one JSON object
/// instead of its text (`game` takes it after a subcommand too).
struct JSONOption: ParsableArguments {
    @Flag(help: "Print one JSON object instead of the text.")
    var json = false
}

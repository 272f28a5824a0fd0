import ArgumentParser

/// `--json`: one option group, one help text, for every command that can print one JSON object
/// instead of its text (the game's, which says what its object holds, aside).
struct JSONOption: ParsableArguments {
    @Flag(help: "Print one JSON object instead of the text.")
    var json = false
}

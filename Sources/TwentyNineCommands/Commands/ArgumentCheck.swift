/// What every command refuses before ArgumentParser reads the arguments: too many of them (no
/// command takes more than a handful, and parsing thousands is slow), and an option given twice
/// (ArgumentParser would keep the last one silently).
///
///     try ArgumentCheck.check(["score", "5H", "--cut", "XX", "--cut", "5D"])   // names '--cut 5D'
enum ArgumentCheck {
    /// More arguments than any command takes: `discard` takes the most, six cards and two flags.
    static let maximumCount = 64
    /// Options that take one value each time they are given (`game peg 2 3 --reason pair --reason go`).
    static let repeatable: Set<String> = ["--reason"]

    static func check(_ arguments: [String]) throws(BadInput) {
        if arguments.count > maximumCount {
            throw BadInput(message: "too many arguments: got \(arguments.count), and no command takes more than "
                + "\(maximumCount); \(arguments[maximumCount].quotedToken) is argument \(maximumCount + 1)")
        }
        var seen: [String: String] = [:]
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return }
            guard argument.hasPrefix("--"), argument.count > 2 else { continue }
            let name = String(argument.prefix { $0 != "=" })
            if argument.hasSuffix("=") {
                throw BadInput(message: "\(argument.quotedToken): an empty value after '='; give \(name) a value, or no '=' at all")
            }
            if repeatable.contains(name) { continue }
            // The option as written, with its value when that is the next argument.
            let written = argument.contains("=") || index + 1 == arguments.count || arguments[index + 1].hasPrefix("-")
                ? argument : "\(argument) \(arguments[index + 1])"
            if let first = seen[name] {
                throw BadInput(message: "\(name.quotedToken) given twice: \(first.quotedToken), then \(written.quotedToken); give it once")
            }
            seen[name] = written
        }
    }
}

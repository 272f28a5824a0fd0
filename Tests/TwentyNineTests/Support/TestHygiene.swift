import Foundation

/// One place in a test file that breaks a rule of the hygiene check.
struct HygieneFinding: Equatable, CustomStringConvertible {
    enum Rule: Equatable {
        /// A test that returns before its first expectation, and so passes having checked nothing.
        case earlyReturn
        /// A clock read in a file other than the tmux end-to-end tests.
        case clock
        /// A tmux, exhaustive or solver tag without `.slow` beside it.
        case slowTagWithoutSlow
    }

    let file: String
    let line: Int
    let rule: Rule

    var description: String {
        switch rule {
        case .earlyReturn: "\(file):\(line): the test returns before its first #expect, #require or Issue.record"
        case .clock: "\(file):\(line): a clock read in a unit test (speed is make bench's)"
        case .slowTagWithoutSlow: "\(file):\(line): a tmux, exhaustive or solver tag without .slow in the same traits"
        }
    }
}

/// The hygiene check's scanner: one pass over a file's code (comments and string literals
/// skipped) into words and punctuation, then one pass over those.
enum TestHygiene {
    /// The tmux driver the end-to-end tests share: its polling loops wait for a screen, with a
    /// deadline only so that a broken screen cannot hang the run.
    static let tmuxDriver = "Tests/TwentyNineTests/Support/Tmux.swift"

    /// What `text`, the file at `file` (its path from the repository's root), breaks. Clocks are
    /// allowed only in the tmux end-to-end files: the driver, and a file whose suite is tagged `.tmux`.
    static func findings(in text: String, file: String) -> [HygieneFinding] {
        let tokens = self.tokens(of: text)
        let lines = LineTable(text)
        var found: [Found] = []
        let traits = traitLists(tokens)
        found += slowTags(traits)
        found += earlyReturns(tokens)
        if file != tmuxDriver && !traits.contains(where: { $0.tags.contains("tmux") }) { found += clockReads(tokens) }
        return found.sorted { $0.offset < $1.offset }
            .map { HygieneFinding(file: file, line: lines.line(at: $0.offset), rule: $0.rule) }
    }

    /// A word (an identifier or keyword, `#expect` and `@Test` among them) or one character of
    /// punctuation, and where it starts in the file's UTF-8.
    struct Token {
        let text: String
        let offset: Int
    }

    // MARK: The rules

    /// A break of a rule, where it starts in the file's UTF-8.
    typealias Found = (offset: Int, rule: HygieneFinding.Rule)

    /// A `@Suite(…)` or `@Test(…)` trait list: where it starts, the tags its `.tags(…)` name,
    /// and whether `.slow` (or `.long`, which `make test-fast` never runs either) is among its traits.
    struct Traits {
        let offset: Int
        var tags: Set<String> = []
        var slow = false
    }

    /// Every trait list of a `@Suite` or `@Test` in the file.
    static func traitLists(_ tokens: [Token]) -> [Traits] {
        var lists: [Traits] = []
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].text == "@Suite" || tokens[index].text == "@Test", tokens[index + 1].text == "(" else {
                index += 1
                continue
            }
            var traits = Traits(offset: tokens[index].offset)
            var depth = 0, tagsDepth: Int?
            var at = index + 1
            while at < tokens.count {
                let text = tokens[at].text, previous = tokens[at - 1].text
                if text == "(" || text == "[" {
                    depth += 1
                } else if text == ")" || text == "]" {
                    if depth == tagsDepth { tagsDepth = nil }
                    depth -= 1
                    if depth == 0 { break }
                } else if previous == "." {
                    if tagsDepth != nil {
                        traits.tags.insert(text)
                    } else if text == "slow" || text == "long" {
                        traits.slow = true
                    } else if text == "tags", at + 1 < tokens.count, tokens[at + 1].text == "(" {
                        tagsDepth = depth + 1
                    }
                }
                at += 1
            }
            lists.append(traits)
            index = at + 1
        }
        return lists
    }

    /// The tags that mark a test slow: each needs `.slow` beside it.
    static let slowTagNames: Set<String> = ["tmux", "exhaustive", "solver"]

    /// Each trait list that names a slow tag and lacks `.slow`.
    static func slowTags(_ lists: [Traits]) -> [Found] {
        lists.filter { !$0.slow && !$0.tags.isDisjoint(with: slowTagNames) }.map { ($0.offset, .slowTagWithoutSlow) }
    }

    /// `Date()`, `Date.now`, and any mention of `ContinuousClock`, `SuspendingClock`,
    /// `DispatchTime` or `clock_gettime`.
    static func clockReads(_ tokens: [Token]) -> [Found] {
        let clocks: Set<String> = ["ContinuousClock", "SuspendingClock", "DispatchTime", "clock_gettime"]
        var found: [Found] = []
        for (index, token) in tokens.enumerated() {
            let next = index + 2 < tokens.count ? (tokens[index + 1].text, tokens[index + 2].text) : ("", "")
            if clocks.contains(token.text) || token.text == "Date" && (next == ("(", ")") || next == (".", "now")) {
                found.append((token.offset, .clock))
            }
        }
        return found
    }

    /// Each `return` of an `@Test` function at the function's own level (in its `if`, `guard`,
    /// `for`, `switch` or `do` blocks, not in a closure or a nested function) before the first
    /// `#expect`, `#require` or `Issue.record` in its body.
    static func earlyReturns(_ tokens: [Token]) -> [Found] {
        enum Brace { case block, repeatBlock, closure }
        let headers: Set<String> = ["if", "guard", "while", "for", "switch", "catch"]
        let blockOpeners: Set<String> = ["else", "do", "defer"]
        var found: [Found] = []
        var depth = 0                  // parentheses and brackets
        var sawTest = false            // `@Test` read, its `func` not yet
        var bodyDepth: Int?            // the depth of the test's `func`, until its body opens
        var braces: [Brace] = []       // the test body's open braces, the body itself first
        var closures = 0               // how many of them are closures
        var header: Int?               // the depth of an `if`, `guard`, … whose block is still to open
        var checked = false            // an expectation seen in this body
        var afterRepeat = false        // the token follows a `repeat` block's closing brace
        for (index, token) in tokens.enumerated() {
            let text = token.text
            let previous = index > 0 ? tokens[index - 1].text : ""
            let following = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let closedRepeat = afterRepeat
            afterRepeat = false
            switch text {
            case "(", "[":
                depth += 1
            case ")", "]":
                depth -= 1
                if let open = header, depth < open { header = nil }
            case "@Test":
                sawTest = true
            case "func" where sawTest && braces.isEmpty:
                sawTest = false
                bodyDepth = depth
            case "{":
                if braces.isEmpty {
                    guard bodyDepth == depth else { continue }
                    bodyDepth = nil
                    braces = [.block]
                    closures = 0
                    checked = false
                    header = nil
                } else {
                    let brace: Brace
                    if header == depth {
                        brace = .block
                        header = nil
                    } else if blockOpeners.contains(previous) {
                        brace = .block
                    } else if previous == "repeat" {
                        brace = .repeatBlock
                    } else {
                        brace = .closure
                    }
                    braces.append(brace)
                    if brace == .closure { closures += 1 }
                }
            case "}":
                guard let brace = braces.popLast() else { continue }
                if brace == .closure { closures -= 1 }
                afterRepeat = brace == .repeatBlock
            case "#expect", "#require":
                checked = true
            case "Issue" where following == "." && index + 2 < tokens.count && tokens[index + 2].text == "record":
                checked = true
            case "return" where !braces.isEmpty && closures == 0 && !checked:
                found.append((token.offset, .earlyReturn))
            default:
                // A keyword opens a header, not a label (`for:`) nor a member (`.for`), nor the
                // `while` that ends a `repeat`.
                if !braces.isEmpty, headers.contains(text), following != ":", previous != ".",
                   !(text == "while" && closedRepeat) {
                    header = depth
                }
            }
        }
        return found
    }

    // MARK: Reading the code

    /// The file's words and punctuation, in order, outside comments and string literals
    /// (interpolations included); one pass.
    static func tokens(of text: String) -> [Token] {
        let bytes = Array(text.utf8)
        let count = bytes.count
        func byte(_ at: Int) -> UInt8 { at < count ? bytes[at] : 0 }
        func isWord(_ value: UInt8) -> Bool {
            value == UInt8(ascii: "_") || value >= 0x80 || (value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9"))
                || (value | 0x20 >= UInt8(ascii: "a") && value | 0x20 <= UInt8(ascii: "z"))
        }
        /// Code, at its parentheses' depth inside an interpolation, or a string literal.
        enum Mode { case code(parentheses: Int), string(hashes: Int, multiline: Bool) }
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        var modes: [Mode] = [.code(parentheses: 0)]
        var tokens: [Token] = []
        var at = 0
        /// Whether `quote` then `hashes` hashes start at `from`, three quotes when `multiline`.
        func closes(_ from: Int, hashes: Int, multiline: Bool) -> Int? {
            var end = from
            for _ in 0..<(multiline ? 3 : 1) {
                guard byte(end) == quote else { return nil }
                end += 1
            }
            for _ in 0..<hashes {
                guard byte(end) == hash else { return nil }
                end += 1
            }
            return end
        }
        /// A word from `at` (its first character `#` or `@` too), kept unless inside a string.
        func word(_ inString: Bool) {
            var end = at + 1
            while end < count && isWord(bytes[end]) { end += 1 }
            if !inString { tokens.append(Token(text: String(decoding: bytes[at..<end], as: UTF8.self), offset: at)) }
            at = end
        }
        while at < count {
            let value = bytes[at]
            switch modes[modes.count - 1] {
            case let .string(hashes, multiline):
                if value == backslash {
                    var end = at + 1
                    while end < at + 1 + hashes, byte(end) == hash { end += 1 }
                    if end - at - 1 < hashes {
                        at = end
                    } else if byte(end) == UInt8(ascii: "(") {
                        modes.append(.code(parentheses: 0))
                        at = end + 1
                    } else {
                        at = end + 1
                    }
                } else if value == quote, let end = closes(at, hashes: hashes, multiline: multiline) {
                    modes.removeLast()
                    at = end
                } else {
                    at += 1
                }
            case let .code(parentheses):
                let inString = modes.count > 1
                if value == slash && byte(at + 1) == slash {
                    while at < count && bytes[at] != UInt8(ascii: "\n") { at += 1 }
                } else if value == slash && byte(at + 1) == star {
                    var nesting = 0
                    repeat {
                        if bytes[at] == slash && byte(at + 1) == star {
                            nesting += 1
                            at += 2
                        } else if bytes[at] == star && byte(at + 1) == slash {
                            nesting -= 1
                            at += 2
                        } else {
                            at += 1
                        }
                    } while nesting > 0 && at < count
                } else if value == quote || value == hash {
                    var end = at
                    while byte(end) == hash { end += 1 }
                    if byte(end) == quote {
                        let multiline = byte(end + 1) == quote && byte(end + 2) == quote
                        modes.append(.string(hashes: end - at, multiline: multiline))
                        at = end + (multiline ? 3 : 1)
                    } else {
                        word(inString)
                    }
                } else if value == UInt8(ascii: "@") || isWord(value) {
                    word(inString)
                } else if value == UInt8(ascii: ")") && inString && parentheses == 0 {
                    modes.removeLast()
                    at += 1
                } else {
                    if inString && value == UInt8(ascii: "(") { modes[modes.count - 1] = .code(parentheses: parentheses + 1) }
                    if inString && value == UInt8(ascii: ")") { modes[modes.count - 1] = .code(parentheses: parentheses - 1) }
                    if !inString && value > 0x20 { tokens.append(Token(text: String(UnicodeScalar(value)), offset: at)) }
                    at += 1
                }
            }
        }
        return tokens
    }

    /// Line numbers from UTF-8 offsets.
    struct LineTable {
        private let starts: [Int]

        init(_ text: String) {
            var starts = [0]
            for (offset, value) in text.utf8.enumerated() where value == UInt8(ascii: "\n") { starts.append(offset + 1) }
            self.starts = starts
        }

        /// The line, from 1, holding `offset`.
        func line(at offset: Int) -> Int {
            var low = 0, high = starts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if starts[middle] <= offset { low = middle } else { high = middle }
            }
            return low + 1
        }
    }
}

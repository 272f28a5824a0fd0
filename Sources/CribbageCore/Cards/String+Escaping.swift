extension String {
    /// Control, format (bidirectional overrides, zero-width) and unassigned characters and line
    /// breaks shown as `\u{202E}`, so that a token cannot split the one-line message or reorder
    /// how it reads.
    public var escapingControlCharacters: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The most characters of a token a message quotes.
    public static let quotedTokenLength = 40

    /// A token as a one-line message names it: in quotes, cut to `quotedTokenLength` characters
    /// with its length said, so that a name of 20,000 characters makes a line that can be read:
    /// `'5X'`, `'AnnAnnAnn…' (20,000 characters)`.
    public var quotedToken: String {
        let length = count
        guard length > Self.quotedTokenLength else { return "'\(self)'" }
        var digits = String(length)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return "'\(prefix(Self.quotedTokenLength))…' (\(digits + grouped) characters)"
    }

    /// The message with every run of more than 200 characters without a space cut as
    /// `quotedToken` cuts a token: for messages made elsewhere (the argument parser's), which may
    /// hold a whole argument.
    public var cuttingLongTokens: String {
        guard count > 200 else { return self }
        return split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard word.count > 200 else { return String(word) }
            let token = String(word)
            return String(token.quotedToken.dropFirst())
        }.joined(separator: " ")
    }
}

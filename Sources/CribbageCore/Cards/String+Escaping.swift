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
}

/// Numbers as players say them when they count aloud.
///
///     NumberWords.spelled(29)   // "twenty-nine"
public enum NumberWords {
    /// The number in words, up to twenty-nine (the most a hand counts); in figures above that.
    public static func spelled(_ value: Int) -> String {
        if (0..<words.count).contains(value) { return words[value] }
        if (21...29).contains(value) { return "twenty-" + words[value - 20] }
        return String(value)
    }

    private static let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
        "nineteen", "twenty",
    ]
}

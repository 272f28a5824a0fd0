/// The shipped tables' text (the win tables, the keep pegging table): each cell as four
/// hexadecimal digits, a probability as p · 65535 and match points (−3 … 3) as (x + 3) / 6 · 65535,
/// so that the source holds no array literal the compiler would have to type-check cell by cell. A cell is read back within 1/131070 of
/// what was written: well inside any cell's standard error.
enum TableText {
    static let scale = 65535.0
    static let gamePointsRange = 3.0

    static func encode(_ values: [Double], gamePoints: Bool = false) -> [String] {
        let digits = Array("0123456789abcdef")
        let text = values.map { value -> String in
            let unit = gamePoints ? (value + gamePointsRange) / (2 * gamePointsRange) : value
            let code = Int((min(max(unit, 0), 1) * scale).rounded())
            return String([digits[code >> 12], digits[(code >> 8) & 15], digits[(code >> 4) & 15], digits[code & 15]])
        }.joined()
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: lineLength).map {
            String(characters[$0..<min($0 + lineLength, characters.count)])
        }
    }

    /// The values of `encode`'s lines, whatever separates them.
    static func decode(_ text: some Collection<UInt8>, gamePoints: Bool = false) -> [Double] {
        var values: [Double] = []
        var code = 0, digits = 0
        for byte in text {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            default: continue
            }
            code = code << 4 | digit
            digits += 1
            if digits == 4 {
                let unit = Double(code) / scale
                values.append(gamePoints ? unit * 2 * gamePointsRange - gamePointsRange : unit)
                code = 0
                digits = 0
            }
        }
        return values
    }

    static let lineLength = 96
}

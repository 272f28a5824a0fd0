/// Just enough of a terminal for a scripted player to read the table: cursor moves
/// (`CSI row;col H`), clearing (`CSI 2J`) and text at the cursor; every other sequence skipped.
struct Screen {
    let width: Int
    let height: Int
    private(set) var cells: [[Character]]
    private var row = 0
    private var column = 0
    /// A UTF-8 sequence cut by the end of a message, kept for the next.
    private var carried: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    var lines: [String] { cells.map { String($0) } }

    mutating func feed(_ bytes: some Collection<UInt8>) {
        var input = carried + bytes
        carried = []
        // Keep an unfinished UTF-8 sequence at the end for the next message.
        var cut = input.count
        while cut > 0, input.count - cut < 4, input[cut - 1] & 0xC0 == 0x80 { cut -= 1 }
        if cut > 0, input[cut - 1] >= 0xC0 {
            let lead = input[cut - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if input.count - (cut - 1) < length {
                carried = Array(input[(cut - 1)...])
                input.removeLast(input.count - (cut - 1))
            }
        }
        let scalars = Array(String(decoding: input, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x1B:
                guard index < scalars.count else { return }
                let next = scalars[index]
                index += 1
                if next == "[" {
                    var parameters = ""
                    while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) {
                        parameters.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else { return }
                    let final = scalars[index]
                    index += 1
                    csi(parameters, final)
                } else if next == "(" || next == ")" {
                    index += 1
                }
            case 0x0D: column = 0
            case 0x0A: row = min(height - 1, row + 1)
            case 0..<0x20, 0x7F: break
            default:
                if row < height, column < width { cells[row][column] = Character(scalar) }
                column += 1
            }
        }
    }

    private mutating func csi(_ parameters: String, _ final: Unicode.Scalar) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            row = max(0, ((numbers.first ?? nil) ?? 1) - 1)
            column = max(0, ((numbers.count > 1 ? numbers[1] : nil) ?? 1) - 1)
        case "J" where parameters == "2":
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        default:
            break
        }
    }
}

/// A JSON value whose objects keep their keys in the order given, written compactly on one line.
///
///     OrderedJSON.object([("total", .int(29)), ("crib", .bool(false))]).text
///     // {"total":29,"crib":false}
indirect enum OrderedJSON {
    case object([(key: String, value: OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case null

    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                OrderedJSON.string(member.key).write(to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .string(let string):
            Self.append(quoted: string, to: &output)
        case .int(let value):
            output += String(value)
        case .number(let value):
            output += value.isFinite ? String(value) : "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    /// Appends a string as JSON writes it: in quotes, with quotes, backslashes and control
    /// characters escaped (most strings have none, and are appended whole).
    static func append(quoted string: String, to output: inout String) {
        output += "\""
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

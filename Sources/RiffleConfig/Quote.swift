/// Quotes text from a file for a message: in double quotes, control characters escaped, long text cut.
///
/// Only for text that was written in the file: a value read from the environment is a secret and is
/// described by its variable instead (see `ScalarValue.display`).
enum Quote {
    static func text(_ value: String, limit: Int = 60) -> String {
        var out = "\""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

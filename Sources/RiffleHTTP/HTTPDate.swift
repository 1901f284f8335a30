import RiffleCore

/// Parses HTTP dates (RFC 9110 §5.6.7) into seconds since the Unix epoch, without Foundation.
///
/// Accepts the three historical forms: IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850
/// `Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994`.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Seconds since the epoch, or `nil` when `text` is not an HTTP date.
    static func parse(_ text: String) -> Int? {
        guard text.utf8.count <= 64 else { return nil }
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" || $0 == "\t" }
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Int)?
        for token in tokens {
            if token.contains(":") {
                let parts = token.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                time = (parts[0], parts[1], parts[2])
            } else if let index = months.firstIndex(of: token.lowercased()) {
                month = index + 1
            } else if let number = Int(token) {
                if day == nil, token.count <= 2 {
                    day = number
                } else if year == nil {
                    year = token.count == 2 ? (number >= 70 ? 1900 + number : 2000 + number) : number
                } else {
                    return nil
                }
            }
        }
        guard let day, let month, let year, let (hour, minute, second) = time,
            (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (1970...9999).contains(year)
        else { return nil }
        let days = Int(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }
}

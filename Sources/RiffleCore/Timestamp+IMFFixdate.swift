extension Timestamp {
    /// The time as HTTP's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110), to the second: what
    /// `Last-Modified` carries and, being RFC 1123's form, what RSS 2.0 dates are written in.
    package var imfFixdate: String {
        let seconds = unixSeconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday.
        let weekday = Int(((days % 7) + 7 + 4) % 7)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(date.year)
        return "\(weekdays[weekday]), \(two(date.day)) \(months[date.month - 1]) "
            + "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year) "
            + "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)) GMT"
    }
}

extension Timestamp {
    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) read back, the weekday not checked; `nil` for
    /// anything else (HTTP's two obsolete forms are not read: a client sends back the `Last-Modified` it got).
    package init?(imfFixdate text: String) {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard text.utf8.count <= 40, parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        let date = CivilDate(year: year, month: month + 1, day: day)
        guard date.isValid else { return nil }
        self.init(
            unixSeconds: date.daysSinceEpoch * 86_400 + Int64(hour * 3_600 + minute * 60 + min(second, 59)))
    }
}

/// Human-readable byte counts for messages and logs.
enum ByteCount {
    /// `512 B`, `3.2 KiB`, `64 MiB`.
    static func format(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 || value == value.rounded() { return "\(Int(value)) \(units[unit])" }
        return "\((value * 10).rounded() / 10) \(units[unit])"
    }
}

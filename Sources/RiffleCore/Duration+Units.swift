extension Duration {
    /// The duration in seconds, fraction included: for rates, log lines and messages.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, the fraction truncated towards zero. Beyond `Int64`'s range
    /// (about 292 million years) it saturates at `Int64.max` or `Int64.min` instead of trapping.
    package var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (total, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard !overflow, !overflow2 else { return seconds < 0 ? .min : .max }
        return total
    }

    /// The duration in whole microseconds (`Timestamp`'s unit), the fraction truncated towards zero;
    /// saturating beyond `Int64`'s range as `milliseconds` does.
    package var microseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (total, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000)
        guard !overflow, !overflow2 else { return seconds < 0 ? .min : .max }
        return total
    }
}

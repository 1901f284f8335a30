extension MergeState {
    /// A load's outcome with its source's check: the window back, and for a page, what the check found.
    package struct CheckedLoad: Sendable {
        var result: Result<Page, SourceError>
        var window: DedupWindow
        var findings: PageCheck.Findings?
    }
}

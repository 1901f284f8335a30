/// How a page that came from one document (a feed) was had, carried on its `Page` so that a store can
/// commit the document's validators in the same transaction as the page's items.
package struct DocumentFetch: Sendable, Hashable {
    /// How the page was had, which says what a store must write.
    package enum Outcome: Sendable, Hashable {
        /// A `200`: new items and new validators; write both.
        case fetched
        /// A `304 Not Modified`: the items are the stored page's; write only the refresh time and
        /// `nextRequestAt`.
        case notModified
        /// No request was made (a background load before `nextRequestAt`): the stored page as it is; write
        /// nothing.
        case notRequested
    }

    /// The document's validators after this fetch.
    package var validators: DocumentValidators
    package var outcome: Outcome
    /// When the answer came (the refresh time).
    package var at: Timestamp

    package init(validators: DocumentValidators, outcome: Outcome, at: Timestamp) {
        self.validators = validators
        self.outcome = outcome
        self.at = at
    }
}

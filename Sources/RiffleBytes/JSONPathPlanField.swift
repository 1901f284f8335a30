/// The fixed fields an adapter reads through a `JSONPathPlan`, as the cases of one enum: each case names
/// its path, and its raw value is its place in `allCases`, so the plan made from them
/// (`JSONPathPlan(fields:)`) answers for a case at its raw value. Paths and places are declared once,
/// together, rather than as a list of paths beside a list of their indices.
package protocol JSONPathPlanField: CaseIterable, RawRepresentable where RawValue == Int {
    /// The field's path: the member names from the item's object down to the value.
    var path: [String] { get }
}

extension JSONPathPlan {
    /// The plan of `Field`'s paths, in the order of its cases.
    package init<Field: JSONPathPlanField>(fields: Field.Type) {
        let cases = Array(Field.allCases)
        precondition(
            cases.enumerated().allSatisfy { $0.offset == $0.element.rawValue },
            "a field's raw value is its place among the cases")
        self.init(cases.map { $0.path })
    }

    /// `member(field.rawValue, in: node, stops: stops)`: the value at `field`'s path, reached through
    /// objects alone, in a plan made by `init(fields:)`.
    @inlinable
    package func member<Field: JSONPathPlanField>(_ field: Field, in node: JSONNode, stops: [Stop]) -> JSONNode? {
        member(field.rawValue, in: node, stops: stops)
    }
}

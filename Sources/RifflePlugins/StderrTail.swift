/// The last bytes a plugin wrote to stderr, at most `capacity`: enough for an error message, bounded
/// however much the plugin writes.
struct StderrTail: Sendable {
    let capacity: Int
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { self.capacity = capacity }

    /// Appends `chunk`, dropping the oldest bytes beyond the capacity.
    mutating func append(_ chunk: some Collection<UInt8>) {
        bytes.append(contentsOf: chunk)
        if bytes.count > capacity { bytes.removeFirst(bytes.count - capacity) }
    }
}

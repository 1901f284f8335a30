/// A file's identity and version as `stat` tells them (`FileSystem.stamp(_:)`).
public struct FileStamp: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    /// The stamp as one line of decimal numbers, and back: how a cache file records it.
    public var line: String { "\(device) \(inode) \(size) \(modifiedSeconds) \(modifiedNanoseconds)" }
}

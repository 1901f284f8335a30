/// A file's identity and version as `stat` tells them (`FileSystem.stamp(_:)`).
package struct FileStamp: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    /// The stamp as one line of decimal numbers: how a cache file records it (compared as text).
    package var line: String { "\(device) \(inode) \(size) \(modifiedSeconds) \(modifiedNanoseconds)" }
}

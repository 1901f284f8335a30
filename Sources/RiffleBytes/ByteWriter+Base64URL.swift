extension ByteWriter {
    /// Writes the base64url text of `bytes` (`Base64URL.encode`), checked to fit like any write. `bytes` may
    /// lie in this writer's own room, before what it writes (a token's body, encoded right after it).
    @inlinable
    package mutating func putBase64URL(_ bytes: UnsafeBufferPointer<UInt8>) {
        fill(Base64URL.encodedCount(bytes.count)) { Base64URL.encode(bytes, into: $0) }
    }
}

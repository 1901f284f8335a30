internal import CZlib

/// A response body compressed with zlib's gzip wrapper, for a client that sent `Accept-Encoding: gzip`.
/// Bodies are at most a few megabytes (500 items), compressed in one call at a middle level: the cost is
/// a fraction of rendering them.
enum GzipBody {
    /// `bytes` as one gzip member, or `nil` when zlib refuses (then the body goes uncompressed).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: the gzip header and trailer; memLevel 8, zlib's default.
        let started = deflateInit2_(
            &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}

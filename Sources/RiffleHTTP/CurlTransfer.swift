internal import CCurl
import RiffleCore

/// One attempt as the loop thread receives it: plain, validated data.
struct AttemptSpec: Sendable {
    var method: String
    var url: String
    var headers: HTTPHeaders
    var body: [UInt8]
    var timeout: Duration
    /// `scheme://host:port`, for the per-origin limit.
    var origin: String
}

/// Options the loop applies to every transfer.
struct TransferSettings: Sendable {
    var userAgent: String
    var connectTimeout: Duration
    var lowSpeedLimit: Int
    var lowSpeedTime: Duration
    var maxResponseBytes: Int
    /// The most response header bytes accepted (a server could otherwise stream headers forever).
    var maxHeaderBytes: Int = 256 * 1024
}

/// One libcurl easy handle and the buffers of its transfer. Lives on the loop thread only: created,
/// driven, completed and freed there (so it needs no locks and is deliberately not `Sendable`).
///
/// The handle may be one a finished transfer gave back (`release()`), reset to libcurl's defaults: the
/// loop keeps a few so that a page costs no `curl_easy_init` and `curl_easy_cleanup` (a large zeroed
/// allocation, and the 64 KiB receive buffer allocated and freed with each handle).
final class CurlTransfer {
    /// The raw easy handle (`CURL *`).
    let handle: UnsafeMutableRawPointer
    /// Whether `deinit` cleans the handle up; `false` once `release()` handed it back.
    private var ownsHandle = true
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body: [UInt8] = []
    private var headers = HTTPHeaders()
    private var headerBytes = 0
    private var exceededLimit = false
    private let settings: TransferSettings

    /// Configures an easy handle for `spec` — `idle`, one `release()` gave back, or else a new one — or
    /// fails with the reason (the handle is then cleaned up).
    static func make(_ spec: AttemptSpec, settings: TransferSettings, reusing idle: UnsafeMutableRawPointer? = nil)
        -> Result<CurlTransfer, TransportFailure>
    {
        guard let handle = idle ?? curl_easy_init() else {
            return .failure(TransportFailure(kind: .other, detail: "curl_easy_init failed"))
        }
        let transfer = CurlTransfer(handle: handle, settings: settings)
        if let failure = transfer.configure(spec) { return .failure(failure) }
        return .success(transfer)
    }

    private init(handle: UnsafeMutableRawPointer, settings: TransferSettings) {
        self.handle = handle
        self.settings = settings
        let size = Int(riffle_curl_error_size)
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        if ownsHandle { curl_easy_cleanup(handle) }
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Gives the handle back for another transfer, once this one has finished and its outcome was read
    /// and the handle is out of the multi handle: reset to libcurl's defaults (its options point at this
    /// transfer's callbacks, error buffer and header list, which go with it), keeping what libcurl keeps
    /// across a reset — its receive buffer; connections live in the multi handle's cache anyway.
    func release() -> UnsafeMutableRawPointer? {
        guard ownsHandle else { return nil }
        ownsHandle = false
        curl_easy_reset(handle)
        return handle
    }

    /// Sets every option; returns the failure of the first option libcurl refuses.
    private func configure(_ spec: AttemptSpec) -> TransportFailure? {
        // The first refusal, rather than a list of every option's code: one allocation less per page.
        var refused: CURLcode?
        func check(_ code: CURLcode) {
            if code != CURLE_OK, refused == nil { refused = code }
        }
        func long(_ option: CURLoption, _ value: Int) {
            check(riffle_easy_setopt_long(handle, option, value))
        }
        func string(_ option: CURLoption, _ value: String) {
            check(riffle_easy_setopt_string(handle, option, value))
        }
        let userdata = Unmanaged.passUnretained(self).toOpaque()

        string(CURLOPT_URL, spec.url)
        string(CURLOPT_PROTOCOLS_STR, "http,https")
        string(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        long(CURLOPT_FOLLOWLOCATION, 0)
        long(CURLOPT_NOSIGNAL, 1)
        long(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Waiting for a connection to multiplex on pays off only where HTTP/2 can be had (TLS, ALPN);
        // over plain http it would hold every other first request until the first response is back.
        if spec.url.lowercased().hasPrefix("https:") { long(CURLOPT_PIPEWAIT, 1) }
        long(CURLOPT_TCP_KEEPALIVE, 1)
        long(CURLOPT_BUFFERSIZE, Self.receiveBufferBytes)
        string(CURLOPT_ACCEPT_ENCODING, "")
        string(CURLOPT_USERAGENT, settings.userAgent)
        long(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(settings.connectTimeout))
        long(CURLOPT_TIMEOUT_MS, Self.milliseconds(spec.timeout))
        long(CURLOPT_LOW_SPEED_LIMIT, settings.lowSpeedLimit)
        long(CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(settings.lowSpeedTime) / 1000))
        check(riffle_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(settings.maxResponseBytes)))
        check(riffle_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
        check(
            riffle_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, userdata in
                guard let userdata else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
            })
        check(riffle_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, userdata))
        check(
            riffle_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, userdata in
                guard let userdata else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                return transfer.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: size * count))
            })
        check(riffle_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, userdata))

        switch spec.method {
        case "GET":
            long(CURLOPT_HTTPGET, 1)
        case "HEAD":
            long(CURLOPT_NOBODY, 1)
        case "POST":
            long(CURLOPT_POST, 1)
        default:
            string(CURLOPT_CUSTOMREQUEST, spec.method)
        }
        if spec.method == "POST" || !spec.body.isEmpty {
            check(
                riffle_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(spec.body.count)))
            var bytes = spec.body
            bytes.append(0)  // a valid pointer even for an empty body
            bytes.withUnsafeMutableBytes { buffer in
                check(riffle_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, buffer.baseAddress))
            }
        }

        // "Expect:" stops libcurl's 100-continue wait for large bodies; "Name;" sends an empty value.
        var lines = spec.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        if !spec.headers.contains(name: "Expect") { lines.append("Expect:") }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                return TransportFailure(kind: .other, detail: "out of memory building headers")
            }
            headerList = appended
        }
        check(riffle_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))

        if let bad = refused {
            return Self.failure(
                code: bad, detail: String(cString: curl_easy_strerror(bad)), exceededLimit: false)
        }
        return nil
    }

    /// The write callback: keeps decoded body bytes up to the limit; returning short aborts the transfer.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= settings.maxResponseBytes else {
            exceededLimit = true
            return 0
        }
        if body.isEmpty, let length = headers["Content-Length"].flatMap({ Int($0) }),
            length > bytes.count
        {
            // Sized once from the announced length (a hint: a compressed body decodes longer) rather than
            // grown by doubling, which copied each page's bytes about twice more.
            body.reserveCapacity(min(length, settings.maxResponseBytes))
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// The header callback: one line at a time; a new status line (1xx, or a redirect) starts afresh.
    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        headerBytes += bytes.count
        guard headerBytes <= settings.maxHeaderBytes else {
            exceededLimit = true
            return 0
        }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        guard line.allSatisfy({ $0 < 0x80 }) else {
            receiveHeader(text: String(decoding: line, as: UTF8.self))
            return bytes.count
        }
        // ASCII: each byte is a `Character` of its own (the CR and LF that would pair are gone), so
        // reading the bytes finds what `receiveHeader(text:)` finds, without a `String` per line.
        if line.starts(with: "HTTP/".utf8) {
            headers = HTTPHeaders()
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            var start = colon + 1
            var stop = line.count
            while start < stop, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
            while stop > start, line[stop - 1] == 0x20 || line[stop - 1] == 0x09 { stop -= 1 }
            headers.add(
                name: String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self),
                value: String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<stop]), as: UTF8.self))
        }
        return bytes.count
    }

    /// A header line that is not ASCII, read as `Character`s: a status line starts the headers afresh,
    /// a field is split at its first colon and its value trimmed of spaces and tabs.
    private func receiveHeader(text line: String) {
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
        } else if let colon = line.firstIndex(of: ":") {
            headers.add(
                name: String(line[..<colon]),
                value: String(line[line.index(after: colon)...]).trimmingSpaces)
        }
    }

    /// The outcome once libcurl reports the transfer done with `code`.
    func outcome(code: CURLcode) -> AttemptOutcome {
        guard code == CURLE_OK else {
            let text = String(cString: errorBuffer)
            let detail = text.isEmpty ? String(cString: curl_easy_strerror(code)) : text
            return .failure(Self.failure(code: code, detail: detail, exceededLimit: exceededLimit))
        }
        var status = 0
        _ = riffle_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var connects = 0
        _ = riffle_easy_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        var redirect: UnsafeMutablePointer<CChar>?
        _ = riffle_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &redirect)
        return .response(
            AttemptResponse(
                status: status, headers: headers, body: body,
                redirectURL: redirect.map { String(cString: $0) },
                newConnections: connects))
    }

    /// Maps a libcurl error code to a transport failure.
    static func failure(code: CURLcode, detail: String, exceededLimit: Bool) -> TransportFailure {
        let kind: TransportFailure.Kind
        switch code {
        case CURLE_WRITE_ERROR where exceededLimit, CURLE_FILESIZE_EXCEEDED:
            kind = .tooLarge
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            kind = .cannotResolve
        case CURLE_COULDNT_CONNECT:
            kind = .refused
        case CURLE_OPERATION_TIMEDOUT:
            kind = .timedOut
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            kind = .connectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CRL_BADFILE:
            kind = .tls
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            kind = .invalid
        default:
            kind = .other
        }
        return TransportFailure(kind: kind, code: Int(code.rawValue), detail: detail)
    }

    /// libcurl's receive buffer per transfer: a JSON page of 30–60 KB arrives in one or two `recv` calls
    /// and write callbacks rather than four (the default is 16 KiB); 64 KiB a transfer stays small beside
    /// the bodies even with every transfer of the in-flight limit running.
    static let receiveBufferBytes = 64 * 1024

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(max(1, min(duration.milliseconds, Int64(Int.max / 2))))
    }
}

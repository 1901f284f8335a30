// riffle-sandbox: serves the fake APIs until SIGINT or SIGTERM.
//
// Prints exactly one line on stdout once listening — `riffle-sandbox listening on http://127.0.0.1:PORT`
// — written straight to the file descriptor so that no buffer holds it back, since scripts wait for
// that line. Errors go to stderr prefixed `riffle-sandbox:`; a usage error exits 64, a start failure
// 1, a signal 0.
import Dispatch
import RiffleSandbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes text to a file descriptor, unbuffered.
func emit(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

let options: SandboxOptions
do {
    switch try SandboxCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        emit(SandboxCommandLine.usage + "\n", to: STDOUT_FILENO)
        exit(0)
    case .serve(let parsed):
        options = parsed
    }
} catch {
    emit("riffle-sandbox: \(error.message)\n\(SandboxCommandLine.usage)\n", to: STDERR_FILENO)
    exit(64)
}

let server = SandboxServer(options: options)
let port: UInt16
do {
    port = try await server.start()
} catch {
    emit("riffle-sandbox: cannot start: \(error)\n", to: STDERR_FILENO)
    exit(1)
}

/// Turns SIGINT and SIGTERM into elements of a stream. Taken with dispatch sources rather than a C
/// handler, so stopping runs as ordinary code; a nonisolated function, so the handlers are not bound
/// to the main actor (they run on their own queue).
func watchSignals(_ continuation: AsyncStream<Int32>.Continuation) -> [any DispatchSourceSignal] {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let queue = DispatchQueue(label: "riffle-sandbox.signals")
    return [SIGINT, SIGTERM].map { number in
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { continuation.yield(number) }
        source.resume()
        return source
    }
}

let (stopSignals, stopContinuation) = AsyncStream<Int32>.makeStream()
let signalSources = watchSignals(stopContinuation)

emit("riffle-sandbox listening on http://127.0.0.1:\(port)\n", to: STDOUT_FILENO)

for await _ in stopSignals { break }
await server.stop()
withExtendedLifetime(signalSources) {}
exit(0)

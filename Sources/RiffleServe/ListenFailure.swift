internal import NIOCore
package import RiffleConfig

/// Why `riffle serve` could not listen where it was told, in one line with what to do.
package struct ListenFailure: Error, Sendable, CustomStringConvertible {
    package let address: ListenAddress
    private let reason: String

    init(address: ListenAddress, error: IOError) {
        self.address = address
        switch error.errnoCode {
        case 98: reason = "the address is in use (another riffle serve?); pick another port with --listen"
        case 13: reason = "permission denied (ports below 1024 need privileges); pick a port above 1023"
        case 99: reason = "the address is not one of this machine's"
        default: reason = "\(error)"
        }
    }

    package var description: String { "cannot listen on \(address): \(reason)" }
}

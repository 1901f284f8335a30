/// Why `FileSystem.readFile` gave up: what happened as data, for the caller to put into its own words.
package struct FileReadError: Error, Sendable, Equatable {
    private enum Kind: Equatable {
        case cannotOpen(SystemError)
        case cannotRead(SystemError)
        case notRegularFile
        case tooLarge(size: Int?)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    static func cannotOpen(_ error: SystemError) -> Self { Self(.cannotOpen(error)) }
    static func cannotRead(_ error: SystemError) -> Self { Self(.cannotRead(error)) }
    static let notRegularFile = Self(.notRegularFile)
    static func tooLarge(size: Int?) -> Self { Self(.tooLarge(size: size)) }

    /// The failed call, when opening the file failed.
    package var openFailure: SystemError? {
        if case .cannotOpen(let error) = kind { return error }
        return nil
    }

    /// The failed call, when reading (or examining) the open file failed.
    package var readFailure: SystemError? {
        if case .cannotRead(let error) = kind { return error }
        return nil
    }

    /// The path names a directory, a device, a FIFO, or a socket.
    package var isNotRegularFile: Bool { kind == .notRegularFile }

    /// The file holds more than the limit.
    package var isTooLarge: Bool {
        if case .tooLarge = kind { return true }
        return false
    }

    /// Its size, when it was too large before reading (not when it grew while being read).
    package var sizeWhenTooLarge: Int? {
        if case .tooLarge(let size) = kind { return size }
        return nil
    }
}

import GRDB
package import RiffleStoreKit
import RiffleSystem

extension StoreError {
    /// `error` (from SQLite, GRDB or the system) as a store error about `path`. The one place where SQLite's
    /// result codes become reasons.
    static func from(_ error: any Error, path: String) -> StoreError {
        switch error {
        case let error as StoreError: return error
        case let error as ItemColumns.DamagedColumn: return .corrupt(path, detail: error.description)
        case let error as SystemError: return .unwritable(path, detail: error.description)
        case let error as DatabaseError:
            let detail = error.message ?? "\(error.resultCode)"
            switch error.resultCode.primaryResultCode {
            case .SQLITE_NOTADB: return .notADatabase(path)
            case .SQLITE_CORRUPT: return .corrupt(path, detail: detail)
            case .SQLITE_FULL: return .diskFull(path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path)
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_IOERR:
                return .unwritable(path, detail: detail)
            default: return .other(path, "SQLite: \(detail)")
            }
        case is CancellationError: return .other(path, "cancelled")
        default: return .other(path, "\(error)")
        }
    }
}

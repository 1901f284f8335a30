/// What the first 100 bytes of a file (SQLite's database header) say about it, before SQLite opens it: a
/// file that is not a riffle store is refused untouched, since opening it in WAL mode would change it.
enum StoreHeader {
    /// Why a file is not a store.
    enum Refusal: Equatable {
        case notADatabase
        case foreignDatabase
    }

    enum Verdict: Equatable {
        /// An empty file: SQLite makes it a new database.
        case empty
        /// A riffle store (its application id), or a fresh database with no tables yet.
        case riffleStore
        /// Not a store as it stands, but what another riffle making the store passes through: a partial
        /// header, or pages without the application id. Look again shortly.
        case unsettled(Refusal)
        /// Another program's database.
        case refused(Refusal)
    }

    static func recognise(_ header: [UInt8]) -> Verdict {
        guard !header.isEmpty else { return .empty }
        let magic = Array("SQLite format 3\0".utf8)
        guard header.count == 100 else {
            return magic.starts(with: header.prefix(magic.count)) ? .unsettled(.notADatabase) : .refused(.notADatabase)
        }
        guard header.starts(with: magic) else { return .refused(.notADatabase) }
        func bigEndian(_ offset: Int) -> UInt32 {
            header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let applicationID = Int32(bitPattern: bigEndian(68))
        let pageCount = bigEndian(28)
        if applicationID == StoreSchema.applicationID { return .riffleStore }
        if applicationID != 0 { return .refused(.foreignDatabase) }
        // No id: a database with tables has more than one page; with none it may be a store whose first
        // migration has not committed yet (in WAL mode the main file changes only at a checkpoint).
        return pageCount > 1 ? .unsettled(.foreignDatabase) : .riffleStore
    }
}

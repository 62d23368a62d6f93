import DataStore
import DurableIO
import Foundation
import Testing

@testable import backupctl

/// The exit status and hint of every store failure (design §7), now that the command line reads
/// them from `StoreError.category` rather than from SQLite's result codes.
@Suite struct StoreErrorStatusTests {
    /// The command line's, not Swift Testing's.
    typealias Status = backupctl.ExitStatus

    static let path = "/tmp/store.sqlite"
    static let storeHint = "Pass --store PATH or set DOMAINDIG_STORE."

    static let cases: [(StoreError, Status, String?)] = [
        (.notFound(path: path), .notFound, storeHint),
        (.noDefaultLocation, .usage, storeHint),
        (.unusableDefaultLocation(variable: "HOME", path: "/nowhere"), .usage, storeHint),
        (.busy(storePath: path, holderPID: 42), .busy, "Another backupctl is using the store; try again later."),
        (.changedWhileReading(path: path), .busy, "Nothing was written; run the command again."),
        (.newerLayout(path: path, found: 2, supported: 1), .newerVersion, nil),
        (.notAStore(path: path, reason: "the file is empty"), .invalidData, nil),
        (.backendMismatch(path: path, expected: .sqlite, found: .propertyList), .invalidData, nil),
        (.corrupt(path: path, reason: "a row of unknown kind"), .invalidData, nil),
        (.propertyList(message: "not a dictionary", path: path), .invalidData, nil),
        (.cannotReadWithoutWriting(path: path, reason: "no -shm"), .cannotCreate, nil),
        // SQLite's result codes, primary and extended: FULL, IOERR_FSYNC; READONLY, PERM, AUTH,
        // CANTOPEN; BUSY, LOCKED; CORRUPT, NOTADB; CONSTRAINT.
        (.sqlite(code: 13, message: "database or disk is full", path: path), .ioError, nil),
        (.sqlite(code: 1034, message: "disk I/O error", path: path), .ioError, nil),
        (.sqlite(code: 8, message: "readonly", path: path), .cannotCreate, nil),
        (.sqlite(code: 3, message: "perm", path: path), .cannotCreate, nil),
        (.sqlite(code: 23, message: "auth", path: path), .cannotCreate, nil),
        (.sqlite(code: 14, message: "unable to open database file", path: path), .cannotCreate, nil),
        (.sqlite(code: 5, message: "database is locked", path: path), .busy, nil),
        (.sqlite(code: 6, message: "locked", path: path), .busy, nil),
        (.sqlite(code: 11, message: "malformed", path: path), .invalidData, nil),
        (.sqlite(code: 26, message: "file is not a database", path: path), .invalidData, nil),
        (.sqlite(code: 19, message: "constraint failed", path: path), .failure, nil),
        // A file error inside a store error is classified as that file error.
        (.io(.noSpace(path: path, message: "full")), .ioError, "Free some space and run the command again."),
        (.io(.notFound(path: path, message: "gone")), .notFound, nil),
    ]

    @Test func everyStoreFailureHasItsStatusAndHint() {
        for (error, status, hint) in Self.cases {
            let failure = ErrorClassifier.classify(error)
            #expect(failure.status == status, "\(error)")
            #expect(failure.hint == hint, "\(error)")
            #expect(failure.message == error.description, "\(error)")
        }
    }
}

import AgeEncryption
import BackupFormat
import Cryptography
import DataMigration
import DataPortability
import DataStore
import DurableIO
import Foundation
import JSONCore
import ObjectStorage

/// Maps every library error to its exit status (design §7) and a hint.
enum ErrorClassifier {
    static func classify(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: failure
        case let error as StoreError: classify(error)
        case let error as FileIOError: classify(error)
        case let error as BackupFormatError: classify(error)
        case let error as MigrationError: classify(error)
        case let error as SampleError:
            CommandFailure(
                .cannotCreate, error.description,
                hint: "Pass --force to replace the store's contents with the sample, or choose another --store.")
        case let refusal as OutputRefusal:
            switch refusal {
            case .isInput: CommandFailure(.usage, refusal.description)
            case .notABackup, .encrypted:
                CommandFailure(
                    .cannotCreate, refusal.description,
                    hint: "Pass --force to replace it with the backup, or choose another output path.")
            case .notARegularFile:
                CommandFailure(
                    .cannotCreate, refusal.description,
                    hint: "Choose a file name for the output (or -o - for standard output, with export).")
            }
        case let error as BackupDirectoryError: CommandFailure(.notFound, error.description)
        case let error as SnapshotRestoreError:
            CommandFailure(
                .usage, error.description,
                hint: "The undo an import prints is: backupctl import SNAPSHOT --mode replace --store STORE")
        case let failure as SafetySnapshotFailure: classify(failure)
        case let error as JSONParseError: CommandFailure(.invalidData, error.description)
        case let error as ObjectStorageError: classify(error)
        case let busy as RemoteLock.Busy:
            CommandFailure(
                .busy, busy.description,
                hint: "Try again later. A lock left by a run that crashed expires by itself (Docs/remote.md).")
        case let error as AgeError: classify(error, file: nil)
        case let error as CryptographyError: CommandFailure(.failure, error.description)
        default:
            CommandFailure(
                .failure, "Unexpected failure: \(error)",
                hint: "This is a bug in backupctl; please report it with the command you ran.")
        }
    }

    /// The status of what went wrong writing the safety snapshot (a full disk: 74); the advice
    /// of an import.
    static func classify(_ failure: SafetySnapshotFailure) -> CommandFailure {
        let cause = classifyOutput(failure.underlying)
        let remedy =
            if case .noSpace = failure.underlying {
                "Free space in \(failure.folder) for a copy of the store file"
            } else {
                "Check that you can write to \(failure.folder)"
            }
        return CommandFailure(
            cause.status, failure.description, hint: remedy + ", or import again with --no-safety-snapshot.")
    }

    /// Object-storage failures by kind: credentials 77, a missing bucket or object 66, an
    /// unreachable or failing endpoint 74, a location or setting that cannot be used 64.
    static func classify(_ error: ObjectStorageError) -> CommandFailure {
        switch error.category {
        case .usage: CommandFailure(.usage, error.description, hint: "See Docs/remote.md for locations and settings.")
        case .credentials: CommandFailure(.permission, error.description)
        case .bucketNotFound, .objectNotFound: CommandFailure(.notFound, error.description)
        case .conditionFailed: CommandFailure(.busy, error.description)
        case .unavailable: CommandFailure(.ioError, error.description)
        }
    }

    /// A store failure by its category (DataStore sorts the backends' own codes); a file error
    /// inside one as any file error, with its own status and hint.
    static func classify(_ error: StoreError) -> CommandFailure {
        if case .io(let underlying) = error { return classify(underlying) }
        let status: ExitStatus =
            switch error.category {
            case .notFound: .notFound
            case .noLocation: .usage
            case .busy: .busy
            case .newerVersion: .newerVersion
            case .invalidData: .invalidData
            case .notWritable: .cannotCreate
            case .ioFailure: .ioError
            case .unexpected: .failure
            }
        let hint: String? =
            switch error {
            case .notFound, .noDefaultLocation, .unusableDefaultLocation: "Pass --store PATH or set DOMAINDIG_STORE."
            case .busy: "Another backupctl is using the store; try again later."
            case .changedWhileReading: "Nothing was written; run the command again."
            default: nil
            }
        return CommandFailure(status, error.description, hint: hint)
    }

    static func classify(_ error: FileIOError) -> CommandFailure {
        switch error {
        case .notFound: CommandFailure(.notFound, error.description)
        case .permissionDenied, .alreadyExists: CommandFailure(.cannotCreate, error.description)
        case .noSpace: CommandFailure(.ioError, error.description, hint: "Free some space and run the command again.")
        case .busy: CommandFailure(.busy, error.description, hint: "Another backupctl holds the lock; try again later.")
        case .tooLarge: CommandFailure(.invalidData, error.description)
        case .unsafe: CommandFailure(.cannotCreate, error.description)
        case .other(let path, let code, _) where code == EISDIR:
            CommandFailure(
                .notFound, "\(path) is a directory, not a backup file.",
                hint: "Pass the path of a backup file, or - to read one from standard input.")
        case .other: CommandFailure(.ioError, error.description)
        }
    }

    /// A failure creating or writing an output file (the archive, its temporary file, the
    /// spool): the output cannot be created (73) — a missing or non-folder parent, no
    /// permission, a folder in the way — unless the disk is full or failing (74).
    static func classifyOutput(_ error: FileIOError) -> CommandFailure {
        switch error {
        case .noSpace, .busy, .tooLarge, .unsafe, .other(_, EIO, _): classify(error)
        case .notFound, .permissionDenied, .alreadyExists, .other:
            CommandFailure(
                .cannotCreate, error.description,
                hint: "Choose an output path in an existing folder you can write to.")
        }
    }

    /// A failure opening an input file (the backup to read): a file that is missing, not
    /// readable or not a regular file is input not found (66), not an output problem.
    static func classifyInput(_ error: FileIOError) -> CommandFailure {
        switch error {
        case .permissionDenied(let path, let message):
            // Not FileIOError's sentence, which also suggests a location one can write to.
            CommandFailure(
                .notFound, "Permission denied for \(path) (\(message)).",
                hint: "Check its owner and mode and those of its folder.")
        case .other(let path, EINVAL, _):
            CommandFailure(
                .notFound, "\(path) is not a regular file, so it cannot be a backup.",
                hint: "Pass the path of a backup file, or - to read one from standard input.")
        case .notFound, .noSpace, .alreadyExists, .busy, .tooLarge, .unsafe, .other: classify(error)
        }
    }

    /// Runs `body`, which opens the backup a command reads: a file error there is about that
    /// input (``classifyInput(_:)``), not an output.
    static func openingInput<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as FileIOError {
            throw classifyInput(error)
        }
    }

    static func classify(_ error: BackupFormatError) -> CommandFailure {
        switch error {
        case .newerSchemaVersion: CommandFailure(.newerVersion, error.description)
        case .cannotOpenFile: CommandFailure(.notFound, error.description)
        case .cannotReadFile, .archiveWriteFailed: CommandFailure(.ioError, error.description)
        case .invalidCompressionLevel, .compressionLevelNotApplicable:
            CommandFailure(.usage, error.description)
        case .invalidEntryPathForWriting, .entrySizeMismatch: CommandFailure(.failure, error.description)
        case .decryptionFailed(let file, let ageError): classify(ageError, file: file)
        default:
            CommandFailure(
                .invalidData, error.description,
                hint: "The file is damaged or not a DomainDig backup; nothing was changed.")
        }
    }

    /// An age failure: 77 when no key given opens the file, 64 for a key the user gave that
    /// cannot be used, 65 for a file that is damaged or altered.
    /// - Parameter file: the backup, when the failure is about one.
    static func classify(_ error: AgeError, file: String?) -> CommandFailure {
        let message =
            file.map { "'\($0)' is an encrypted backup (age) that could not be decrypted: \(error)" }
            ?? error.description
        return switch error.category {
        case .noMatch: CommandFailure(.permission, message, hint: noMatchHint(error))
        case .key: CommandFailure(.usage, message, hint: "Keys are made with age-keygen; see Docs/encryption.md.")
        case .header, .headerMAC, .payload:
            CommandFailure(
                .invalidData, message,
                hint:
                    "The encrypted file is damaged or was altered; nothing was changed. Use another copy of the backup."
            )
        }
    }

    /// What to do when no key given opens a file: check the passphrase when a wrong one was
    /// given; else pass the key it was encrypted to.
    private static func noMatchHint(_ error: AgeError) -> String {
        if case .noMatchingIdentity(let noMatch) = error, noMatch.passphraseProtected, noMatch.passphrasesTried > 0 {
            return "Check the passphrase: it must be exactly the one the backup was encrypted with, on the first "
                + "line of the --passphrase-file FILE (or $BACKUPCTL_PASSPHRASE_FILE; a final line ending is not "
                + "part of it) or typed at the prompt; nothing was changed."
        }
        return "Pass the key it was encrypted to with --identity FILE (or $BACKUPCTL_IDENTITY_FILE), "
            + "or its passphrase with --passphrase-file FILE (or $BACKUPCTL_PASSPHRASE_FILE); nothing was changed."
    }

    static func classify(_ error: MigrationError) -> CommandFailure {
        switch error {
        case .storeIsNewer: CommandFailure(.newerVersion, error.description)
        case .unreadableVersion, .validationFailed, .transformationFailed, .stepFailed:
            CommandFailure(.invalidData, error.description)
        case .unknownMigration: CommandFailure(.usage, error.description)
        }
    }
}

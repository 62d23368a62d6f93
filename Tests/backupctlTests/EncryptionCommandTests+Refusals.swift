import Foundation
import TestSupport
import Testing

/// An encrypted backup that cannot be opened or does not authenticate: 77 when no key given
/// opens it, 65 when it is damaged or altered, and the store byte-identical either way.
extension EncryptionCommandTests {
    enum Refusal: String, CaseIterable, Sendable {
        case noKey, wrongKey, wrongPassphrase
        case alteredMAC, headerNotBase64, firstChunk, lastChunk, truncatedAtChunkBoundary, appendedBytes

        var expectedStatus: Int32 {
            switch self {
            case .noKey, .wrongKey, .wrongPassphrase: 77
            default: 65
            }
        }

        var expectedMessage: String {
            switch self {
            case .noKey: "encrypted for recipients' keys, and no identity was given"
            case .wrongKey: "encrypted for other recipients: the identity given does not open it"
            case .wrongPassphrase: "Wrong passphrase"
            case .alteredMAC: "its MAC does not match"
            case .headerNotBase64: "The age header is malformed"
            case .firstChunk: "Chunk 1 of the age payload fails authentication"
            case .lastChunk, .appendedBytes: "of the age payload fails authentication"
            case .truncatedAtChunkBoundary: "The age file is truncated: it ends after 3 chunks of data"
            }
        }
    }

    /// A backup uncompressed, so it spans several 64 KiB chunks, and the options that open it.
    private func encryptedBackup(for refusal: Refusal, in workspace: CommandWorkspace) throws -> (String, [String]) {
        if refusal == .wrongPassphrase {
            let right = try workspace.passphraseFile("the right one", name: "right.txt")
            let wrong = try workspace.passphraseFile("the wrong one", name: "wrong.txt")
            let backup = try workspace.exportEncrypted(
                from: try workspace.sampleStore("other.sqlite", seed: 2), compression: "none",
                ["--passphrase-file", right])
            return (backup, ["--passphrase-file", wrong])
        }
        let key = try workspace.ageKey()
        let backup = try workspace.exportEncrypted(
            from: try workspace.sampleStore("other.sqlite", seed: 2), compression: "none",
            ["--recipient", key.recipient])
        let (headerEnd, chunksStart) = try workspace.ageLayout(backup)
        var bytes = [UInt8](try workspace.contents(backup))
        #expect(bytes.count > chunksStart + 4 * 65_552, "the backup spans several chunks")
        switch refusal {
        case .noKey:
            return (backup, [])
        case .wrongKey:
            return (backup, ["--identity", try workspace.ageKey("other.txt").identityFile.path])
        case .alteredMAC:
            let character = headerEnd - 10
            bytes[character] = bytes[character] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        case .headerNotBase64:
            bytes[headerEnd - 10] = UInt8(ascii: "*")
        case .firstChunk:
            bytes[chunksStart + 100] ^= 0x01
        case .lastChunk:
            bytes[bytes.count - 20] ^= 0x01
        case .truncatedAtChunkBoundary:
            bytes.removeSubrange((chunksStart + 3 * 65_552)...)
        case .appendedBytes:
            bytes += Array("appended".utf8)
        case .wrongPassphrase:
            break
        }
        try Data(bytes).write(to: URL(fileURLWithPath: backup))
        return (backup, ["--identity", key.identityFile.path])
    }

    /// On both store files: a chunk that fails late is refused inside the import's transaction.
    @Test(arguments: Refusal.allCases, ["sqlite", "plist"])
    func aRefusedEncryptedBackupLeavesTheStoreByteIdentical(refusal: Refusal, suffix: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.\(suffix)", seed: 1)
        let (backup, keys) = try encryptedBackup(for: refusal, in: workspace)
        let digests = try workspace.fileDigests(store)
        let names = try workspace.names()

        let run = try workspace.backupctl(arguments: ["import", backup, "--store", store] + keys)
        #expect(run.status == refusal.expectedStatus, "\(run.stderrText)")
        #expect(run.stderrText.hasPrefix("error: "), "\(run.stderrText)")
        #expect(run.stderrText.contains(refusal.expectedMessage), "\(run.stderrText)")
        #expect(run.stderrText.contains("\nhint: "))
        #expect(try workspace.fileDigests(store) == digests)
        #expect(try workspace.names() == names, "no safety snapshot, nothing else written")

        let json = try workspace.backupctl(arguments: ["import", backup, "--store", store, "--json"] + keys)
        let document = try json.jsonObject()
        #expect(document["exitCode"] as? Int == Int(refusal.expectedStatus))
        #expect(document["status"] as? String == (refusal.expectedStatus == 77 ? "permission" : "invalid-data"))

        for command in ["validate", "inspect"] {
            let read = try workspace.backupctl(arguments: [command, backup] + keys)
            #expect(read.status == refusal.expectedStatus, "\(command): \(read.stderrText)\(read.stdoutText)")
        }
        let fresh = try workspace.backupctl(arguments: ["import", backup, "--store", "fresh.\(suffix)"] + keys)
        #expect(fresh.status == refusal.expectedStatus)
        #expect(try !workspace.names().contains { $0.hasPrefix("fresh.\(suffix)") }, "no store is created")
    }
}

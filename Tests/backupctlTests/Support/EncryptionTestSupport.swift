import Foundation
import TestSupport
import Testing

/// Keys and encrypted backups for the encryption tests, made with the `age` tools themselves.
extension CommandWorkspace {
    /// An identity file made by `age-keygen` (mode 0600) and its public key.
    func ageKey(_ name: String = "key.txt") throws -> AgeTool.KeyPair {
        let key = try AgeTool.generateKey(in: directory, name: name)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.identityFile.path)
        return key
    }

    /// A passphrase file (mode 0600) holding `passphrase` and a line feed.
    func passphraseFile(_ passphrase: String, name: String = "passphrase.txt") throws -> String {
        let file = path(name)
        try Data((passphrase + "\n").utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        return file
    }

    /// Exports `store` encrypted with `options` (such as `--recipient age1…`) and returns the path.
    func exportEncrypted(
        from store: String, to name: String = "backup.ddbackup", compression: String = "zstd", _ options: [String]
    ) throws -> String {
        let backup = path(name)
        let output = try backupctl(
            arguments: ["export", "--store", store, "-o", backup, "--compression", compression, "--quiet"] + options)
        try #require(output.status == 0, "export failed: \(output.stderrText)")
        return backup
    }

    /// Decrypts an age file with the `age` tool and returns the plaintext's path.
    func ageDecrypt(_ file: String, identity: URL, to name: String) throws -> String {
        let plaintext = path(name)
        try AgeTool.run(["-d", "-i", identity.path, "-o", plaintext, file])
        return plaintext
    }

    /// The age header's length and the start of the payload's chunks in `file`.
    func ageLayout(_ file: String) throws -> (headerEnd: Int, chunksStart: Int) {
        let bytes = [UInt8](try contents(file))
        let marker = Array("\n--- ".utf8)
        let mac = try #require(bytes.indices.first { bytes[$0...].starts(with: marker) })
        let headerEnd = try #require(bytes[(mac + 1)...].firstIndex(of: 0x0A)) + 1
        return (headerEnd, headerEnd + 16)
    }

    /// `storeContents` of a store in the folder, one line per key, without the migration
    /// journal (it records when the store was made): what two imports of the same data agree on.
    func storeContentsWithoutJournal(_ name: String) throws -> [Substring] {
        try storeContents(path(name)).split(separator: "\n").filter { !$0.hasPrefix("data.migrationJournal ") }
    }
}

import Foundation
import TestSupport
import Testing

/// A backup whose compressed data was damaged after it was written is refused — exit 65,
/// the store untouched — even where the damaged data still decompresses to valid JSON:
/// gzip's CRC-32 and zstd's content checksum are checked (design §8).
@Suite struct DamagedCompressionCommandTests {
    /// The committed v2 fixture with one bit flipped: `"rdap"` becomes `"rdan"`, or a digit of
    /// a transaction id changes. Both inflate to valid JSON that validates; only gzip's
    /// CRC-32 tells (see `CompressedIntegrityTests`).
    static let flips = Fixtures.v2SilentFlips

    private func flippedV2(in workspace: CommandWorkspace, byte: Int, bit: Int) throws -> String {
        var bytes = [UInt8](try Fixtures.data("Backups/v2.json.gz"))
        bytes[byte] ^= UInt8(1 << bit)
        let path = workspace.path("flipped-\(byte)-\(bit).json.gz")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try workspace.run("gzip", "-t", path).status != 0, "gzip -t refuses it too")
        return path
    }

    @Test(arguments: flips.map { [$0.byte, $0.bit] })
    func validateRefusesAFlippedBitInAV2Backup(flip: [Int]) throws {
        let workspace = try CommandWorkspace()
        let backup = try flippedV2(in: workspace, byte: flip[0], bit: flip[1])
        let output = try workspace.backupctl("validate", backup)
        #expect(output.status == 65, "\(output.stdoutText)\(output.stderrText)")
        #expect(output.stdoutText.contains("archive.unreadable"))
        #expect(output.stdoutText.contains("the CRC-32 in the gzip trailer does not match the data"))
        #expect(output.stdoutText.contains("Invalid: the import would be refused."))
    }

    @Test(arguments: flips.map { [$0.byte, $0.bit] }, ["store.sqlite", "store.plist"])
    func importRefusesAFlippedBitInAV2BackupAndChangesNothing(flip: [Int], storeName: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore(storeName, seed: 4)
        let backup = try flippedV2(in: workspace, byte: flip[0], bit: flip[1])
        let digests = try workspace.fileDigests(store)
        let names = try workspace.names()
        for mode in ["merge", "replace"] {
            let output = try workspace.backupctl("import", backup, "--store", store, "--mode", mode)
            #expect(output.status == 65, "\(output.stderrText)")
            #expect(output.stderrText.hasPrefix("error: "))
            #expect(output.stderrText.contains("the CRC-32 in the gzip trailer does not match the data"))
            #expect(try workspace.fileDigests(store) == digests)
            #expect(try workspace.names() == names, "no safety snapshot is left behind")
        }
    }

    @Test func importIntoAMissingStoreCreatesNothing() throws {
        let workspace = try CommandWorkspace()
        let backup = try flippedV2(in: workspace, byte: Self.flips[0].byte, bit: Self.flips[0].bit)
        let names = try workspace.names()
        let output = try workspace.backupctl("import", backup, "--store", workspace.path("new.sqlite"))
        #expect(output.status == 65, "\(output.stderrText)")
        #expect(try workspace.names() == names)
    }

    @Test func inspectRefusesAFlippedBitInAV2Backup() throws {
        let workspace = try CommandWorkspace()
        let backup = try flippedV2(in: workspace, byte: Self.flips[1].byte, bit: Self.flips[1].bit)
        let output = try workspace.backupctl("inspect", backup)
        #expect(output.status == 65, "\(output.stderrText)")
        #expect(output.stderrText.contains("is damaged: its gzip data fails to decompress intact"))
    }

    @Test func importRefusesAnArchiveWhoseZstdChecksumDoesNotMatch() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        #expect(try workspace.run("zstd", "-lv", backup).stdoutText.contains("Check: XXH64"))
        var bytes = [UInt8](try workspace.contents(backup))
        bytes[bytes.count - 1] ^= 0x08 // the last frame's content checksum
        try Data(bytes).write(to: URL(fileURLWithPath: backup))
        #expect(try workspace.run("zstd", "-t", backup).status != 0, "zstd -t refuses it too")
        let digests = try workspace.fileDigests(store)
        let names = try workspace.names()

        let output = try workspace.backupctl("import", backup, "--store", store)
        #expect(output.status == 65, "\(output.stderrText)")
        #expect(output.stderrText.contains("content checksum (XXH64) does not match"))
        #expect(try workspace.fileDigests(store) == digests)
        #expect(try workspace.names() == names)
        #expect(try workspace.backupctl("validate", backup).status == 65)
    }

    /// One byte flipped inside the sections' zstd frame: validate's first error, inspect's error
    /// and import's refusal name the same thing — the first entry whose SHA-256 does not match,
    /// the one `zstd` and Python find the flip damaged, when there is one (zstd's own check
    /// comes after the frame's last entry), else the damaged stream itself. Exit 65, and the
    /// store is unchanged.
    /// Prints the entry of `sys.argv[1]` (a zstd tar) holding the first byte that `sys.argv[2]`
    /// decompresses differently — by the `zstd` tool, its checksum ignored, and Python's
    /// tarfile — or `-` when that byte is in no entry's data.
    static let firstDamagedEntry = """
        import io, subprocess, sys, tarfile
        def unzstd(path):
            return subprocess.run(["zstd", "-dc", "--no-check", path], capture_output=True).stdout
        original, damaged = unzstd(sys.argv[1]), unzstd(sys.argv[2])
        first = next((i for i, (a, b) in enumerate(zip(original, damaged)) if a != b), min(len(original), len(damaged)))
        with tarfile.open(fileobj=io.BytesIO(original), mode="r:") as archive:
            print(next((m.name for m in archive.getmembers() if m.offset_data <= first < m.offset_data + m.size), "-"))
        """

    @Test func oneFlippedByteIsBlamedOnTheSameEntryByValidateInspectAndImport() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 4)
        let exported = try workspace.exportBackup(from: workspace.sampleStore("b.sqlite"))
        let original = [UInt8](try workspace.contents(exported))
        let digests = try workspace.fileDigests(store)
        var checksumFirst = 0
        // From past the manifest's and carried entries' frames to near the end.
        for eighth in 1...6 {
            let offset = original.count * eighth / 8
            var bytes = original
            bytes[offset] ^= 0x10
            let backup = workspace.path("flipped-\(offset).ddbackup")
            try Data(bytes).write(to: URL(fileURLWithPath: backup))
            let names = try workspace.names()

            let validated = try workspace.backupctl("validate", backup, "--json")
            #expect(validated.status == 65, "\(offset): \(validated.stderrText)")
            let findings = try #require(try validated.jsonObject()["findings"] as? [[String: Any]])
            let first = try #require(findings.first { $0["severity"] as? String == "error" })
            let inspected = try workspace.backupctl("inspect", backup)
            let imported = try workspace.backupctl("import", backup, "--store", store, "--yes")
            #expect(inspected.status == 65 && imported.status == 65, "\(offset): \(imported.stderrText)")
            if first["code"] as? String == "section.checksum-mismatch" {
                checksumFirst += 1
                let path = try #require(first["path"] as? String)
                let peer = try ProcessRunner.python(Self.firstDamagedEntry, [exported, backup])
                #expect(peer.stdoutText == "\(path)\n", "\(offset): the damaged entry is \(peer.stdoutText)")
                #expect(
                    inspected.stderrText.hasPrefix("error: Section '\(path)' of "), "\(offset): \(inspected.stderrText)"
                )
                #expect(imported.stderrText.contains("First: \(path): SHA-256 "), "\(offset): \(imported.stderrText)")
            } else {
                #expect(first["code"] as? String == "archive.unreadable", "\(offset): \(first)")
                let message = try #require(first["message"] as? String)
                #expect(inspected.stderrText.hasPrefix("error: \(message)\n"), "\(offset): \(inspected.stderrText)")
                #expect(imported.stderrText.hasPrefix("error: \(message)\n"), "\(offset): \(imported.stderrText)")
            }
            #expect(try workspace.fileDigests(store) == digests, "\(offset): the store is unchanged")
            #expect(try workspace.names() == names, "\(offset): no safety snapshot is left behind")
        }
        #expect(checksumFirst > 0, "some flip damages an entry before zstd's own check fails")
    }

    /// The manifest has no SHA-256 of its own: a byte flipped in its zstd frame is damage, found
    /// by the frame's checksum before the manifest is believed — never a newer version, an
    /// unknown section or an invalid manifest read from altered bytes — and every command says so.
    @Test func aFlippedByteInTheManifestsFrameIsDamageForEveryCommand() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 7)
        let original = [UInt8](try workspace.contents(try workspace.exportBackup(from: store)))
        let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
        // The second frame starts where its magic number does (the first frame's data is short).
        let secondFrame = try #require((4..<original.count - 4).first { Array(original[$0..<$0 + 4]) == magic })
        let digests = try workspace.fileDigests(store)
        var damaged = 0
        for offset in stride(from: 12, to: secondFrame, by: max(1, (secondFrame - 12) / 24)) {
            var bytes = original
            bytes[offset] ^= 0x02
            let backup = workspace.path("manifest-flip-\(offset).ddbackup")
            try Data(bytes).write(to: URL(fileURLWithPath: backup))
            let validated = try workspace.backupctl("validate", backup, "--json")
            let inspected = try workspace.backupctl("inspect", backup)
            let imported = try workspace.backupctl("import", backup, "--store", store, "--yes")
            #expect(validated.status == inspected.status && inspected.status == imported.status, "\(offset)")
            // A flip that decompresses to the same bytes (an unused bit of a header) changes nothing.
            #expect([0, 65].contains(validated.status), "\(offset): \(validated.stdoutText)")
            let findings = try #require(try validated.jsonObject()["findings"] as? [[String: Any]])
            let codes = Set(findings.compactMap { $0["code"] as? String })
            #expect(
                codes.isDisjoint(with: ["version.newer", "section.unknown", "manifest.invalid"]), "\(offset): \(codes)")
            if validated.status == 65 { damaged += 1 }
            #expect(try workspace.fileDigests(store) == digests, "\(offset): the store is unchanged")
        }
        #expect(damaged > 10, "most flips in the manifest's frame damage it")
    }

    @Test func everyCommandThatWritesABackupPutsAChecksumOnItsZstdFrames() throws {
        let workspace = try CommandWorkspace()
        // A sample store plants a store key this build does not know: its backups carry it in
        // a frame of its own between the manifest's and the sections'.
        let store = try workspace.sampleStore("store.sqlite", seed: 3)
        let exported = try workspace.exportBackup(from: store)
        let upgraded = workspace.path("upgraded.ddbackup")
        #expect(
            try workspace.backupctl("upgrade", Fixtures.url("Backups/v2.json.gz").path, "-o", upgraded).status == 0)
        let folder = workspace.path("scheduled")
        #expect(try workspace.backupctl("backup", "--dir", folder, "--store", store, "--keep-last", "2").status == 0)
        let scheduled = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ddbackup") }
        try #require(scheduled.count == 1)

        for (backup, frames) in [(exported, 3), (upgraded, 2), (folder + "/" + scheduled[0], 3)] {
            let listing = try workspace.run("zstd", "-lv", backup)
            #expect(listing.stdoutText.contains("# Zstandard Frames: \(frames)"), "\(backup): \(listing.stdoutText)")
            #expect(
                listing.stdoutText.components(separatedBy: "Check: XXH64").count == 2,
                "one summary line for the file: \(listing.stdoutText)")
            #expect(try workspace.run("zstd", "-t", backup).status == 0)
        }
    }
}

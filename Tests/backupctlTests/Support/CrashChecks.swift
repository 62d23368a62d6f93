import Foundation
import TestSupport
import Testing

/// What must hold in a scenario's folder after its command was killed, and after the next
/// commands ran. Each check returns the problems it found, as sentences.
struct CrashChecks {
    let scenario: CrashScenario
    let folder: URL
    let before: StorePeerReading?
    let after: StorePeerReading

    private var store: String { folder.appendingPathComponent(scenario.storePath).path }

    /// Right after the kill: the store is sound and holds what it held before or after the
    /// command (for `migrate`, possibly after a whole step of it); every file under a final
    /// name is complete.
    func afterKill() throws -> [String] {
        var problems: [String] = []
        let reading = try StorePeer.read(store)
        switch (reading, before) {
        case (nil, nil):
            break
        case (nil, _?):
            problems.append("the store is gone")
        case (let reading?, _):
            if reading.integrity != "ok" {
                problems.append("the store is damaged: \(reading.integrity)")
            } else if !isAcceptable(reading) {
                problems.append(
                    "the store holds neither its content before nor after the command: against before, "
                        + "\(before.map(reading.difference(from:)) ?? "there was no store"); against after, "
                        + reading.difference(from: after))
            }
        }
        problems += try finalFiles(snapshotsMustEqualBefore: true)
        return problems
    }

    /// `status` reports every temporary file a killed writer left beside the store (nothing
    /// to report when there is no store yet: `status` then says there is none).
    func statusReportsLeftovers() throws -> [String] {
        guard FileManager.default.fileExists(atPath: store) else { return [] }
        let status = try CrashLab.run(["status", "--store", scenario.storePath, "--json"], in: folder)
        guard status.status == 0 else { return ["status failed (\(status.status)): \(status.stderrText)"] }
        let reported = Set(
            ((try status.jsonObject()["leftovers"] as? [String]) ?? []).map { ($0 as NSString).lastPathComponent })
        let storeFolder = (store as NSString).deletingLastPathComponent
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: storeFolder).filter(Self.isTemporary))
        guard reported != present else { return [] }
        return [
            "status reported the leftovers \(reported.sorted()) where the store's folder holds \(present.sorted())"
        ]
    }

    /// After the command ran again: no temporary file anywhere; the store holds what a clean
    /// run leaves; every file under a final name is complete.
    func afterNextCommand() throws -> [String] {
        var problems: [String] = []
        let leftovers = try temporaryFiles()
        if !leftovers.isEmpty { problems.append("temporary files are left: \(leftovers.joined(separator: ", "))") }
        if let reading = try StorePeer.read(store) {
            let expected = scenario.writesStore ? after : before
            if reading.integrity != "ok" {
                problems.append("the store is damaged: \(reading.integrity)")
            } else if reading != expected {
                problems.append(
                    "the store differs from a clean run's: \(expected.map(reading.difference(from:)) ?? "no store")")
            }
        } else {
            problems.append("there is no store")
        }
        problems += try finalFiles(snapshotsMustEqualBefore: false)
        return problems
    }

    // MARK: Pieces

    /// Before or after; for `migrate` also a store stopped between two steps: its version
    /// stamp between the two and its journal holding exactly the steps up to it (running
    /// `migrate` again must then give the clean run's store, which `afterNextCommand` checks).
    private func isAcceptable(_ reading: StorePeerReading) -> Bool {
        if reading == after || reading == before { return true }
        guard scenario.operation == .migrate, let before,
            let version = Self.version(of: reading), let from = Self.version(of: before),
            let to = Self.version(of: after), from < version, version < to
        else { return false }
        return Self.journalSteps(of: reading) == Array((from + 1)...version)
    }

    private static func version(of reading: StorePeerReading) -> Int? {
        guard let entry = reading.entries["data.storeSchemaVersion"] else { return 0 }
        return (try? JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [Any])?.last as? Int
    }

    private static func journalSteps(of reading: StorePeerReading) -> [Int]? {
        guard let entry = reading.entries["data.migrationJournal"],
            let pair = try? JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [Any],
            let journal = pair.last as? [[String: Any]]
        else { return [] }
        return journal.compactMap { $0["step"] as? Int }
    }

    /// Every backup under a final name passes `inspect` and `validate`; every safety snapshot
    /// is a sound store holding the content before the import (right after a kill) or before
    /// or after it (once the import ran again, its own snapshot may be of the imported store).
    private func finalFiles(snapshotsMustEqualBefore: Bool) throws -> [String] {
        var problems: [String] = []
        for backup in try scenario.finalBackups(in: folder) {
            for command in ["inspect", "validate"] {
                let output = try CrashLab.run([command, backup, "--quiet"], in: folder)
                if output.status != 0 {
                    problems.append("\(backup) fails \(command) (\(output.status)): \(output.stderrText)")
                }
            }
        }
        for snapshot in try scenario.snapshots(in: folder) {
            guard let reading = try StorePeer.read(folder.appendingPathComponent(snapshot).path) else { continue }
            if reading.integrity != "ok" {
                problems.append("the snapshot \(snapshot) is damaged: \(reading.integrity)")
            } else if reading != before && (snapshotsMustEqualBefore || reading != after) {
                problems.append(
                    "the snapshot \(snapshot) is not the store before the import: "
                        + (before.map(reading.difference(from:)) ?? "there was no store"))
            }
        }
        return problems
    }

    /// The temporary files anywhere in the folder, relative to it.
    func temporaryFiles() throws -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            if Self.isTemporary((relative as NSString).lastPathComponent) { found.append(relative) }
        }
        return found.sorted()
    }

    /// `.<name>.tmp-<16 hex digits>`, the name of every temporary file backupctl writes,
    /// possibly with an SQLite companion's suffix.
    static func isTemporary(_ name: String) -> Bool {
        var base = Substring(name)
        if let suffix = ["-wal", "-shm", "-journal"].first(where: { name.hasSuffix($0) }) {
            base = base.dropLast(suffix.count)
        }
        guard base.hasPrefix("."), let marker = base.range(of: ".tmp-", options: .backwards) else { return false }
        let digits = base[marker.upperBound...]
        return digits.count == 16 && digits.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}

import DomainModel
import DurableIO
import Foundation

extension BackupDirectory {
    /// The name for a new backup taken at `date`: the plain time-name, or `…Z-N.ddbackup` with
    /// N above every backup of that same second already there, so the new one sorts last.
    public func newFileName(for date: Date) throws -> String {
        BackupDirectory.newFileName(for: date, among: try FileManager.default.contentsOfDirectory(atPath: url.path))
    }

    /// The name for a new backup taken at `date` among the existing `names`.
    static func newFileName(for date: Date, among names: [String]) -> String {
        let plain = BackupExporter.defaultFileName(at: date)
        let second = BackupDirectory.parse(plain)?.time
        let taken = names.compactMap(BackupDirectory.parse).filter { $0.time == second }.map(\.sequence)
        guard let highest = taken.max() else { return plain }
        return plain.replacingOccurrences(of: ".ddbackup", with: "-\(highest + 1).ddbackup")
    }

    /// The time a backup name carries, if it is one.
    public static func time(fromName name: String) -> Date? {
        parse(name)?.time
    }

    /// The time and the collision number of a backup name: `domaindig-20261130T044222Z.ddbackup`
    /// is 1, and a second backup in the same second is `…Z-2.ddbackup`, numbered 2. Only
    /// names backupctl writes count: a year from 0001, a second from 00 to 59 (a leap second
    /// `…235960Z` would name the same instant as the next minute's `…000000Z`).
    static func parse(_ name: String) -> (time: Date, sequence: Int)? {
        guard name.hasPrefix("domaindig-"), name.hasSuffix(".ddbackup") else { return nil }
        let body = Array(name.utf8.dropFirst("domaindig-".count).dropLast(".ddbackup".count))
        guard body.count >= 16, body[15] == UInt8(ascii: "Z") else { return nil }
        var sequence = 1
        if body.count > 16 {
            // Only `-N` may follow the time: anything else is not a name backupctl writes.
            guard body[16] == UInt8(ascii: "-"), let number = Int(String(decoding: body[17...], as: UTF8.self)),
                number >= 2, String(number).utf8.count == body.count - 17
            else { return nil }
            sequence = number
        }
        func part(_ range: Range<Int>) -> String { String(decoding: body[range], as: UTF8.self) }
        guard let year = Int(part(0..<4)), year >= 1, let second = Int(part(13..<15)), second < 60 else { return nil }
        let iso = "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))T\(part(9..<11)):\(part(11..<13)):\(part(13..<15))Z"
        guard body[8] == UInt8(ascii: "T"), let time = Timestamp.parse(iso) else { return nil }
        return (time, sequence)
    }

    /// Whether `name` is a temporary file an interrupted backup left: the writer's own
    /// `.<name>.tmp-<random>`, or any `.domaindig-….ddbackup.tmp-…` (older or foreign writers).
    static func isPartialFileName(_ name: String) -> Bool {
        AtomicFileWriter.isTemporaryFileName(name)
            || (name.hasPrefix(".domaindig-") && name.contains(".ddbackup.tmp-"))
    }
}

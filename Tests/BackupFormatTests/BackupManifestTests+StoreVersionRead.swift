import BackupFormat
import Foundation
import Testing

/// `storeSchemaVersionRead`: the store version an export read the data at (issue 15.1).
@Suite struct BackupManifestStoreVersionReadTests {
    private static func manifest(read: Int?) -> BackupManifest {
        BackupManifest(
            createdAt: Date(timeIntervalSince1970: 1_767_225_600), storeSchemaVersion: 3, storeSchemaVersionRead: read,
            compression: "zstd", sections: [])
    }

    @Test func itIsWrittenWhenKnownAndReadBack() throws {
        let upgraded = Self.manifest(read: 1)
        let text = String(decoding: upgraded.encoded(), as: UTF8.self)
        #expect(text.contains(#""storeSchemaVersion":3,"storeSchemaVersionRead":1,"#))
        let decoded = try BackupManifest.decode(upgraded.encoded(), archive: "b")
        #expect(decoded.storeSchemaVersionRead == 1)
        #expect(decoded.wasUpgradedOnExport)
        #expect(!Self.manifest(read: 3).wasUpgradedOnExport)
    }

    @Test func aManifestWithoutItIsStillReadAndWrittenWithoutIt() throws {
        let old = Self.manifest(read: nil)
        #expect(!String(decoding: old.encoded(), as: UTF8.self).contains("storeSchemaVersionRead"))
        let decoded = try BackupManifest.decode(old.encoded(), archive: "b")
        #expect(decoded.storeSchemaVersionRead == nil)
        #expect(!decoded.wasUpgradedOnExport)
    }

    @Test func aValueThatIsNotAnIntegerMakesTheManifestInvalid() throws {
        var text = String(decoding: Self.manifest(read: 1).encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""storeSchemaVersionRead":1"#, with: #""storeSchemaVersionRead":"one""#)
        #expect(throws: BackupFormatError.self) { try BackupManifest.decode(Array(text.utf8), archive: "b") }
    }
}

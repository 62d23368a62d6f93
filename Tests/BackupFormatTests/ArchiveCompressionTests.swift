import BackupFormat
import Testing

@Suite struct ArchiveCompressionTests {
    @Test func defaultsToZstdLevel3() {
        #expect(ArchiveCompression.default.algorithm == .zstd)
        #expect(ArchiveCompression.default.level == 3)
        #expect(ArchiveCompression.gzip.level == 6)
        #expect(ArchiveCompression.uncompressed.level == nil)
    }

    @Test func namesTheAlgorithmAndLevel() throws {
        #expect(try ArchiveCompression(.zstd, level: 19).description == "zstd level 19")
        #expect(ArchiveCompression.Algorithm(rawValue: "none") == .uncompressed)
    }

    @Test(arguments: [(ArchiveCompression.Algorithm.zstd, 0), (.zstd, 20), (.zstd, -1), (.gzip, 0), (.gzip, 10)])
    func rejectsLevelsOutOfRange(algorithm: ArchiveCompression.Algorithm, level: Int) throws {
        let range = try #require(algorithm.levelRange)
        let expected = BackupFormatError.invalidCompressionLevel(
            algorithm: algorithm.rawValue, level: level, validRange: range)
        #expect(throws: expected) { try ArchiveCompression(algorithm, level: level) }
        #expect(expected.description.contains("from \(range.lowerBound) to \(range.upperBound)"))
    }

    @Test func acceptsEveryLevelInRange() throws {
        for level in 1...19 { #expect(try ArchiveCompression(.zstd, level: level).level == level) }
        for level in 1...9 { #expect(try ArchiveCompression(.gzip, level: level).level == level) }
    }

    @Test func rejectsALevelForNone() {
        #expect(throws: BackupFormatError.compressionLevelNotApplicable(algorithm: "none", level: 3)) {
            try ArchiveCompression(.uncompressed, level: 3)
        }
    }
}

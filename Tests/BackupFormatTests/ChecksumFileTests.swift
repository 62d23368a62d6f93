import BackupFormat
import Cryptography
import Foundation
import Testing

@Suite struct ChecksumFileTests {
    let digest = SHA256Digest(hexString: String(repeating: "0123456789abcdef", count: 4))!
    let name = "domaindig-20261202T080000Z.ddbackup"

    @Test func isWrittenInSha256sumsFormatUnderAHiddenName() {
        let file = ChecksumFile(digest: digest, fileName: name)
        #expect(String(decoding: file.bytes, as: UTF8.self) == "\(digest.hexString)  \(name)\n")
        #expect(ChecksumFile.name(for: name) == ".\(name).sha256")
    }

    @Test func readsWhatItWritesAndSha256sumsBinaryMode() {
        let file = ChecksumFile(digest: digest, fileName: name)
        #expect(ChecksumFile(parsing: file.bytes) == file)
        let binary = Array("\(digest.hexString.uppercased()) *\(name)\n".utf8)
        #expect(ChecksumFile(parsing: binary) == file)
    }

    @Test(arguments: [
        "", // empty
        "0123  name\n", // a short digest
        String(repeating: "g", count: 64) + "  name\n", // not hex
        String(repeating: "a", count: 64) + " name\n", // one space
        String(repeating: "a", count: 64) + "  name", // no newline
        String(repeating: "a", count: 64) + "  \n", // no name
        String(repeating: "a", count: 64) + "  dir/name\n", // a path
        String(repeating: "a", count: 64) + "  a\nb\n", // two lines
        String(repeating: "a", count: 64) + "  " + String(repeating: "n", count: 300) + "\n", // too long
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(ChecksumFile(parsing: Array(text.utf8)) == nil)
    }
}

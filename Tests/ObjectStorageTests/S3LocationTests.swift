import ObjectStorage
import Testing

@Suite struct S3LocationTests {
    @Test(arguments: [
        ("s3://backups", "backups", "", "s3://backups", ""),
        ("s3://backups/", "backups", "", "s3://backups", ""),
        ("s3://backups/domaindig", "backups", "domaindig", "s3://backups/domaindig", "domaindig/"),
        ("s3://my.backups-2/a/b/", "my.backups-2", "a/b/", "s3://my.backups-2/a/b/", "a/b/"),
    ])
    func parsesBucketAndPath(text: String, bucket: String, path: String, description: String, folder: String) throws {
        let location = try S3Location(parsing: text)
        #expect(location.bucket == bucket)
        #expect(location.path == path)
        #expect(location.description == description)
        #expect(location.folderPrefix == folder)
    }

    @Test(arguments: ["s3://", "s3://ab", "s3://Backups/x", "s3://-backups", "s3://back_ups", "s3:/backups", "backups"])
    func refusesWhatIsNotABucket(text: String) {
        #expect {
            try S3Location(parsing: text)
        } throws: { error in
            (error as? ObjectStorageError)?.category == .usage
        }
    }

    @Test func appendsANameAsInAFolder() throws {
        #expect(try S3Location(parsing: "s3://b-1/x").appending("f.ddbackup").description == "s3://b-1/x/f.ddbackup")
        #expect(try S3Location(parsing: "s3://b-1").appending("f.ddbackup").description == "s3://b-1/f.ddbackup")
    }

    @Test(
        arguments: [
            ("s3://b/p", "s3"), ("https://host/x", "https"), ("gs://bucket", "gs"), ("file:///tmp/x", "file"),
            ("svn+ssh://h/x", "svn+ssh"), ("/tmp/a://b", nil), ("backups", nil), ("./s3://x", nil), ("1abc://x", nil),
            ("C:\\dir", nil),
        ] as [(String, String?)])
    func findsTheScheme(text: String, scheme: String?) {
        #expect(S3Location.scheme(of: text) == scheme)
    }
}

import Testing

@testable import ObjectStorage

@Suite struct S3EndpointTests {
    @Test func addressesCustomEndpointsByPath() throws {
        let endpoint = try S3Endpoint(url: "http://127.0.0.1:9000/")
        let address = endpoint.address(bucket: "backups", key: "daily/a b.ddbackup")
        #expect(address.host == "127.0.0.1:9000")
        #expect(address.path == "/backups/daily/a%20b.ddbackup")
        #expect(address.url == "http://127.0.0.1:9000/backups/daily/a%20b.ddbackup")
    }

    @Test func addressesAWSByVirtualHostWhenTheNameAllows() {
        let endpoint = S3Endpoint.aws(region: "eu-west-1")
        let virtual = endpoint.address(bucket: "backups", key: "k")
        #expect(virtual.host == "backups.s3.eu-west-1.amazonaws.com")
        #expect(virtual.url == "https://backups.s3.eu-west-1.amazonaws.com/k")
        let dotted = endpoint.address(bucket: "my.backups", key: nil)
        #expect(dotted.host == "s3.eu-west-1.amazonaws.com")
        #expect(dotted.path == "/my.backups")
    }

    @Test func followsTheConfiguredStyle() throws {
        let virtual = try S3Endpoint(url: "https://minio.example:9443/base", addressingStyle: .virtual)
        let address = virtual.address(bucket: "b-1", key: "x")
        #expect(address.host == "b-1.minio.example:9443")
        #expect(address.path == "/base/x")
        let path = S3Endpoint.aws(region: "us-east-1", addressingStyle: .path)
        #expect(path.address(bucket: "b-1", key: "x").url == "https://s3.us-east-1.amazonaws.com/b-1/x")
        #expect(try S3Endpoint(url: "https://h:443").address(bucket: "b-1", key: nil).host == "h")
    }
}

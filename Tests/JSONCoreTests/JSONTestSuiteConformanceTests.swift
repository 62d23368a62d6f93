import Foundation
import JSONCore
import TestSupport
import Testing

/// Nicolas Seriot's JSONTestSuite (vendored under Tests/Fixtures/JSONTestSuite, MIT):
/// every `y_` file must parse, every `n_` file must be rejected, and `i_` files may go
/// either way but must not crash.
@Suite struct JSONTestSuiteConformanceTests {
    static let directory = Fixtures.url("JSONTestSuite/test_parsing")

    static func files(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func parse(_ name: String) throws -> Result<JSONDocument, JSONParseError> {
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
        do {
            return .success(try JSONDocument(parsing: bytes))
        } catch {
            return .failure(error)
        }
    }

    @Test func suiteIsPresent() {
        #expect(Self.files(prefix: "y_").count == 95)
        #expect(Self.files(prefix: "n_").count == 188)
        #expect(Self.files(prefix: "i_").count == 35)
    }

    @Test(arguments: files(prefix: "y_"))
    func acceptsValidDocument(_ name: String) throws {
        let result = try Self.parse(name)
        if case .failure(let error) = result {
            Issue.record("\(name) was rejected: \(error)")
        }
    }

    @Test(arguments: files(prefix: "n_"))
    func rejectsInvalidDocument(_ name: String) throws {
        let result = try Self.parse(name)
        if case .success = result {
            Issue.record("\(name) was accepted")
        }
    }

    @Test(arguments: files(prefix: "i_"))
    func implementationDefinedDocumentDoesNotCrash(_ name: String) throws {
        switch try Self.parse(name) {
        case .success(let document):
            // Reading every scalar must not trap either.
            func walk(_ value: JSONValue) {
                _ = value.string
                _ = value.double
                _ = value.int
                for element in value.elements { walk(element) }
                for field in value.fields { walk(field.value) }
            }
            walk(document.root)
        case .failure(let error):
            #expect(!error.description.isEmpty)
        }
    }

    @Test func streamingAgreesWithWholeDocumentParsing() throws {
        // Every suite file whose top level is an array: streaming must accept and reject the same.
        for name in Self.files(prefix: "") {
            let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
            guard case .success(let document) = try Self.parse(name), document.root.kind == .array else { continue }
            var streamed = 0
            try JSONArrayStream.forEachElement(in: bytes) { _, _ in streamed += 1 }
            #expect(streamed == document.root.count, "\(name)")
        }
    }
}

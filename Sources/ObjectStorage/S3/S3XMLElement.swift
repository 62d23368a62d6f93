import Foundation
import FoundationXML

/// An XML element of an S3 answer — name (without namespace), text and child elements — read
/// with FoundationXML's `XMLParser` (libxml2), which neither loads external entities nor
/// follows a DTD. S3's answers are small documents of plain elements, which is all this keeps.
///
///     let result = try S3XMLElement.parse(bytes)
///     result.text(of: "NextContinuationToken")
///     result.children(named: "Contents").map { $0.text(of: "Key") }
public struct S3XMLElement: Sendable, Equatable {
    public var name: String
    /// The element's own text (of an element with children, usually whitespace).
    public var text: String
    public var children: [S3XMLElement]

    public func children(named name: String) -> [S3XMLElement] {
        children.filter { $0.name == name }
    }

    /// The text of the first child called `name`.
    public func text(of name: String) -> String? {
        children.first { $0.name == name }?.text
    }

    /// The most nesting an S3 answer needs, with room to spare.
    static let maximumDepth = 16

    /// Parses a whole document and returns its root element.
    /// - Throws: ``ObjectStorageError/invalidResponse(operation:resource:detail:)`` (without
    ///   operation) when it is not well-formed XML or nests deeper than S3's answers do.
    public static func parse(_ bytes: [UInt8]) throws -> S3XMLElement {
        let parser = XMLParser(data: Data(bytes))
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), builder.failure == nil, let root = builder.root else {
            let detail =
                builder.failure ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            throw ObjectStorageError.invalidResponse(operation: "", resource: "", detail: "malformed XML: \(detail)")
        }
        return root
    }

    /// Collects elements as the parser reports them; used by one parse on one thread.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [S3XMLElement] = []
        var root: S3XMLElement?
        var failure: String?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            guard stack.count < S3XMLElement.maximumDepth else {
                failure = "nested deeper than \(S3XMLElement.maximumDepth) elements"
                parser.abortParsing()
                return
            }
            stack.append(S3XMLElement(name: elementName, text: "", children: []))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard let finished = stack.popLast() else { return }
            if stack.isEmpty {
                root = finished
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        }
    }
}

import DataValidation
import DomainModel
import JSONCore

extension SectionVisitor {
    /// Hands `json` on as a validation session does once the record passed: decoded as
    /// `Record` (nil when it cannot be).
    func visit(_ index: Int?, _ json: JSONValue) {
        visit(try? Record.decode(json).0, at: index, from: json)
    }
}

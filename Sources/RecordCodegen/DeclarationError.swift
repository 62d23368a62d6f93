/// Why a declaration cannot become Swift: RecordCodegen prints it after the file's path.
struct DeclarationError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

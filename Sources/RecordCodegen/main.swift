import Foundation

// RecordCodegen: turns one `.record` declaration into the record's Swift source. Run by the
// RecordCodegenPlugin build-tool plugin for every `.record` file of DomainModel:
//     RecordCodegen <declaration.record> <output.swift>
// A declaration that does not make sense stops the build with the file and the reason.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: RecordCodegen <declaration.record> <output.swift>\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[1])
do {
    let declaration = try JSONDecoder().decode(RecordDeclaration.self, from: Data(contentsOf: input))
    let source = try RecordSource(declaration).text
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch let error as DecodingError {
    FileHandle.standardError.write(Data("\(input.path): error: not a record declaration: \(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(input.path): error: \(error)\n".utf8))
    exit(1)
}

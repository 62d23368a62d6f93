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
    let data = try Data(contentsOf: input)
    try DeclarationKeys.check(data)
    let declaration = try JSONDecoder().decode(DeclarationFile.self, from: data)
    let source = try RecordSource(declaration).text
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    let reason = (error as? DecodingError).map(DeclarationKeys.describe) ?? "\(error)"
    FileHandle.standardError.write(Data("\(input.path): error: \(reason)\n".utf8))
    exit(1)
}

import PackagePlugin

/// Generates each record's Swift source from its `.record` declaration (RecordCodegen), so a
/// record's fields — and its decoder, encoder and schema — are written down once.
@main
struct RecordCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let generator = try context.tool(named: "RecordCodegen")
        var outputs = Set<String>()
        return target.sourceFiles(withSuffix: "record").compactMap { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            // `.generated`: a hand-written `Name.swift` beside the declaration would otherwise be
            // a second producer of `Name.swift.o`; outputs share one folder, so names must differ.
            guard outputs.insert(name).inserted else {
                Diagnostics.error("\(file.url.path()): a second declaration named \(name); record names are unique")
                return nil
            }
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).generated.swift")
            return .buildCommand(
                displayName: "Generating \(name).generated.swift from \(name).record",
                executable: generator.url,
                arguments: [file.url.path(), output.path()],
                inputFiles: [file.url, generator.url],
                outputFiles: [output])
        }
    }
}

import PackagePlugin

/// Generates each record's Swift source from its `.record` declaration (RecordCodegen), so a
/// record's fields — and its decoder, encoder and schema — are written down once.
@main
struct RecordCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let generator = try context.tool(named: "RecordCodegen")
        return target.sourceFiles(withSuffix: "record").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).swift")
            return .buildCommand(
                displayName: "Generating \(name).swift from \(name).record",
                executable: generator.url,
                arguments: [file.url.path(), output.path()],
                inputFiles: [file.url, generator.url],
                outputFiles: [output])
        }
    }
}

import ArgumentParsing

/// Compares a rendered manual page with a tool's declarations: every command's summary and
/// usage, every option, flag and argument with its help, every example. Expectations come
/// from the declarations (`CommandInfo`), never from a hand-written list.
public enum ManualPageCoverage {
    /// The rendered page with every run of blanks as one space, as filling to the page's
    /// width leaves words apart.
    public static func words(_ rendered: String) -> String {
        rendered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What the page lacks, one line per omission; empty when it holds everything declared.
    public static func omissions(in rendered: String, tool: CommandInfo) -> [String] {
        let text = words(rendered)
        var omissions: [String] = []
        for command in tool.allCommands {
            if !text.contains(command.abstract) { omissions.append("no summary of \(command.usage)") }
            // The page shows placeholders in italics, without angle brackets.
            if !text.contains(command.usage.replacing(#/<([^>]*)>/#) { $0.1 }) {
                omissions.append("no usage \(command.usage)")
            }
            for argument in command.arguments {
                var label = argument.names.joined(separator: ", ")
                if let valueName = argument.valueName { label += (label.isEmpty ? "" : " ") + valueName }
                if argument.isRepeating { label += " ..." }
                if !text.contains(label + " " + argument.abstract) {
                    omissions.append("no \(label) of \(command.path)")
                }
            }
            for example in command.examples {
                let commandLine = words(example.commandLine)
                if !text.contains(example.summary + ": " + commandLine) {
                    omissions.append("no example '\(example.summary)'")
                }
            }
        }
        return omissions
    }
}

/// A command tree's manual page in man(7) roff, generated from the declarations the parser
/// and the help read: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, every command with its
/// arguments and options under COMMANDS, the sections the tool adds (EXIT STATUS,
/// ENVIRONMENT, FILES), then every command's EXAMPLES.
///
/// ```swift
/// let page = ManualPage(tool: CommandInfo(root: Backupctl.self), footer: "backupctl 1.4.0",
///                       sections: [ManualPage.Section(title: "EXIT STATUS", entries: codes)])
/// print(page.text, terminator: "")   // man -l - renders it
/// ```
public struct ManualPage: Sendable {
    /// A section the tool supplies, as terms with their explanations.
    public struct Section: Sendable {
        /// The heading, in capitals by convention (`EXIT STATUS`).
        public var title: String
        /// A paragraph before the entries; empty for none.
        public var introduction: String
        /// The terms (shown in bold) and what they mean, in order.
        public var entries: [(term: String, text: String)]

        public init(title: String, introduction: String = "", entries: [(term: String, text: String)]) {
            self.title = title
            self.introduction = introduction
            self.entries = entries
        }
    }

    public var tool: CommandInfo
    /// The centre of the footer: the tool's name and version, e.g. `backupctl 1.4.0`.
    public var footer: String
    /// The tool's own sections, placed after COMMANDS in the order given (man-pages(7)
    /// orders EXIT STATUS, ENVIRONMENT, FILES).
    public var sections: [Section]

    public init(tool: CommandInfo, footer: String, sections: [Section] = []) {
        self.tool = tool
        self.footer = footer
        self.sections = sections
    }

    /// The roff source, ending with a newline. It carries no date, so the same build always
    /// prints the same page.
    public var text: String {
        var lines = [
            #".\" Manual page for "# + tool.name + ", generated from its declarations by `" + tool.name + " manpage`.",
            // Section 1: user commands.
            ".TH \(Self.quoted(tool.name.uppercased())) 1 \"\" \(Self.quoted(footer)) \"User Commands\"",
            // Left-aligned and unhyphenated: option names and paths must read as typed. The
            // synopsis macros turn hyphenation back on to the HY register's value, hence 0.
            ".ad l",
            ".nh",
            ".nr HY 0",
            ".SH NAME",
            Roff.escaped(tool.name) + #" \- "# + Roff.escaped(Self.nameLine(tool.abstract)),
            ".SH SYNOPSIS",
        ]
        lines += tool.allCommands.flatMap(Self.synopsis)
        lines.append(".SH DESCRIPTION")
        lines += Roff.paragraphs(tool.abstract) + Roff.paragraphs(tool.discussion)
        lines.append(".SH OPTIONS")
        lines += tool.arguments.flatMap(Self.entry)
        if !tool.subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            lines += tool.allCommands.dropFirst().flatMap(Self.command)
        }
        for section in sections {
            lines.append(".SH \(Self.quoted(section.title))")
            lines += Roff.paragraphs(section.introduction)
            lines += section.entries.flatMap { [".TP", Roff.bold($0.term), Roff.escaped($0.text)] }
        }
        let examples = tool.allCommands.flatMap(\.examples)
        if !examples.isEmpty {
            lines.append(".SH EXAMPLES")
            lines += examples.flatMap { example in
                [".PP", Roff.escaped(example.summary + ":"), ".PP", ".RS 4", ".EX"]
                    + example.commandLine.split(separator: "\n").map { Roff.escaped(String($0)) } + [".EE", ".RE"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command under COMMANDS: its name as a subsection, its summary, usage and
    /// description, then its arguments and options.
    private static func command(_ command: CommandInfo) -> [String] {
        var lines = [".SS \(quoted(command.path.dropFirst().joined(separator: " ")))"]
        lines += Roff.paragraphs(command.abstract)
        lines += Self.synopsis(of: command)
        lines += Roff.paragraphs(command.discussion)
        lines += command.arguments.flatMap(entry)
        return lines
    }

    /// A command's usage as a synopsis block (`.SY`): its path in bold, continuation lines
    /// indented under its arguments, which are never split across lines.
    private static func synopsis(of command: CommandInfo) -> [String] {
        [
            ".SY \(quoted(command.path.joined(separator: " ")))",
            command.synopsis.dropFirst().map(Roff.usage).joined(separator: " "), ".YS",
        ]
    }

    /// One option, flag or argument as a tagged paragraph: `-o, --output file`, then its help.
    private static func entry(_ argument: ArgumentInfo) -> [String] {
        var label = argument.names.map(Roff.bold).joined(separator: ", ")
        if let valueName = argument.valueName {
            label += (label.isEmpty ? "" : " ") + Roff.italic(valueName)
            if argument.isRepeating { label += " ..." }
        }
        var lines = [".TP", label]
        if !argument.helpText.isEmpty { lines.append(Roff.escaped(argument.helpText)) }
        for paragraph in argument.discussion.split(separator: "\n") {
            lines += [".IP", Roff.escaped(String(paragraph))]
        }
        return lines
    }

    /// The one-line description after the name, as man pages write it: no final period, and
    /// a lower-case first word unless it is an acronym (`Back up the store.` → `back up the store`).
    private static func nameLine(_ abstract: String) -> String {
        var line = abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract
        let characters = Array(line)
        if characters.count > 1, characters[0].isUppercase, characters[1].isLowercase {
            line = characters[0].lowercased() + String(characters.dropFirst())
        }
        return line
    }

    /// A request argument in double quotes, with any double quote inside escaped.
    private static func quoted(_ text: String) -> String {
        "\"" + Roff.escaped(text).replacing("\"", with: #"\(dq"#) + "\""
    }
}

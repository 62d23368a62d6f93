import Foundation

/// The shells, `man` and `script` that check what the tool generates for them: completion
/// scripts, the manual page, and output on a terminal. `make deps` installs them all.
public enum ShellTools {
    /// Checks a script's syntax without running it (`bash -n`, `zsh -n`, `fish -n`).
    /// - Returns: the shell's output; status 0 and an empty standard error when it parses.
    public static func checkSyntax(_ script: String, shell: String) throws -> ProcessOutput {
        try ProcessRunner.run(shell, ["-n"], stdin: Data(script.utf8))
    }

    /// Renders a manual page's roff source exactly as a user would read it,
    /// `man --warnings -l -`, 80 columns wide, in the C locale (plain ASCII output, where a
    /// glyph the page misuses shows as a warning) unless `locale` says otherwise.
    /// - Returns: the rendered text on standard output, groff's warnings on standard error.
    public static func renderManualPage(_ source: String, locale: String = "C") throws -> ProcessOutput {
        try ProcessRunner.run(
            "man", ["--warnings", "-l", "-"], stdin: Data(source.utf8),
            environment: ["MANWIDTH": "80", "LC_ALL": locale, "MANPAGER": "cat", "PAGER": "cat"])
    }

    /// Runs a shell command line inside a pseudo-terminal, as an interactive user would
    /// (util-linux's `script -qfec COMMAND /dev/null`): its standard input, output and error
    /// are the terminal unless the command line redirects them.
    /// - Parameter typed: what the user types, as if at the keyboard (`"n\n"`); the terminal
    ///   echoes it, so it shows in the output too.
    /// - Returns: everything written to the terminal (standard output and error together,
    ///   with the terminal's `\r\n` line ends), and the command's exit status.
    public static func runOnTerminal(_ commandLine: String, in directory: URL, typed: String? = nil) throws
        -> ProcessOutput
    {
        try ProcessRunner.run(
            "script", ["-qfec", commandLine, "/dev/null"], stdin: typed.map { Data($0.utf8) },
            environment: ["TERM": "xterm"], currentDirectory: directory)
    }

    /// `text` in single quotes for `sh`, so a path is one word whatever it holds.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

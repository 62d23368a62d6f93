/// What a command line asks for. The parser never prints or exits: the caller does,
/// typically with exit status 0 for help and version, and 64 for a usage error.
public enum ParseOutcome {
    /// A leaf command with every value filled and `validate()` passed, ready to `run()`.
    case command(any ParsableCommand)
    /// `-h`, `--help`, `help [subcommand]`, or a command group named without a subcommand:
    /// the help text, without a trailing newline.
    case help(String)
    /// `--version`: the root's version text.
    case version(String)
    /// A rejected command line.
    case usageError(UsageError)
}

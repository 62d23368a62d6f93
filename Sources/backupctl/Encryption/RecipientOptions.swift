import AgeEncryption
import ArgumentParsing

/// `--recipient` and `--recipients-file`: the public keys a backup is encrypted to.
struct RecipientOptions: ParsableArguments {
    @Option(
        name: .customLong("recipient"),
        help: ArgumentHelp(
            "Encrypt the backup to this age X25519 public key (age1..., from age-keygen -y); repeat for several.",
            valueName: "recipient"))
    var recipients: [String] = []

    @Option(
        help: ArgumentHelp(
            "Encrypt the backup to every public key in this file (one age1... per line, # comments).",
            valueName: "file"),
        completion: .file)
    var recipientsFile: String?

    /// Whether any recipient was given.
    var isEmpty: Bool { recipients.isEmpty && recipientsFile == nil }

    /// The recipients given, parsed.
    /// - Throws: `AgeError` for a malformed recipient (exit 64); `CommandFailure` for a secret key
    ///   given as one (64), never quoting it, and for a missing file.
    func parsed() throws -> [AgeRecipient] {
        var parsed: [AgeRecipient] = try recipients.map { recipient in
            do {
                return .x25519(try X25519Recipient(recipient))
            } catch AgeError.secretKeyAsRecipient {
                throw CommandFailure(
                    .usage,
                    "--recipient takes a public key (age1…), and was given what looks like a secret key itself; "
                        + "it was not printed.",
                    hint: "Give the public key instead (age-keygen -y FILE prints it); keep the secret key in a "
                        + "file only you can read.")
            }
        }
        if let recipientsFile {
            parsed += try KeyFileReader.recipients(in: recipientsFile, option: "--recipients-file").map { .x25519($0) }
        }
        return parsed
    }
}

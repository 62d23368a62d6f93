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
    /// - Throws: `AgeError` for a malformed recipient (exit 64); `CommandFailure` for a missing file.
    func parsed() throws -> [AgeRecipient] {
        var parsed = try recipients.map { AgeRecipient.x25519(try X25519Recipient($0)) }
        if let recipientsFile {
            parsed += try KeyFileReader.recipients(in: recipientsFile, option: "--recipients-file").map { .x25519($0) }
        }
        return parsed
    }
}

import DataStore

/// Store version 3: DNS answers as typed records in `lookupHistory`, and the usage-credit
/// ledger as an object with a stored balance. The ledger step is conditional: it runs only
/// when the stored ledger still has the legacy array shape.
enum StoreVersion3 {
    static let step = StoreVersionStep(
        version: 3, title: "Typed DNS records; ledger with a stored balance",
        migrations: [
            AnyStorageMigration(
                TransformingMigration(identifier: "v3.typed-dns-records", key: .lookupHistory) { value in
                    CollectionNormalizer.transform(value, LegacyDNSReshaper.reshape)
                }),
            AnyStorageMigration(
                ConditionalMigration(
                    identifier: "v3.ledger-object",
                    when: "usageCredits.ledger holds the legacy array",
                    condition: { store, _ in
                        guard let bytes = try store.value(forKey: StorageKey.usageCreditLedger.rawValue)?.jsonBytes
                        else { return false }
                        return LegacyLedgerReshaper.isLegacy(bytes)
                    },
                    run: AnyStorageMigration(
                        TransformingMigration(identifier: "v3.ledger-object.reshape", key: .usageCreditLedger) {
                            CollectionNormalizer.transform($0, LegacyLedgerReshaper.reshape)
                        }))),
        ])
}

import DataStore
import Foundation

/// Store version 3: DNS answers as typed records in `lookupHistory`, and the usage-credit
/// ledger as an object with a stored balance. The ledger step is conditional: it runs only
/// when the stored ledger still has the legacy array shape.
enum StoreVersion3 {
    static let step = StoreVersionStep(
        version: 3, title: "Typed DNS records; ledger with a stored balance",
        migrations: [
            AnyStorageMigration(
                TransformingMigration(identifier: "v3.typed-dns-records", key: .lookupHistory) { value in
                    guard let bytes = CollectionNormalizer.bytes(of: value) else { return nil }
                    return LegacyDNSReshaper.reshape(bytes).map { (.data(Data($0.bytes)), $0.count) }
                }),
            AnyStorageMigration(
                ConditionalMigration(
                    identifier: "v3.ledger-object",
                    when: "usageCredits.ledger holds the legacy array",
                    condition: { store, _ in
                        guard let value = try store.value(forKey: StorageKey.usageCreditLedger.rawValue),
                            let bytes = CollectionNormalizer.bytes(of: value)
                        else { return false }
                        return LegacyLedgerReshaper.isLegacy(bytes)
                    },
                    run: AnyStorageMigration(
                        TransformingMigration(identifier: "v3.ledger-object.reshape", key: .usageCreditLedger) {
                            value in
                            guard let bytes = CollectionNormalizer.bytes(of: value) else { return nil }
                            return LegacyLedgerReshaper.reshape(bytes).map { (.data(Data($0.bytes)), $0.count) }
                        }))),
        ])
}

import DataStore
import DomainModel
import Foundation

/// Store version 1 (the policy's first versioned step): `watchedDomains` merged into
/// `trackedDomains` and dropped; tracked and saved domains normalised (canonical form, one
/// record per domain).
///
/// Only the domain collections are re-normalised here: other blobs still have shapes that
/// later versions reshape, and reading them with today's decoders would misread them.
enum StoreVersion1 {
    static let step = StoreVersionStep(
        version: 1, title: "Tracked domains under one key, normalised",
        migrations: [
            AnyStorageMigration(
                SimpleRenameMigration(
                    identifier: "v1.rename-watched-domains", from: .legacyWatchedDomains, to: .trackedDomains,
                    combine: { destination, source in
                        guard let tracked = destination.jsonBytes, let watched = source.jsonBytes
                        else {
                            throw MigrationError.validationFailed("trackedDomains or watchedDomains is not a JSON blob")
                        }
                        guard let merged = CollectionNormalizer.normalize([tracked, watched], as: TrackedDomain.self)
                        else {
                            throw MigrationError.validationFailed(
                                "trackedDomains or watchedDomains is not a JSON array")
                        }
                        return (.data(Data(merged.bytes)), merged.count)
                    })),
            AnyStorageMigration(
                TransformingMigration(identifier: "v1.normalize-tracked-domains", key: .trackedDomains) { value in
                    CollectionNormalizer.transform(value) {
                        CollectionNormalizer.normalize([$0], as: TrackedDomain.self)
                    }
                }),
            AnyStorageMigration(
                TransformingMigration(identifier: "v1.normalize-saved-domains", key: .savedDomains) { value in
                    CollectionNormalizer.transform(value, CollectionNormalizer.normalizeDomainList)
                }),
        ])
}

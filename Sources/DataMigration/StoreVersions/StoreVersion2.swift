import DataStore
import DomainModel
import Foundation

/// Store version 2: the separate preference keys (`resolverURL`, `displayDensity`,
/// `showRawRecords`) aggregated into one `app.preferences` blob, so preferences are read
/// and written together and backed up as one record.
///
/// Lenient decoding cannot express this: the data moves between keys.
enum StoreVersion2 {
    static let step = StoreVersionStep(
        version: 2, title: "Preferences in one blob",
        migrations: [
            AnyStorageMigration(
                AggregatingMigration(
                    identifier: "v2.aggregate-preferences",
                    from: [.legacyResolverURL, .legacyDisplayDensity, .legacyShowRawRecords], to: .appPreferences,
                    aggregate: { existing, sources in
                        var preferences =
                            existing?.jsonBytes.flatMap {
                                CollectionDecoder.decodeObject($0, as: AppPreferences.self).record
                            }
                            ?? AppPreferences.defaults
                        if case .string(let url)? = sources[.legacyResolverURL], AppPreferences.isResolverURL(url) {
                            preferences.resolverURL = url
                        }
                        if case .string(let density)? = sources[.legacyDisplayDensity] {
                            preferences.displayDensity = Lenient(rawValue: density)
                        }
                        switch sources[.legacyShowRawRecords] {
                        case .bool(let flag)?: preferences.showRawRecords = flag
                        case .integer(let flag)?: preferences.showRawRecords = flag != 0
                        default: break
                        }
                        return .data(Data(preferences.canonicalJSON))
                    }))
        ])
}

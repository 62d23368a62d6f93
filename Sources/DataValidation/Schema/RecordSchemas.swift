import DomainModel

/// The schema of every current record, from the records' declarations (their `.record`
/// files), which also give them their decoders and encoders.
enum RecordSchemas {
    typealias S = SchemaBuilder

    static let trackedDomain = S.record(TrackedDomain.declaration)
    static let registration = S.record(RegistrationSummary.declaration)
    static let tls = S.record(TLSCertificateSummary.declaration)
    static let http = S.record(HTTPProbeResult.declaration)
    static let lookupSnapshot = S.record(LookupSnapshot.declaration)
    static let auditSession = S.record(AuditSession.declaration)
    static let workflow = S.record(Workflow.declaration)
    static let monitoringSettings = S.record(MonitoringSettings.declaration)
    static let monitoringLogEntry = S.record(MonitoringLogEntry.declaration)
    static let appSettings = S.record(AppSettings.declaration)
    static let entitlement = S.record(CachedEntitlement.declaration)
    static let usageCreditLedger = S.record(UsageCreditLedger.declaration)

    /// The fields a lookup has had since version 2 (`LegacySchemas.lookupV2` has them too).
    static let lookupFields = S.properties(LookupSnapshot.declaration).filter {
        ["id", "domain", "capturedAt", "trigger", "durationMs"].contains($0.name)
    }

    /// The preferences' fields' values, under these names since version 2 (version 1:
    /// `resolver`, `density`); `LegacySchemas` makes them optional properties.
    static let resolverURL = value(of: "resolverURL", in: AppPreferences.declaration)
    static let displayDensity = value(of: "displayDensity", in: AppPreferences.declaration)

    /// The monitoring settings under `definition`, with the `interval` field of their version
    /// (in minutes since version 3; `LegacySchemas.monitoringSettingsV2` counts seconds).
    static func monitoringSettings(_ definition: String, interval: PropertySchema) -> SchemaNode {
        let properties = S.properties(MonitoringSettings.declaration).map {
            $0.name == "intervalMinutes" ? interval : $0
        }
        return S.object(definition, MonitoringSettings.declaration.description, properties)
    }

    /// The value of the field `name`. The names are this file's constants: one a declaration
    /// lacks stops the first use of the schema (every schema test).
    private static func value(of name: String, in declaration: RecordDeclaration) -> SchemaNode {
        let field = declaration.fields.first { $0.name.description == name }!
        return S.value(field.value, field.description)
    }
}

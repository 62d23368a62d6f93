import Foundation

/// Backups as older DomainDig releases wrote them, for tests that import them into a store.
public enum LegacyBackupSample {
    /// A version 1 backup (plain JSON, DomainDig 1.4's field names): one tracked domain,
    /// `Example.com`, with a note, a tag and a star; one lookup of example.com whose id is
    /// `SampleIdentity.uuidText(decimal: 5)`; settings with Quad9's resolver, the compact
    /// density, one recent search and `acme.io` saved.
    public static let version1 = Data(
        """
        {"version": 1, "exportedAt": 1650000000, "app": "DomainDig 1.4",
         "domains": [{"name": "Example.com", "added": 1640000000, "note": "from v1", "tags": ["client"], "favorite": true}],
         "history": [{"uuid": "\(SampleIdentity.uuidText(decimal: 5))", "domain": "example.com", "date": 1650000000, "dns": {"A": ["93.184.216.34"]}}],
         "settings": {"resolver": "https://dns.quad9.net/dns-query", "density": "compact", "recent": ["example.com"], "saved": ["acme.io"]}}
        """.utf8)
}

/// Words the sample generator builds realistic names and texts from.
enum SampleVocabulary {
    static let words = [
        "acme", "alpine", "atlas", "beacon", "birch", "blue", "bright", "cedar", "cloud", "coral", "crest", "delta",
        "ember", "falcon", "fern", "forge", "harbor", "helix", "iris", "jade", "kite", "lumen", "maple", "meadow",
        "nimbus", "north", "nova", "oak", "orbit", "pine", "pixel", "prism", "quartz", "raven", "ridge", "river",
        "sage", "sierra", "solar", "spruce", "stone", "summit", "tide", "union", "vale", "vertex", "willow", "zephyr",
    ]
    static let suffixes = ["", "labs", "hq", "app", "shop", "news", "cloud", "mail", "dev", "studio", "data", "works"]
    static let tlds = ["com", "net", "org", "io", "dev", "app", "co", "de", "fr", "co.uk", "nl", "ch", "xyz", "ai"]
    static let registrars = [
        "Gandi SAS", "Namecheap, Inc.", "GoDaddy.com, LLC", "Cloudflare, Inc.", "MarkMonitor Inc.",
        "Key-Systems GmbH", "OVH SAS", "Porkbun LLC", "Tucows Domains Inc.",
    ]
    static let issuers = [
        "CN=R11, O=Let's Encrypt, C=US", "CN=E6, O=Let's Encrypt, C=US",
        "CN=GTS CA 1P5, O=Google Trust Services LLC, C=US",
        "CN=Sectigo RSA Domain Validation Secure Server CA, O=Sectigo Limited, C=GB",
        "CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1, O=DigiCert Inc, C=US",
    ]
    static let servers = ["nginx", "cloudflare", "Apache", "AmazonS3", "gws", "Vercel", "Netlify", "LiteSpeed"]
    static let eppStatuses = [
        "clientTransferProhibited", "clientDeleteProhibited", "clientUpdateProhibited", "serverTransferProhibited",
        "serverDeleteProhibited", "ok",
    ]
    static let auditChecks: [(id: String, title: String, category: String)] = [
        ("dns.spf", "SPF record published", "email"), ("dns.dmarc", "DMARC policy enforced", "email"),
        ("dns.dkim", "DKIM selector found", "email"), ("dns.caa", "CAA restricts issuers", "dns"),
        ("dns.dnssec", "Zone is DNSSEC-signed", "dns"), ("tls.expiry", "Certificate valid for 30+ days", "tls"),
        ("tls.chain", "Certificate chain validates", "tls"), ("tls.protocol", "TLS 1.2+ only", "tls"),
        ("http.hsts", "HSTS header set", "http"), ("http.redirect", "HTTP redirects to HTTPS", "http"),
        ("registration.lock", "Registrar lock enabled", "registration"),
        ("registration.expiry", "Registration valid for 60+ days", "registration"),
        ("security.headers", "Security headers present", "security"),
    ]
    static let notes = [
        "", "", "", "Client site — renew before Q3.", "Watch for MX changes after the migration.",
        "Parked; consider letting it lapse.", "Competitor. Track launches.", "Main marketing domain.",
    ]
    static let tags = [
        "client", "personal", "competitor", "parked", "production", "staging", "email", "renewal", "VIP",
    ]
}

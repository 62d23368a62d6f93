/// The DNS record types DomainDig looks up.
public enum DNSRecordType: String, LenientEnum {
    case a = "A"
    case aaaa = "AAAA"
    case cname = "CNAME"
    case mx = "MX"
    case ns = "NS"
    case txt = "TXT"
    case soa = "SOA"
    case caa = "CAA"
    case srv = "SRV"
    case ptr = "PTR"

    /// Unknown types read as TXT: shown as opaque text, never interpreted as an address.
    public static let fallback = DNSRecordType.txt
}

import Foundation

// List rules several records share in decoding and merging.

/// `first`, then the elements of `second` not in it, in order.
func union<Element: Hashable>(_ first: [Element], _ second: [Element]) -> [Element] {
    var seen = Set(first)
    return first + second.filter { seen.insert($0).inserted }
}

/// The domains of `first`, then those of `second`, in canonical form and each once, as
/// decoding gives a domain list (`RecordReader.domainList`). Decoding also leaves out what is
/// not a domain name, and says so; a merge has nowhere to say it, so it keeps them.
func domainUnion(_ first: [String], _ second: [String]) -> [String] {
    var seen = Set<String>()
    return (first + second).map(DomainName.canonical).filter { seen.insert($0).inserted }
}

/// Texts trimmed, without empties and case-insensitive duplicates, first spelling kept.
func distinctTrimmed(_ texts: [String]) -> [String] {
    var seen = Set<String>()
    return texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter {
        !$0.isEmpty && seen.insert($0.lowercased()).inserted
    }
}

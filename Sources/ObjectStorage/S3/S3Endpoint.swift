import Foundation

/// Where requests go: AWS's S3 endpoint for a region, or an S3-compatible store's URL
/// (MinIO, Ceph, R2, B2, Wasabi, moto), and how a bucket is addressed on it.
public struct S3Endpoint: Sendable, Equatable, CustomStringConvertible {
    /// Path style puts the bucket in the path (`https://host/bucket/key`), virtual-hosted style
    /// in the host name (`https://bucket.host/key`).
    public enum AddressingStyle: String, Sendable, Equatable {
        /// Virtual-hosted on AWS when the bucket name allows it; path style on a custom endpoint,
        /// where the bucket's host name rarely resolves.
        case auto
        case path
        case virtual

        /// Reads `s3.addressing_style` from the AWS config file.
        /// - Throws: ``ObjectStorageError/configuration(_:)`` for another value.
        init(configValue: String?) throws {
            guard let style = AddressingStyle(rawValue: configValue?.lowercased() ?? "auto") else {
                throw ObjectStorageError.configuration(
                    "s3.addressing_style must be auto, path or virtual, not \(configValue ?? "")")
            }
            self = style
        }
    }

    /// `http` or `https`.
    public var scheme: String
    public var host: String
    /// The port when the URL names one.
    public var port: Int?
    /// A path the endpoint's URL carries before the bucket (usually empty).
    public var basePath: String
    public var addressingStyle: AddressingStyle
    /// An endpoint given by URL rather than AWS's own.
    public var isCustom: Bool

    /// AWS's endpoint for `region`.
    public static func aws(region: String, addressingStyle: AddressingStyle = .auto) -> S3Endpoint {
        S3Endpoint(
            scheme: "https", host: "s3.\(region).amazonaws.com", port: nil, basePath: "",
            addressingStyle: addressingStyle, isCustom: false)
    }

    public var description: String {
        "\(scheme)://\(hostAndPort(host))\(basePath)"
    }

    /// Whether `bucket` is addressed in the path.
    public func usesPathStyle(for bucket: String) -> Bool {
        switch addressingStyle {
        case .path: return true
        case .virtual: return false
        case .auto:
            // A dot in the name breaks the wildcard certificate of a virtual host name.
            return isCustom || bucket.contains(".") || bucket != bucket.lowercased()
        }
    }

    /// The `Host` header, the URL's start, and the canonical path for an object (or the
    /// bucket itself when `key` is nil). The path is encoded once; the same text goes into
    /// the URL and the signature.
    func address(bucket: String, key: String?) -> (host: String, url: String, path: String) {
        let encodedKey = key.map { SigV4Encoding.encode($0, keepingSlashes: true) }
        let (hostName, path) =
            if usesPathStyle(for: bucket) {
                (hostAndPort(host), basePath + "/" + SigV4Encoding.encode(bucket) + (encodedKey.map { "/" + $0 } ?? ""))
            } else {
                (hostAndPort(bucket + "." + host), basePath + "/" + (encodedKey ?? ""))
            }
        return (hostName, "\(scheme)://\(hostName)\(path)", path)
    }

    private func hostAndPort(_ name: String) -> String {
        let bracketed = name.contains(":") ? "[\(name)]" : name
        guard let port, port != (scheme == "https" ? 443 : 80) else { return bracketed }
        return "\(bracketed):\(port)"
    }
}

// In an extension, so that Swift still synthesizes the memberwise init `aws(region:)` uses.
extension S3Endpoint {
    /// An endpoint URL such as `http://127.0.0.1:9000` or `https://ACCOUNT.r2.cloudflarestorage.com`.
    /// - Throws: ``ObjectStorageError/configuration(_:)`` unless it is an `http` or `https` URL
    ///   with a host and no query.
    public init(url: String, addressingStyle: AddressingStyle = .auto) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.user == nil
        else {
            throw ObjectStorageError.configuration(
                "the endpoint URL \(url) is not an http:// or https:// URL with a host name")
        }
        self.scheme = scheme
        self.host = host
        port = components.port
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
        self.addressingStyle = addressingStyle
        isCustom = true
    }
}

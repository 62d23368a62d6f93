// swift-tools-version: 6.0
// backupctl — backup and restore for the DomainDig data store.
//
// Layers, lowest first (design §2). Each C library is imported by exactly one target:
// CSQLite by DataStore; CArchive, CZstd and CZlib by BackupFormat; CCrypto (libcrypto) and
// CSodium (libsodium, for ChaCha20-Poly1305 alone) by Cryptography; CCurl by ObjectStorage;
// CMalloc (glibc's allocator settings) by backupctl; CThreadSanitizer (ThreadSanitizer's
// annotations) by Concurrency. Every thread the Swift code starts is started by Concurrency
// (libzstd starts its compression workers itself).
// Every system call goes through DurableIO (`make lint` runs .ci/check_system_calls.py).
import Foundation
import PackageDescription

let package = Package(
    name: "backupctl",
    products: [
        .executable(name: "backupctl", targets: ["backupctl"]),
        .library(name: "DataPortability", targets: ["DataPortability"]),
    ],
    targets: [
        // C libraries from Debian packages.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // Compression is ours, not libarchive's: libarchive 3.6.2 skips gzip's CRC-32 and
        // cannot write zstd's content checksum.
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Not a Debian package: glibc's <malloc.h>, part of the C library every binary links.
        .systemLibrary(name: "CMalloc"),
        // Ours, not a library: tells ThreadSanitizer about Concurrency's lock (Locked.swift).
        .target(name: "CThreadSanitizer"),

        // The record generator DomainModel's build runs (a build-tool plugin: no packages to fetch).
        .executableTarget(name: "RecordCodegen"),
        .plugin(name: "RecordCodegenPlugin", capability: .buildTool(), dependencies: ["RecordCodegen"]),

        // Foundations without domain knowledge.
        .target(name: "JSONCore"),
        .target(name: "Concurrency", dependencies: ["CThreadSanitizer"]),
        .target(name: "DurableIO"),
        .target(name: "ArgumentParsing"),
        .target(name: "Cryptography", dependencies: ["CCrypto", "CSodium"]),
        .target(name: "AgeEncryption", dependencies: ["Cryptography"]),
        .target(name: "ObjectStorage", dependencies: ["CCurl", "Cryptography", "DurableIO"]),

        // The product's layers.
        // Each record's Swift comes from its `.record` declaration (Docs/architecture.md §4).
        .target(name: "DomainModel", dependencies: ["JSONCore", "Concurrency"], plugins: ["RecordCodegenPlugin"]),
        .target(name: "DataStore", dependencies: ["DomainModel", "JSONCore", "DurableIO", "CSQLite"]),
        .target(
            name: "BackupFormat",
            dependencies: [
                "DomainModel", "JSONCore", "Concurrency", "DurableIO", "CArchive", "CZstd", "CZlib", "Cryptography",
                "AgeEncryption",
            ]),
        .target(name: "DataValidation", dependencies: ["BackupFormat", "DomainModel", "JSONCore", "Concurrency"]),
        .target(
            name: "DataMigration",
            dependencies: ["DataStore", "BackupFormat", "DomainModel", "JSONCore", "Cryptography"]),
        .target(
            name: "DataPortability",
            dependencies: [
                "DataStore", "BackupFormat", "DataValidation", "DataMigration", "ObjectStorage", "AgeEncryption",
                "Concurrency", "DomainModel", "JSONCore", "DurableIO",
            ]
        ),
        .executableTarget(
            name: "backupctl",
            dependencies: [
                "DataPortability", "DataMigration", "DataValidation", "DataStore", "BackupFormat", "DomainModel",
                "DurableIO", "JSONCore", "ArgumentParsing", "ObjectStorage", "CMalloc", "AgeEncryption", "Cryptography",
                "Concurrency",
            ]),

        // The fuzzing harnesses' entry code (Docs/reliability.md): built everywhere, so the
        // replay test runs saved inputs through it; the libFuzzer drivers are below.
        .target(
            name: "FuzzHarnesses",
            dependencies: [
                "JSONCore", "BackupFormat", "DataStore", "DataValidation", "DataMigration", "DataPortability",
                "DurableIO", "AgeEncryption", "Cryptography",
            ],
            path: "Fuzz/Harnesses"),

        // What each stage of re-encoding a stored array costs, on one thread
        // (`make bench-stages`; Docs/performance.md).
        .executableTarget(
            name: "stage-costs", dependencies: ["DomainModel", "JSONCore"], path: "Benchmarks/StageCosts"),

        // Tests.
        .target(name: "TestSupport", dependencies: ["ArgumentParsing", "Concurrency"], path: "Tests/TestSupport"),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore", "TestSupport"]),
        .testTarget(name: "ConcurrencyTests", dependencies: ["Concurrency", "TestSupport"]),
        .testTarget(name: "DurableIOTests", dependencies: ["DurableIO", "TestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing", "TestSupport"]),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography", "TestSupport"]),
        .testTarget(name: "AgeEncryptionTests", dependencies: ["AgeEncryption", "Cryptography", "TestSupport"]),
        .testTarget(name: "ObjectStorageTests", dependencies: ["ObjectStorage", "Cryptography", "TestSupport"]),
        .testTarget(name: "DomainModelTests", dependencies: ["DomainModel", "JSONCore", "TestSupport"]),
        // The wrapper's own tests use SQLite's result-code constants.
        .testTarget(
            name: "DataStoreTests", dependencies: ["DataStore", "DomainModel", "DurableIO", "CSQLite", "TestSupport"]),
        .testTarget(
            name: "BackupFormatTests",
            dependencies: [
                "BackupFormat", "AgeEncryption", "Concurrency", "Cryptography", "DomainModel", "DurableIO", "JSONCore",
                "TestSupport",
            ]),
        .testTarget(
            name: "DataValidationTests",
            dependencies: [
                "DataValidation", "BackupFormat", "Concurrency", "Cryptography", "DomainModel", "DurableIO", "JSONCore",
                "TestSupport",
            ]),
        .testTarget(
            name: "DataMigrationTests",
            dependencies: [
                "DataMigration", "DataStore", "BackupFormat", "Concurrency", "DomainModel", "JSONCore", "TestSupport",
            ]),
        .testTarget(
            name: "DataPortabilityTests",
            dependencies: [
                "DataPortability", "DataMigration", "DataValidation", "DataStore", "BackupFormat", "AgeEncryption",
                "Concurrency", "Cryptography", "DomainModel", "DurableIO", "JSONCore", "TestSupport",
            ]
        ),
        .testTarget(
            name: "backupctlTests",
            dependencies: [
                "backupctl", "ArgumentParsing", "BackupFormat", "DataPortability", "DataStore", "DataValidation",
                "DomainModel", "DurableIO", "TestSupport",
            ]),
        .testTarget(
            name: "FuzzHarnessesTests", dependencies: ["FuzzHarnesses", "AgeEncryption", "Cryptography", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer drivers, one executable per harness, exist only in the build `make fuzz`
// makes (BACKUPCTL_FUZZ=1, its own scratch path, -sanitize=fuzzer,address): they need
// libFuzzer's runtime, which only that flag links, so the normal build never sees them.
if ProcessInfo.processInfo.environment["BACKUPCTL_FUZZ"] == "1" {
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzDriver"),
    ]
    // One driver per folder under Fuzz/Drivers: adding a harness adds a folder, nothing here.
    let drivers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/Drivers")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: drivers.path))?.sorted() ?? [] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: ["FuzzHarnesses", "FuzzDriver"], path: "Fuzz/Drivers/\(name)",
                linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
    }
    // Every Swift target is instrumented for libFuzzer and AddressSanitizer, but not RecordCodegen,
    // the generator DomainModel's build runs: `-Xswiftc` would reach it too, and linked with
    // libFuzzer it does not link.
    let uninstrumented: Set = ["RecordCodegen", "CThreadSanitizer", "CLibFuzzer"]
    for target in package.targets where [.regular, .executable].contains(target.type) {
        guard !uninstrumented.contains(target.name) else { continue }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer,address"])]
    }
}

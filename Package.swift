// swift-tools-version: 6.0
// backupctl — backup and restore for the DomainDig data store.
//
// Layers, lowest first (design §2). Each C library is imported by exactly one target:
// CSQLite by DataStore, CArchive by BackupFormat, CCrypto by Cryptography, CMalloc (glibc's
// allocator settings) by backupctl.
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
        // Not a Debian package: glibc's <malloc.h>, part of the C library every binary links.
        .systemLibrary(name: "CMalloc"),

        // Foundations without domain knowledge.
        .target(name: "JSONCore"),
        .target(name: "DurableIO"),
        .target(name: "ArgumentParsing"),
        .target(name: "Cryptography", dependencies: ["CCrypto"]),
        .target(name: "AgeEncryption", dependencies: ["Cryptography"]),

        // The product's layers.
        .target(name: "DomainModel", dependencies: ["JSONCore"]),
        .target(name: "DataStore", dependencies: ["DomainModel", "DurableIO", "CSQLite"]),
        .target(
            name: "BackupFormat",
            dependencies: ["DomainModel", "DurableIO", "CArchive", "Cryptography", "AgeEncryption"]),
        .target(name: "DataValidation", dependencies: ["BackupFormat"]),
        .target(name: "DataMigration", dependencies: ["DataStore", "BackupFormat", "Cryptography"]),
        .target(
            name: "DataPortability",
            dependencies: ["DataStore", "BackupFormat", "DataValidation", "DataMigration", "AgeEncryption"]
        ),
        .executableTarget(
            name: "backupctl",
            dependencies: [
                "DataPortability", "DataMigration", "DataValidation", "DataStore", "BackupFormat", "DomainModel",
                "DurableIO", "JSONCore", "ArgumentParsing", "CMalloc", "AgeEncryption", "Cryptography",
            ]),

        // Tests.
        .target(name: "TestSupport", dependencies: ["ArgumentParsing"], path: "Tests/TestSupport"),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore", "TestSupport"]),
        .testTarget(name: "DurableIOTests", dependencies: ["DurableIO", "TestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing", "TestSupport"]),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography", "TestSupport"]),
        .testTarget(name: "AgeEncryptionTests", dependencies: ["AgeEncryption", "Cryptography", "TestSupport"]),
        .testTarget(name: "DomainModelTests", dependencies: ["DomainModel", "JSONCore", "TestSupport"]),
        // The wrapper's own tests use SQLite's result-code constants.
        .testTarget(name: "DataStoreTests", dependencies: ["DataStore", "DomainModel", "CSQLite", "TestSupport"]),
        .testTarget(
            name: "BackupFormatTests",
            dependencies: [
                "BackupFormat", "AgeEncryption", "Cryptography", "DomainModel", "DurableIO", "JSONCore", "TestSupport",
            ]),
        .testTarget(
            name: "DataValidationTests",
            dependencies: ["DataValidation", "BackupFormat", "Cryptography", "DurableIO", "JSONCore", "TestSupport"]),
        .testTarget(
            name: "DataMigrationTests",
            dependencies: ["DataMigration", "DataStore", "BackupFormat", "DomainModel", "JSONCore", "TestSupport"]),
        .testTarget(
            name: "DataPortabilityTests",
            dependencies: [
                "DataPortability", "DataMigration", "DataValidation", "DataStore", "BackupFormat", "Cryptography",
                "DomainModel", "DurableIO", "JSONCore", "TestSupport",
            ]
        ),
        .testTarget(name: "backupctlTests", dependencies: ["backupctl", "ArgumentParsing", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

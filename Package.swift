// swift-tools-version:6.0
import PackageDescription
import CompilerPluginSupport

let package = Package(
    name: "mwkit",
    platforms: [.macOS(.v15)],  // Synchronization.Atomic
    products: [
        .executable(name: "mwkit", targets: ["mwkit"]),
        .library(name: "MWFoundation", targets: ["MWFoundation"]),
        .library(name: "MWCore", targets: ["MWCore"]),
        .library(name: "MWArchive", targets: ["MWArchive"]),
        .library(name: "MWStore", targets: ["MWStore"]),
        .library(name: "MWTMDb", targets: ["MWTMDb"]),
        .library(name: "MWJobs", targets: ["MWJobs"]),
        .library(name: "MWBooks", targets: ["MWBooks"]),
        .library(name: "MWReport", targets: ["MWReport"]),
        .library(name: "MWReview", targets: ["MWReview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),  // MWMacrosPlugin
    ],
    targets: [
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        // sqlite3_config is variadic: a few lines of C set SQLite's process-wide options.
        .target(name: "CSQLiteTuning", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Shared by every format and both libraries: JSON and CSV reading, IO, diagnostics,
        // reporters, dates, paths.
        .target(name: "MWFoundation", dependencies: [
            "MWMacros", .product(name: "Crypto", package: "swift-crypto"),  // SHA-1 for StableID
        ]),
        .target(name: "MWCore", dependencies: ["MWFoundation", "MWMacros"]),
        // `@PublicMemberwiseInit`: a public struct's `public init` from its stored properties
        // (Swift synthesises only an internal one); the declaration, and the compiler plugin.
        .target(name: "MWMacros", dependencies: ["MWMacrosPlugin"]),
        .macro(name: "MWMacrosPlugin", dependencies: [
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ]),
        // BooksTrack (seeds/001): the books model and its `bookstrack-backup` format, beside MWCore;
        // its service readers use the foundation's Services/ (title folding, foreign dates, review
        // sheet, import codes, the one id maker).
        .target(name: "MWBooks", dependencies: ["MWFoundation", "MWCore"]),
        .target(name: "MWArchive", dependencies: [
            "MWCore", "CArchive",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "MWStore", dependencies: [
            "MWCore", "MWBooks", "MWMacros", "CSQLiteTuning",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),  // raw statements for bulk loads
        ]),
        .target(name: "MWTMDb", dependencies: [
            "MWCore",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The format registry (every reader and writer, one line each) and the jobs built on
        // it: load any input, write any format, restore input, hydrate setup. The CLI calls these.
        .target(name: "MWJobs", dependencies: ["MWMacros", "MWCore", "MWBooks", "MWArchive", "MWStore", "MWTMDb", "MWImport", "MWMatching"]),
        // The film/TV services (readers into a neutral, lossless intermediate, ForeignExport; their
        // writers), the library builder; MWArchive for reading export ZIPs. No TMDb client:
        // matching is behind its `TitleMatcher` protocol.
        .target(name: "MWImport", dependencies: ["MWFoundation", "MWCore", "MWArchive", "MWMacros"]),
        // Matching an import's items to TMDb IDs through the TMDb client (MWImport's `TitleMatcher`).
        .target(name: "MWMatching", dependencies: ["MWFoundation", "MWCore", "MWImport", "MWTMDb"]),
        // `mwkit report` (a library's history as one self-contained HTML page) and `mwkit review`
        // (the review file's undecided rows as a page on 127.0.0.1), docs/REPORT.md.
        .target(name: "MWReport", dependencies: ["MWCore", "MWBooks"]),
        .target(name: "MWReview", dependencies: [
            "MWFoundation", "MWImport", "MWTMDb", .product(name: "FlyingFox", package: "FlyingFox"),
        ]),
        .executableTarget(name: "mwkit", dependencies: [
            "MWCore", "MWBooks", "MWArchive", "MWStore", "MWTMDb", "MWJobs", "MWImport", "MWReport", "MWReview",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], plugins: ["BuildInfo"]),
        // The git commit for `mwkit --version`, generated before every build (Plugins/BuildInfo).
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // What the CLI tests share: finding and running the built `mwkit` binary,
        // and reading the real third-party samples with CSV.swift's reader, the reference parser,
        // so sample tests compute their expectations without mwkit's own CSV code.
        .target(name: "MWTestSupport", dependencies: [
            .product(name: "CSV", package: "CSV.swift"),
            .product(name: "PropertyBased", package: "swift-property-based"),  // seededCheck's generators
        ], path: "Tests/MWTestSupport"),
        // CSV: CSV.swift's reader, the reference the byte-level CSV parser is checked against.
        // Test targets whose tests run the `mwkit` binary (through MWTestSupport's MWKitBinary)
        // declare the executable, so it is built before them.
        .testTarget(name: "MWFoundationTests", dependencies: [
            "MWFoundation", "MWTestSupport", "MWMacros",
            .product(name: "CSV", package: "CSV.swift"),
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MWCoreTests", dependencies: ["MWTestSupport", "mwkit",
            "MWCore",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MWJobsTests", dependencies: ["MWJobs", "MWCore", "MWTMDb", "MWImport", "MWBooks", "MWFoundation"]),
        .testTarget(name: "MWImportTests", dependencies: ["MWTestSupport", "mwkit",
            "MWImport", "MWMatching", "MWFoundation", "MWArchive", "MWTMDb", "MWJobs", "MWStore", "MWCore",
            .product(name: "FlyingFox", package: "FlyingFox"),
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MWBooksTests", dependencies: ["MWTestSupport", "mwkit",
            "MWBooks", "MWFoundation", "MWJobs",  // MWJobs: the registry's book services
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MWArchiveTests", dependencies: ["MWArchive", "MWCore"]),
        .testTarget(name: "MWStoreTests", dependencies: ["MWTestSupport", "mwkit",
            "MWStore", "MWCore", "MWBooks", "MWJobs",  // MWJobs: the registry's book services
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        .testTarget(name: "MWReportTests", dependencies: ["MWReport", "MWCore", "MWBooks", "MWFoundation", "MWTestSupport"]),
        .testTarget(name: "MWReviewTests", dependencies: ["MWReview", "MWImport", "MWFoundation", "MWTMDb", "MWTestSupport"]),
        .testTarget(name: "MWTMDbTests", dependencies: [
            "MWTMDb", "MWCore",
            .product(name: "FlyingFox", package: "FlyingFox"),
        ]),
    ]
)

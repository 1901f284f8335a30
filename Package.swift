// swift-tools-version:6.0
// riffle: many paginated sources riffled into one feed, newest first.
//
// Layers, each a target, dependencies flowing downwards only:
//
//   riffle (executable: a tiny main)
//   └─ RiffleCLI (commands, options, exit codes) ─ CSQLite (the SQLite version for --version)
//        ├─ RiffleReaderStore (the reader's read marks kept in the store; riffle-bench uses it too)
//        ├─ RiffleStore (the SQLite backend, through GRDB: items, positions, read marks, feed state)
//        ├─ RiffleStoreKit (the `Store` protocol every user of the store holds, and what is built on it)
//        ├─ RiffleTerminal (reader) ─ RiffleFeed (an item's HTML read as an article for `v N`)
//        ├─ RiffleExport (JSON formats; a feed item's enclosures read back through RiffleFeed)
//        └─ RifflePlugins (manifests, plugin executables)
//             └─ RiffleSources (adapters and the one list of built-in adapters)
//                  ├─ RiffleHTTP   ─ CCurl   (libcurl, system library)
//                  ├─ RiffleConfig ─ CLibYAML (libyaml, system library)
//                  ├─ RiffleFeed   ─ CLibXML2 (libxml2: RSS, RDF, Atom and JSON Feed bodies; OPML)
//                  └─ RiffleCore   (items, paging, merge, retry policy, dates, hashes, the document
//                                   memory seam; no I/O)
//                       └─ RiffleBytes (the pointer, SIMD and SWAR code of the JSON and export path behind
//                                   safe types: JSON values, the parser, the page tape and its nodes, path
//                                   plans; the byte writer that carries its end, the growable buffer, the
//                                   JSON string scan and escaper, byte scans, base64url)
//
//   RiffleServe ─ Hummingbird, ServiceLifecycle, CZlib (zlib, system library): `riffle serve`'s routes over
//   the store (Atom, RSS, JSON Feed, health), caching, access and the refresh schedule; over RiffleStoreKit,
//   RiffleExport, RiffleConfig. The CLI hands it the store and a way to refresh one source.
//
//   RiffleCLI also imports RiffleFeed itself, for `riffle import opml` and `riffle sources --opml`.
//
//   RiffleStoreKit ─ RiffleCore: the `Store` protocol (the seam between riffle and a store backend, no
//   database types in it) and what is built on any store: recording runs, stored items as pages, the
//   feed memory, read marks' chunking. The CLI and the reader hold `any Store`.
//   RiffleStore ─ GRDB (SQLite: `SQLiteStore`, the backend of today; the only SQL in riffle)
//   ─ CSQLite (two C calls GRDB does not make: the WAL's size, no checkpoint at close)
//   ─ RiffleStoreKit, RiffleCore, RiffleSystem; the CLI opens it in one place (`Session`).
//
//   RiffleSystem ─ CRiffleSystem, RiffleCore: every system call (EINTR, threads, descriptors, spawn, clocks, signal
//   sources, terminal), written once (the wall clock as riffle's time: `Timestamp.now()`); imported by each
//   layer that does I/O, and by RiffleTestSupport. RiffleCore stays free of it (no I/O).
//
//   Tools (under Tools/): riffle-sandbox ─ RiffleSandbox (fake APIs) ─ RiffleTestSupport (its HTTP server on
//   threads of its own), RiffleCore; riffle-bench (benchmarks);
//   riffle-config-fuzz; riffle-reader-fixture (the reader over in-memory items for tmux tests);
//   riffle-store-probe (writes pages to a store, for the store's two-process and kill -9 tests);
//   RiffleTestSupport (loopback servers, sandbox harnesses, waits) for the Tests/Riffle*Tests targets.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The `riffle` executable's link on Linux: the Swift runtime and Foundation from the toolchain's static
/// libraries. The modules were compiled against the shared ones, whose link lists leave out what the
/// shared Foundation carries inside it (CoreFoundation, ICU, the collections), so those are named here.
let staticRuntime =
    ["-static-stdlib"]
    + [
        "--start-group", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims",
        "-lFoundationEssentials", "-lFoundationInternationalization", "-lFoundation", "-lstdc++", "--end-group",
    ].flatMap { ["-Xlinker", $0] }

let package = Package(
    name: "riffle",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "riffle", targets: ["riffle"]),
        .executable(name: "riffle-sandbox", targets: ["riffle-sandbox"]),
        .executable(name: "riffle-bench", targets: ["riffle-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C libraries, wrapped once at the edge.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CLibYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),

        // The system layer: a C shim for what Glibc hides, and the Swift module over it.
        .target(name: "CRiffleSystem"),
        .target(name: "RiffleSystem", dependencies: ["CRiffleSystem", "RiffleCore"], swiftSettings: strict),

        // The layers.
        .target(name: "RiffleBytes", swiftSettings: strict),
        .target(name: "RiffleCore", dependencies: ["RiffleBytes"], swiftSettings: strict),
        .target(name: "RiffleHTTP", dependencies: ["CCurl", "RiffleCore", "RiffleSystem"], swiftSettings: strict),
        .target(
            name: "RiffleConfig", dependencies: ["CLibYAML", "RiffleBytes", "RiffleCore", "RiffleSystem"],
            swiftSettings: strict),
        .target(
            name: "RiffleTerminal", dependencies: ["RiffleCore", "RiffleFeed", "RiffleSystem"], swiftSettings: strict),
        .target(
            name: "RiffleExport", dependencies: ["RiffleBytes", "RiffleCore", "RiffleFeed", "RiffleSystem"],
            swiftSettings: strict),
        .target(name: "RiffleFeed", dependencies: ["CLibXML2", "RiffleBytes", "RiffleCore"], swiftSettings: strict),
        .target(name: "RiffleStoreKit", dependencies: ["RiffleCore"], swiftSettings: strict),
        .target(
            name: "RiffleStore",
            dependencies: [
                "CSQLite", "RiffleBytes", "RiffleCore", "RiffleStoreKit", "RiffleSystem",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .target(
            name: "RiffleSources",
            dependencies: ["RiffleBytes", "RiffleCore", "RiffleHTTP", "RiffleConfig", "RiffleFeed", "RiffleSystem"],
            swiftSettings: strict),
        .target(
            name: "RifflePlugins",
            dependencies: ["RiffleBytes", "RiffleCore", "RiffleConfig", "RiffleSources", "RiffleHTTP", "RiffleSystem"],
            swiftSettings: strict),

        // `riffle serve`'s HTTP side: the routes over the store, caching, access, and the refresh schedule.
        .target(
            name: "RiffleServe",
            dependencies: [
                "CZlib", "RiffleBytes", "RiffleCore", "RiffleConfig", "RiffleExport", "RiffleStoreKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(
            name: "RiffleReaderStore", dependencies: ["RiffleCore", "RiffleStoreKit", "RiffleTerminal"],
            swiftSettings: strict),
        .target(
            name: "RiffleCLI",
            dependencies: [
                "RiffleBytes", "RiffleCore", "RiffleHTTP", "RiffleConfig", "RiffleSources", "RifflePlugins",
                "RiffleTerminal", "RiffleExport", "RiffleStore", "RiffleStoreKit", "RiffleReaderStore", "RiffleSystem",
                "RiffleFeed", "RiffleServe",
                "CSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),

        // Executables.
        // Linked with the Swift runtime and Foundation (which GRDB and the argument parser bring) statically on
        // Linux: the dynamic loader then resolves a few system libraries instead of the toolchain's dozen,
        // which was most of riffle's start-up (and of the offline first screen), and the installed binary
        // needs no Swift toolchain beside it.
        .executableTarget(
            name: "riffle", dependencies: ["RiffleCLI"], swiftSettings: strict,
            linkerSettings: [.unsafeFlags(staticRuntime, .when(platforms: [.linux]))]),
        // Tools, apart from the product (as swift-argument-parser keeps its Examples/): the sandbox of fake
        // APIs, the benchmarks, the config fuzzer, the fixture programs the tests drive, and the test support
        // library. Nothing under Sources/ depends on them.
        .target(
            name: "RiffleSandbox",
            dependencies: [
                "RiffleBytes", "RiffleCore", "RiffleTestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            path: "Tools/RiffleSandbox", swiftSettings: strict),
        .executableTarget(
            name: "riffle-sandbox", dependencies: ["RiffleSandbox"], path: "Tools/riffle-sandbox",
            swiftSettings: strict),
        .executableTarget(
            name: "riffle-bench",
            dependencies: [
                "RiffleBytes", "RiffleCore", "RiffleHTTP", "RiffleConfig", "RiffleSources", "RiffleTerminal",
                "RiffleExport",
                "RiffleTestSupport", "RiffleSandbox", "RiffleFeed", "RiffleStore", "RiffleStoreKit", "RiffleSystem",
                "RiffleReaderStore",
            ],
            path: "Tools/riffle-bench", swiftSettings: strict),
        .executableTarget(
            name: "riffle-reader-fixture",
            dependencies: ["RiffleBytes", "RiffleCore", "RiffleTerminal", "RiffleTestSupport"],
            path: "Tools/riffle-reader-fixture", swiftSettings: strict),
        .executableTarget(
            name: "riffle-config-fuzz", dependencies: ["RiffleConfig", "RiffleCore", "RiffleSources"],
            path: "Tools/riffle-config-fuzz", swiftSettings: strict),
        .executableTarget(
            name: "riffle-store-probe", dependencies: ["RiffleCore", "RiffleStore", "RiffleStoreKit"],
            path: "Tools/riffle-store-probe",
            swiftSettings: strict),
        .target(
            name: "RiffleTestSupport",
            dependencies: [
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
                "RiffleBytes", "RiffleCore", "RiffleSystem",
            ],
            path: "Tools/RiffleTestSupport", swiftSettings: strict),

        // Tests: unit tests per layer; the sandbox's own tests; and, run after them (see the Makefile), the
        // end-to-end tests that run the built binaries, in a pseudo-terminal (tmux) or beside a sandbox.
        .testTarget(
            name: "RiffleBytesTests", dependencies: ["RiffleBytes", "RiffleCore", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "RiffleSystemTests", dependencies: ["RiffleSystem", "RiffleCore"], swiftSettings: strict),
        .testTarget(
            name: "RiffleCoreTests", dependencies: ["RiffleBytes", "RiffleCore", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleHTTPTests", dependencies: ["RiffleHTTP", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleConfigTests", dependencies: ["RiffleBytes", "RiffleConfig", "RiffleSources"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleSourcesTests",
            dependencies: [
                "RiffleBytes", "RiffleSources", "RiffleSandbox", "RiffleTestSupport",
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "RifflePluginsTests", dependencies: ["RifflePlugins", "RiffleSandbox", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleTerminalTests",
            dependencies: ["RiffleBytes", "RiffleFeed", "RiffleTerminal", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleExportTests", dependencies: ["RiffleBytes", "RiffleExport", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleFeedTests", dependencies: ["RiffleBytes", "RiffleFeed", "RiffleCore", "RiffleTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleStoreTests",
            dependencies: [
                "RiffleBytes", "RiffleCore", "RiffleExport", "RiffleStore", "RiffleStoreKit", "RiffleTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleCLITests",
            dependencies: [
                "RiffleCLI", "RiffleCore", "RiffleExport", "RiffleFeed", "RiffleConfig", "RiffleSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleServeTests",
            dependencies: ["RiffleServe", "RiffleCore", "RiffleConfig", "RiffleFeed", "RiffleStore", "RiffleStoreKit"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleSandboxTests",
            dependencies: [
                "RiffleBytes", "RiffleSandbox", "RiffleCore", "RiffleTestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleTerminalEndToEndTests",
            dependencies: ["RiffleTerminal", "RiffleTestSupport", "RiffleSandbox"],
            swiftSettings: strict),
        .testTarget(
            name: "RiffleEndToEndTests",
            dependencies: ["RiffleBytes", "RiffleSandbox", "RiffleTestSupport"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

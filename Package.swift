// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "appsim",
    // Linux only (libmicrohttpd's epoll, Glibc): no `platforms` entry, as no other platform is built or tested.
    products: [
        .executable(name: "appsim", targets: ["appsim"]),
        // The Swift client for integration tests and scripts on other machines; it depends on nothing of the server's.
        .library(name: "AppSimClient", targets: ["AppSimClient"]),
    ],
    // Exact versions: Package.resolved is not committed, so these lines alone decide what every build (the
    // container image's included) gets; neither has dependencies of its own.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // JSON documents and their text: domain data to the Core, a record format to the Store, the wire to the API.
        .target(name: "AppSimJSON"),
        .target(name: "AppSimCore", dependencies: ["AppSimJSON"]),
        .target(name: "AppSimStore", dependencies: ["AppSimCore", "AppSimJSON", "CSQLite"]),
        .target(name: "AppSimHTTP", dependencies: ["CMicroHTTPD"]),
        .target(
            name: "AppSimAPI",
            dependencies: [
                "AppSimCore", "AppSimJSON", "AppSimStore", "AppSimHTTP",
                .product(name: "Logging", package: "swift-log"),
            ],
            // A link to the top-level openapi.yaml: GET /openapi.yaml serves its bytes, embedded at build time; so are
            // the dashboard's files, served at / and /ui/ (Dashboard.swift).
            resources: [.embedInCode("openapi.yaml"), .embedInCode("Dashboard")]
        ),
        .target(name: "AppSimClient"),
        .executableTarget(
            name: "appsim",
            dependencies: [
                "AppSimAPI",
                "AppSimClient",
                "AppSimCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fully populated Core values are the fixtures of the store's and the API's round trips alike.
        .target(name: "AppSimTestSupport", dependencies: ["AppSimCore", "AppSimJSON"], path: "Tests/AppSimTestSupport"),
        .testTarget(name: "AppSimJSONTests", dependencies: ["AppSimJSON"]),
        .testTarget(name: "AppSimCoreTests", dependencies: ["AppSimCore", "AppSimJSON"]),
        .testTarget(name: "AppSimStoreTests", dependencies: ["AppSimStore", "AppSimJSON", "AppSimTestSupport"]),
        .testTarget(name: "AppSimHTTPTests", dependencies: ["AppSimHTTP", "AppSimTestSupport"]),
        .testTarget(
            name: "AppSimAPITests",
            dependencies: ["AppSimAPI", "AppSimJSON", "AppSimTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "AppSimClientTests",
            dependencies: ["AppSimClient", "AppSimAPI", "AppSimCore", "AppSimStore", "AppSimTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // The README's example of an integration test against a remote appsim: it needs AppSimClient alone.
        .testTarget(name: "RemoteAppSimExample", dependencies: ["AppSimClient"], path: "Examples/RemoteAppSimExample"),
    ],
    swiftLanguageModes: [.v6]
)

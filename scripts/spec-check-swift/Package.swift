// swift-tools-version: 6.0
// The client that swift-openapi-generator makes of openapi.yaml (types and client), compiled by scripts/spec-check
// to prove the spec generates Swift that builds. Sources/AppSimOpenAPI/openapi.yaml links to the repository's.
import PackageDescription

let package = Package(
    name: "spec-check-swift",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        .target(
            name: "AppSimOpenAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
    ]
)

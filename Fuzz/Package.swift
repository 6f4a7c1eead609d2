// swift-tools-version: 6.1
// libFuzzer binaries over Scry's fuzz entry points (Sources/ScryFuzzing in the parent package).
// Built by scripts/fuzz with -sanitize=fuzzer,address; not part of the main build.
import PackageDescription

let package = Package(
    name: "ScryFuzz",
    dependencies: [.package(name: "Scry", path: "..")],
    targets: [
        .executableTarget(
            name: "scry-fuzz",
            dependencies: [.product(name: "ScryFuzzing", package: "Scry")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    ]
)

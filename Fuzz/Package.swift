// swift-tools-version:6.2
// Coverage-guided fuzz targets (libFuzzer) for Typeset's entry points. Not
// part of the library: build and run them with scripts/fuzz-coverage, which
// passes --sanitize=fuzzer. Each target defines LLVMFuzzerTestOneInput, so it
// is compiled as a library file (-parse-as-library) and libFuzzer supplies main.
import PackageDescription

let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "TypesetFuzz",
    dependencies: [.package(name: "Typeset", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "Typeset", package: "Typeset")]),
        .executableTarget(
            name: "FuzzText",
            dependencies: ["FuzzSupport", .product(name: "Typeset", package: "Typeset")],
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "FuzzEntities",
            dependencies: [.product(name: "TypesetEntities", package: "Typeset")],
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "FuzzCells",
            dependencies: ["FuzzSupport", .product(name: "TypesetCells", package: "Typeset")],
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "FuzzRequests",
            dependencies: [
                "FuzzSupport", .product(name: "Typeset", package: "Typeset"),
                .product(name: "TypesetBatch", package: "Typeset"), .product(name: "TypesetCells", package: "Typeset"),
            ],
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "FuzzCInterface",
            dependencies: ["FuzzSupport", .product(name: "TypesetC", package: "Typeset")],
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "FuzzFonts",
            dependencies: ["FuzzSupport", .product(name: "Typeset", package: "Typeset")],
            swiftSettings: fuzzFlags),
    ]
)

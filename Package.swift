// swift-tools-version:6.2
// Typeset: text shaping and measurement for Linux.
// System libraries (HarfBuzz, FreeType, Fontconfig, ICU) come from Debian's
// -dev packages; `scripts/setup` installs them.
// Swift 6.2 or later (`@concurrent`). Linux only: no Apple platform is
// declared because none is built or tested (the code uses glibc's
// malloc_usable_size and /proc, and `Atomic` would need macOS 15).
import PackageDescription

let package = Package(
    name: "Typeset",
    products: [
        // The text engine: fonts, analysis, itemization, shaping, layout.
        .library(name: "Typeset", targets: ["Typeset"]),
        // Hashtags, mentions, cashtags and URLs, and styling layouts by them.
        .library(name: "TypesetEntities", targets: ["TypesetEntities"]),
        // List cells: templates, cell layout, caches, concurrent layout of many cells.
        .library(name: "TypesetCells", targets: ["TypesetCells"]),
        // The measure tool's JSON Lines protocols (batch, entities, cell), in process.
        .library(name: "TypesetBatch", targets: ["TypesetBatch"]),
        // The bundled Noto fonts as a resource, and `FontCollection.bundled()`,
        // which finds them at run time (optional: an app with its own fonts
        // depends on Typeset alone and gets none of them).
        .library(name: "TypesetFonts", targets: ["TypesetFonts"]),
        // libtypeset: the C interface (include/typeset.h) every other language binds to.
        .library(name: "typeset", type: .dynamic, targets: ["TypesetC"]),
        // Its objects as an archive; scripts/install merges the Swift runtime into it (libtypeset.a).
        .library(name: "typeset-objects", type: .static, targets: ["TypesetC"]),
        // The same entry points for Swift packages that call them directly (the fuzz targets).
        .library(name: "TypesetC", targets: ["TypesetC"]),
        .executable(name: "measure", targets: ["measure"]),
        .executable(name: "typeset-bench", targets: ["TypesetBenchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // ICU behind our own C functions: Foundation on Linux ships its own ICU
        // headers, so a Swift module must never see the system's.
        .target(
            name: "CUnicode",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // CPU cache hints for the hot paths (prefetches, one that reads a racing slot).
        .target(name: "CPrefetch"),
        .target(
            name: "Typeset",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "CUnicode", "CPrefetch"]),
        .target(
            name: "TypesetEntities",
            dependencies: ["Typeset"]),
        .target(
            name: "TypesetCells",
            dependencies: ["Typeset", "TypesetEntities"]),
        .target(
            name: "TypesetBatch",
            dependencies: ["Typeset", "TypesetEntities", "TypesetCells"]),
        // fonts/ is the target: its fonts and licences are copied beside
        // every executable that depends on it (a resource must lie inside
        // its target, and the corpus, tests and scripts read fonts/ in place).
        .target(
            name: "TypesetFonts",
            dependencies: ["Typeset"],
            path: "fonts",
            sources: ["BundledFonts.swift"],
            resources: [
                .copy("NotoSans-Regular.ttf"), .copy("NotoSans-Bold.ttf"), .copy("NotoSans-Italic.ttf"),
                .copy("NotoSans-BoldItalic.ttf"), .copy("NotoSansArabic-Regular.ttf"),
                .copy("NotoSansHebrew-Regular.ttf"), .copy("NotoSansDevanagari-Regular.ttf"),
                .copy("NotoSansThai-Regular.ttf"), .copy("NotoSansCJKjp-Regular.otf"), .copy("NotoColorEmoji.ttf"),
                .copy("OFL.txt"), .copy("Apache-2.0.txt"), .copy("README.md"),
            ]),
        // The C interface: its header, the thread's last error and the library's location.
        .target(name: "CTypeset", linkerSettings: [.linkedLibrary("dl")]),
        // The C interface's entry points (`ts_*`, `@_cdecl`), checking every argument at the edge.
        .target(
            name: "TypesetC",
            dependencies: ["CTypeset", "Typeset", "TypesetEntities", "TypesetBatch", "TypesetFonts"]),
        .executableTarget(
            name: "measure",
            dependencies: [
                "Typeset", "TypesetEntities", "TypesetCells", "TypesetBatch", "TypesetFonts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "TypesetBenchmark",
            dependencies: ["Typeset", "TypesetEntities", "TypesetCells", "TypesetBatch", "TypesetC", "CTypeset"],
            path: "Benchmarks/TypesetBenchmark"),
        .target(
            name: "TypesetTestSupport",
            dependencies: ["Typeset"],
            path: "Tests/TypesetTestSupport"),
        .testTarget(
            name: "TypesetTests",
            dependencies: ["Typeset", "TypesetTestSupport"],
            // Web fonts and their CSS, read in place (scripts/make-webfont-fixtures).
            exclude: ["Fonts/WebFonts"]),
        .testTarget(
            name: "TypesetEntitiesTests",
            dependencies: ["Typeset", "TypesetEntities", "TypesetTestSupport"]),
        .testTarget(
            name: "TypesetCellsTests",
            dependencies: ["Typeset", "TypesetEntities", "TypesetCells", "TypesetTestSupport"]),
        .testTarget(
            name: "CorpusTests",
            dependencies: ["Typeset", "TypesetCells", "TypesetBatch", "TypesetTestSupport"]),
        .testTarget(
            name: "TypesetFontsTests",
            dependencies: ["Typeset", "TypesetFonts", "TypesetTestSupport"]),
        .testTarget(
            name: "MeasureCLITests",
            dependencies: ["Typeset", "TypesetEntities", "TypesetCells", "TypesetBatch", "TypesetTestSupport"]),
    ]
)

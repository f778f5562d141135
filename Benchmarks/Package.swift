// swift-tools-version: 6.1
// OpenTextKit's benchmarks: a package of its own, so that the main package's `swift test` never
// builds them or resolves their dependencies (STACK-NOTES §5). Tools 6.1 for package traits.
//
//   bench            the comparison suite: OpenTextKit beside Pango and a HarfBuzz floor, as a
//                    table (plain Swift, release build; `Benchmarks/run` builds and runs it)
//   PangoPeer        C: the Pango peer (one PangoLayout per paragraph)
//   HarfBuzzFloor    C: itemize + hb_shape every paragraph once, no line breaking, no caching
//   LibXML2Floor     C: libxml2's bare HTML parse (htmlReadMemory + xmlFreeDoc), the HTML import row's floor
//   TextKitMicro     ordo-one micro-benchmarks (`swift package benchmark`)
//   SpellBench       UITextChecker's checking and completion speed (`swift run -c release SpellBench`)
//   DetectBench      NSDataDetector over 1 MB (`swift run -c release DetectBench`)
//   BreakingBench    total-fit (Knuth–Plass) line breaking beside greedy on W1, as ratios
//   ExclusionBench   10 KB laid out around 100,000 exclusion rectangles: ms per line and per fragment
//   MemoryPeaks      peak memory of a large edit and of two widths (scripts/memory-check.sh runs it)
//   HitTestBench     hit testing and carets on lines of 10,000–20,000 characters, beside Pango's
import PackageDescription

let package = Package(
    name: "OpenTextKitBenchmarks",
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which differs
        // between clones (main, a worktree, CI).
        .package(name: "OpenTextKit", path: ".."),
        // Naming the MallocInterposer trait drops the default RuntimeInterposer trait, whose
        // package is not available offline (STACK-NOTES §5).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "bench",
            dependencies: ["PeerSupport", "BackedStorage", .product(name: "OpenTextKit", package: "OpenTextKit")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // The peers, in C against Debian's libraries. SwiftPM builds them with the same
        // `swift build -c release` as `bench`, which finds them beside its own executable.
        .systemLibrary(name: "BenchPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "BenchHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "BenchICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "BenchFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "BenchLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "PeerSupport"),
        .executableTarget(name: "PangoPeer", dependencies: ["PeerSupport", "BenchPangoCairo", "BenchHarfBuzz"]),
        .executableTarget(
            name: "HarfBuzzFloor",
            dependencies: ["PeerSupport", "BenchHarfBuzz", "BenchICU", "BenchFontconfig"]
        ),
        // The HTML import row's floor: libxml2's bare parse (htmlReadMemory + xmlFreeDoc) of the same file.
        .executableTarget(name: "LibXML2Floor", dependencies: ["PeerSupport", "BenchLibXML2"]),

        // UITextChecker: words checked per second and completion times (`swift run -c release SpellBench`).
        .executableTarget(name: "SpellBench", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),

        // NSDataDetector over 1 MB of prose and of link-dense text (`swift run -c release DetectBench`).
        .executableTarget(name: "DetectBench", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),
        .target(name: "BackedStorage", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),
        .executableTarget(name: "FirstKeystroke", dependencies: ["BackedStorage", .product(name: "OpenTextKit", package: "OpenTextKit")]),

        // Total-fit line breaking beside greedy on W1 (`swift build -c release --product BreakingBench`).
        .executableTarget(name: "BreakingBench", dependencies: ["PeerSupport", .product(name: "OpenTextKit", package: "OpenTextKit")],
                          swiftSettings: [.swiftLanguageMode(.v6)]),

        // Layout around 100,000 exclusion paths (`swift build -c release --product ExclusionBench`).
        .executableTarget(name: "ExclusionBench", dependencies: ["PeerSupport", .product(name: "OpenTextKit", package: "OpenTextKit")],
                          swiftSettings: [.swiftLanguageMode(.v6)]),

        // Each paragraph's line starts as OpenTextKit breaks them (for `compare-breaks`).
        // Full layout of one file from an empty cache, for perf and callgrind (W1, W2).
        .executableTarget(name: "LayoutProfile", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),

        // Hit testing and carets on long lines, beside Pango's in the same process
        // (`swift build -c release --product HitTestBench`).
        .target(name: "HitTestPango", dependencies: ["BenchPangoCairo"]),
        .executableTarget(name: "HitTestBench",
                          dependencies: ["PeerSupport", "HitTestPango", .product(name: "OpenTextKit", package: "OpenTextKit")],
                          swiftSettings: [.swiftLanguageMode(.v6)]),

        // Peak memory of an edit of a large document and of two widths (`scripts/memory-check.sh`).
        .executableTarget(name: "MemoryPeaks", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),

        // The window benchmark's single-line file in a text view without a window: open, keystrokes,
        // Page Down, undo, each with its drawing (`swift build -c release --product LongLineEdit`).
        .executableTarget(name: "LongLineEdit", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),

        .executableTarget(name: "BreakDump", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),

        // One HTML file imported as an attributed string, for callgrind and for comparing two
        // builds' results (the html-import rows).
        .executableTarget(name: "HTMLImportProfile", dependencies: [.product(name: "OpenTextKit", package: "OpenTextKit")]),

        .testTarget(name: "BenchTests", dependencies: ["bench"]),

        // Micro-benchmarks of the library's own pieces (ordo-one/benchmark's plugin).
        .executableTarget(
            name: "TextKitMicro",
            dependencies: [
                .product(name: "OpenTextKit", package: "OpenTextKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TextKitMicro",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

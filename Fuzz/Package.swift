// swift-tools-version: 6.0
// Fuzz targets for OpenTextKit's document readers, kept out of the main package so that its
// `swift test` never builds them. Build and run (STACK-NOTES "Sanitizers and fuzzing"), from Fuzz/:
//
//   swift build -c release --scratch-path .build-fuzz --product FuzzRTF \
//       --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
//   SWIFT_BACKTRACE=enable=no .build-fuzz/release/FuzzRTF -max_total_time=600 -timeout=5 \
//       -rss_limit_mb=2048 -print_final_stats=1 corpus/rtf ../Tests/TextKitFormatsTests/Fixtures
//
// Without -DFUZZING (a plain `swift build -c release --scratch-path .build-replay`) each target is a
// replay tool: `FuzzRTF file-or-directory…` reads each input once, checks the same invariants and
// prints the time taken (used for the 5 MB timing).
import PackageDescription

let fuzzTargets = ["FuzzRTF", "FuzzMarkdown", "FuzzPlainText", "FuzzFont", "FuzzEditing", "FuzzLayout", "FuzzDataDetector",
                   "FuzzTextView", "FuzzHTML", "FuzzArchive", "FuzzExclusion"]

let package = Package(
    name: "OpenTextKitFuzz",
    products: fuzzTargets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "OpenTextKit", path: "..")],
    targets: [.target(name: "FuzzReplay")] + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["FuzzReplay", .product(name: "OpenTextKit", package: "OpenTextKit")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)

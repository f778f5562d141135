// swift-tools-version: 6.0
// OpenTextKit: Apple's TextKit rebuilt in Swift for Linux on HarfBuzz, FreeType, fontconfig, ICU,
// libhyphen, hunspell and Cairo. The targets are the layers of ARCHITECTURE.md; a lower layer never
// imports a higher one.
import PackageDescription

/// A system library reached through `Sources/<name>/module.modulemap` and `shim.h`.
func systemLibrary(_ name: String, pkgConfig: String? = nil, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "OpenTextKit",
    products: [
        .library(name: "OpenTextKit", targets: ["OpenTextKit"]),
        // Apple's module names, so that iOS files compile with their imports as they are.
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .executable(name: "otk", targets: ["otk"]),
        // The GTK 4 window host: its own product, never part of the umbrella (a server never links GTK).
        .library(name: "TextKitGTK", targets: ["TextKitGTK"]),
        .executable(name: "TextKitDemo", targets: ["TextKitDemo"]),
    ],
    dependencies: [
        // `_RopeModule` (the text rope) is one of swift-collections' unstable modules, which may
        // change in any minor release: pinned to 1.6.x so that a fresh clone builds what was tested.
        .package(url: "https://github.com/apple/swift-collections", .upToNextMinor(from: "1.6.0")),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C libraries at the edges: module maps only, no Swift.
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"]),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"]),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: ["libfontconfig-dev"]),
        systemLibrary("CCairo", pkgConfig: "cairo-ft cairo-pdf cairo-svg cairo-png", apt: ["libcairo2-dev"]),
        systemLibrary("CICU", pkgConfig: "icu-uc", apt: ["libicu-dev"]),
        systemLibrary("CHyphen", apt: ["libhyphen-dev", "hyphen-en-us"]),  // libhyphen ships no .pc file
        systemLibrary("CHunspell", pkgConfig: "hunspell", apt: ["libhunspell-dev", "hunspell-en-us"]),
        systemLibrary("CGTK4", pkgConfig: "gtk4", apt: ["libgtk-4-dev"]),  // only TextKitGTK imports it
        systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: ["libxml2-dev"]),  // only TextKitFormats (HTML import)
        // The only place that includes ICU headers: its public header is plain C with opaque types,
        // so Swift files that import Foundation (which carries its own ICU) can use it (see Tests/OpenTextKitTests/ICUBesideFoundationTests.swift).
        .target(name: "COTKICU", dependencies: ["CICU"]),

        .target(name: "TextKitGraphics", dependencies: ["CCairo", "CFreeType"]),
        .target(name: "TextKitFonts", dependencies: ["TextKitGraphics", "CFreeType", "CFontconfig", "CHarfBuzz"]),
        .target(name: "TextKitModel", dependencies: [
            "TextKitGraphics", "TextKitFonts",
            .product(name: "_RopeModule", package: "swift-collections"),
        ]),
        .target(name: "TextKitTypesetting", dependencies: [
            "TextKitModel", "TextKitFonts", "TextKitGraphics", "COTKICU", "CHarfBuzz", "CHyphen",
        ]),
        .target(name: "TextKit", dependencies: [
            "TextKitTypesetting", "TextKitModel", "TextKitFonts", "TextKitGraphics",
        ]),
        .target(name: "TextKitEditing", dependencies: ["TextKit", "TextKitFormats", "COTKICU", "CHunspell"]),
        .target(name: "TextKitFormats", dependencies: ["TextKitModel", "TextKitFonts", "TextKitGraphics", "CLibXML2"]),
        .target(name: "OpenTextKit", dependencies: [
            "TextKitGraphics", "TextKitFonts", "TextKitModel", "TextKitTypesetting", "TextKit",
            "TextKitEditing", "TextKitFormats",
        ]),
        // Compatibility modules with Apple's names: iOS files begin `import UIKit`, `import CoreText` or
        // `import CoreGraphics`, and cross-platform files test `#if canImport(UIKit)`. Each re-exports
        // the layers Apple's module of that name covers.
        .target(name: "UIKit", dependencies: ["OpenTextKit", "_Testing_UIKit", "CoreGraphics"], path: "Sources/Compatibility/UIKit"),
        .target(name: "CoreText", dependencies: ["CoreGraphics", "TextKitFonts", "TextKitModel", "TextKitTypesetting"],
                path: "Sources/Compatibility/CoreText"),
        .target(name: "CoreGraphics", dependencies: ["TextKitGraphics", "_Testing_CoreGraphics"],
                path: "Sources/Compatibility/CoreGraphics"),
        // Empty stand-ins for Swift Testing's cross-import overlays of UIKit and CoreGraphics, which
        // exist only on Apple platforms: a test file importing Testing beside UIKit needs a module of
        // that name (see the files).
        .target(name: "_Testing_UIKit", path: "Sources/Compatibility/_Testing_UIKit"),
        .target(name: "_Testing_CoreGraphics", path: "Sources/Compatibility/_Testing_CoreGraphics"),
        .executableTarget(name: "otk", dependencies: [
            "OpenTextKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The window host, above everything else: hosts a UIView (a UITextView) in a GTK 4 widget.
        .target(name: "TextKitGTK", dependencies: ["CGTK4", "TextKitEditing", "TextKit", "TextKitFormats", "TextKitGraphics", "TextKitModel"]),
        .executableTarget(name: "TextKitDemo", dependencies: ["TextKitGTK", "OpenTextKit"]),

        // Tests, one target per layer so that each layer's tests build with only what it needs.
        // Every test target links TestFontConfig, which pins the fonts the tests see (fonts.conf).
        .target(name: "TestFontConfig", path: "Tests/TestFontConfig", exclude: ["fonts.conf"]),
        .testTarget(name: "TextKitGraphicsTests", dependencies: ["ModelTestSupport", "TestFontConfig", "TextKitGraphics"]),
        .testTarget(name: "TextKitFontsTests", dependencies: ["ModelTestSupport", "TestFontConfig", "TextKitFonts"]),
        // Shared by the model's and NSTextStorage's randomized tests: seeded edits and a reference model.
        .target(name: "ModelTestSupport", dependencies: ["TextKitModel"], path: "Tests/ModelTestSupport"),
        .testTarget(name: "TextKitModelTests", dependencies: ["TestFontConfig", "TextKitModel", "ModelTestSupport"]),
        .testTarget(name: "TextKitTypesettingTests", dependencies: ["TestFontConfig", "TextKitTypesetting", "COTKICU", "ModelTestSupport"]),
        .testTarget(name: "TextKitTests", dependencies: ["TestFontConfig", "TextKit", "ModelTestSupport"]),
        .testTarget(name: "TextKitEditingTests", dependencies: ["TestFontConfig", "TextKitEditing", "ModelTestSupport"]),
        .testTarget(name: "TextKitFormatsTests", dependencies: ["TestFontConfig", "TextKitFormats", "TextKit", "ModelTestSupport", "CLibXML2"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "OpenTextKitTests", dependencies: ["TestFontConfig", "OpenTextKit", "COTKICU"]),
        // Client files written the way iOS developers write TextKit and Core Text code: each imports
        // Foundation beside OpenTextKit and compiles with no other change.
        // (It depends on UIKit too only so that the module is built before LanguageModeTests type-checks
        // a client file against it.)
        .testTarget(name: "PortingTests", dependencies: ["TestFontConfig", "OpenTextKit", "UIKit"]),
        // The same in Swift 5 mode, importing UIKit, CoreText and CoreGraphics as iOS files do: code
        // that reads a view from a nonisolated helper compiles, as against UIKit (whose views are
        // imported with preconcurrency isolation). Real open-source iOS files (each with its licence,
        // origin and the Linux-forced edits as a patch) and the drivers that check their behaviour.
        .testTarget(name: "GauntletTests", dependencies: ["TestFontConfig", "UIKit", "CoreText", "CoreGraphics"],
                    exclude: ["Upstream"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The DocC articles' code (quoted from these files, checked by ArticleSnippetTests) and the
        // check that every public declaration has a doc comment.
        .testTarget(name: "DocumentationTests", dependencies: ["TestFontConfig", "OpenTextKit"]),
        // The fuzzers' findings (Fuzz/Regressions) replayed through their targets' checks: the
        // targets' files are linked in (Targets/), compiled without their entry points.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["TestFontConfig", "OpenTextKit"],
                    swiftSettings: [.define("FUZZ_REGRESSION_TESTS")]),
        // Unit tests of otk's parsers, and tests that run the built otk binary on real inputs.
        .testTarget(name: "OTKCommandTests", dependencies: ["TestFontConfig", "otk"]),
        // The GTK host's key map, and a real window: TextKitDemo run under Xvfb, typed into with xdotool.
        .testTarget(name: "TextKitGTKTests", dependencies: ["TestFontConfig", "TextKitGTK", "TextKitDemo"]),
    ]
)

import Foundation
import Testing

// UIKit's views are imported into Swift with preconcurrency isolation: Swift 5 code that reads a
// view from a nonisolated helper compiles without a word, and Swift 6 code is told. OpenTextKit's
// views are `@preconcurrency @MainActor`, so the same holds here. These tests type-check one client
// file against the built modules in both language modes (GauntletTests compiles real Swift 5
// files; this shows the diagnostics).

@Suite("Language modes: a nonisolated helper that reads a view")
struct LanguageModeTests {
    static let client = """
        import UIKit
        func labelHeight(_ label: UILabel, width: CGFloat) -> CGFloat {
            label.numberOfLines = 0
            return label.sizeThatFits(CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)).height
        }
        func currentText(of textView: UITextView) -> String { textView.text }
        """

    @Test("Swift 5 mode: compiles with no diagnostic, as against UIKit")
    func swift5() throws {
        let result = try typeCheck(Self.client, languageMode: "5")
        #expect(result.status == 0)
        #expect(!result.output.contains("error:"))
        #expect(!result.output.contains("main actor-isolated"))
    }

    @Test("Swift 6 mode: each read of a view from a nonisolated function is diagnosed")
    func swift6() throws {
        let result = try typeCheck(Self.client, languageMode: "6")
        let isolation = result.output.components(separatedBy: "\n").filter {
            $0.contains(": warning: main actor-isolated") || $0.contains(": error: main actor-isolated")
                || $0.contains(": warning: call to main actor-isolated") || $0.contains(": error: call to main actor-isolated")
        }
        // numberOfLines, sizeThatFits and text: three reads from outside the main actor.
        #expect(isolation.count >= 3, "\(result.output)")
    }

    @Test("Beside Foundation, `import CoreText` and `import UIKit` each bind NSAttributedString to OpenTextKit's")
    func modulesBesideFoundation() throws {
        for module in ["CoreText", "UIKit", "CoreGraphics"] {
            let text = module == "CoreGraphics" ? "let size = CGSize(width: 1, height: 2); _ = CGContext.self" : """
                let string = NSAttributedString(string: "x", attributes: [.kern: 1])
                let line = CTLineCreateWithAttributedString(string as CFAttributedString)
                _ = CTLineGetGlyphCount(line)
                """
            let result = try typeCheck("import Foundation\nimport \(module)\nfunc client() {\n\(text)\n}\n", languageMode: "5")
            #expect(!result.output.contains("error:"), "\(module): \(result.output)")
        }
    }

    /// Errors a real iOS file meets in Swift 6 mode whatever it is compiled against: the language
    /// mode's own rules, which UIKit's files would meet too.
    static let swift6LanguageRules = ["[#MutableGlobalVariable]"]

    @Test("Swift 6 mode: the gauntlet's real iOS files type-check with no error but the language mode's own rules")
    func gauntletInSwift6() throws {
        let gauntlet = Self.root.appendingPathComponent("Tests/GauntletTests")
        let ported = gauntlet.appendingPathComponent("Ported")
        let entries = try FileManager.default.contentsOfDirectory(atPath: ported.path).sorted()
        #expect(entries.count >= 10)
        for entry in entries {
            let directory = ported.appendingPathComponent(entry)
            var files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".swift") }.map { directory.appendingPathComponent($0) }
            // What a file takes from siblings of its repository that were not collected.
            let support = gauntlet.appendingPathComponent("Drivers/Support/\(entry)+Siblings.swift")
            if FileManager.default.fileExists(atPath: support.path) { files.append(support) }
            let result = try typeCheck(files: files, languageMode: "6")
            let errors = result.output.components(separatedBy: "\n").filter { $0.contains(": error:") }
                .filter { line in !Self.swift6LanguageRules.contains { line.contains($0) } }
            #expect(errors.isEmpty, "\(entry): \(errors.joined(separator: "\n"))")
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Type-checks `source` against this package's built modules with `swiftc`.
    func typeCheck(_ source: String, languageMode: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-language-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Client.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try typeCheck(files: [file], languageMode: languageMode)
    }

    /// Type-checks `files` (one module) against this package's built modules with `swiftc`.
    func typeCheck(files: [URL], languageMode: String) throws -> (status: Int32, output: String) {
        let root = Self.root
        let build = root.appendingPathComponent(".build/debug")
        var arguments = ["swiftc", "-typecheck", "-swift-version", languageMode, "-I", build.appendingPathComponent("Modules").path]
        // The C modules the Swift modules import: the package's module maps and the headers' directories.
        let sources = root.appendingPathComponent("Sources")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) where name.hasPrefix("C") {
            let map = sources.appendingPathComponent(name).appendingPathComponent("module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
        }
        arguments += ["-Xcc", "-fmodule-map-file=\(build.appendingPathComponent("COTKICU.build/module.modulemap").path)"]
        // The system libraries' header directories, from the pkg-config names Package.swift gives them.
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let packages = manifest.matches(of: /pkgConfig: "([^"]+)"/).flatMap { $0.1.split(separator: " ").map(String.init) }
        let includes = try run(["pkg-config", "--cflags-only-I"] + packages).output
        for flag in includes.split(whereSeparator: \.isWhitespace) { arguments += ["-Xcc", String(flag)] }
        arguments += files.map(\.path)
        return try run(arguments)
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

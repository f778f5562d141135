import ModelTestSupport
import Foundation
import TestFontConfig
import Testing
@testable import TextKitFonts

@Suite("Validating font files without keeping them")
struct FontValidationTests {
    @Test("A good font validates: every glyph read, outlines for the letters, nothing cached")
    func goodFont() throws {
        let result = try FontFace.validate(url: TestFonts.dejaVuSans)
        #expect(result.fullName == "DejaVu Sans")
        #expect(result.unitsPerEm == 2048)
        #expect(result.outlinedGlyphs > 3000)
        let copy = URL(fileURLWithPath: NSTemporaryDirectory() + "otk-validate-\(UUID().uuidString).ttf")
        try FileManager.default.copyItem(at: TestFonts.dejaVuSans, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        _ = try FontFace.validate(url: copy)
        #expect(FontFace.loaded(at: FaceLocation(path: copy.standardizedFileURL.path, index: 0)) == nil)
    }

    @Test("Truncated and corrupted fonts either load as far as they read or throw, and never trap")
    func damagedFonts() throws {
        let original = try Data(contentsOf: TestFonts.dejaVuSans)
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "otk-validate-\(UUID().uuidString).ttf")
        defer { try? FileManager.default.removeItem(at: url) }
        var generator = SeededGenerator.forTest()
        var thrown = 0
        for cut in [0, 12, 100, 1_000, 20_000, original.count / 2, original.count - 1] {
            try original.prefix(cut).write(to: url)
            do { _ = try FontFace.validate(url: url, glyphLimit: 256) } catch { thrown += 1 }
        }
        #expect(thrown >= 3)  // the empty, 12-byte and 100-byte files are no fonts
        for _ in 0..<20 {
            var bytes = [UInt8](original)
            for _ in 0..<64 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: url)
            _ = try? FontFace.validate(url: url, glyphLimit: 256)
        }
    }
}

@Suite("The fonts the tests see")
struct PinnedTestFontsTests {
    @Test("Tests run with the pinned configuration: only fonts of the packages setup installs")
    func pinned() throws {
        guard ProcessInfo.processInfo.environment["OTK_TEST_SYSTEM_FONTS"] == nil else { return }
        let file = try #require(otk_test_fontconfig_file().map { String(cString: $0) })
        #expect(file.hasSuffix("Tests/TestFontConfig/fonts.conf"))
        let directories = ["/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/truetype/noto/",
                           "/usr/share/fonts/opentype/noto/", "/usr/share/fonts/opentype/linux-libertine/",
                           "/usr/share/fonts/truetype/liberation2/", "/usr/share/fonts/opentype/urw-base35/"]
        let faces = FontCollection.installed.faces
        #expect(faces.count > 50)
        // (Fonts other tests register for the process live in the temporary directory, or, made
        // from data, behind a descriptor.)
        let outside = faces.filter { face in
            !directories.contains { face.url.path.hasPrefix($0) } && !face.url.path.hasPrefix(NSTemporaryDirectory())
                && !face.url.path.hasPrefix("/proc/self/fd/")
        }
        #expect(outside.isEmpty, "\(outside.map(\.url.path))")
    }
}

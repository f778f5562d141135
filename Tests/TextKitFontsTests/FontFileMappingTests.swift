import Foundation
import Testing
@testable import TextKitFonts
import TextKitGraphics

/// A font file is mapped into memory once for FreeType, Cairo and HarfBuzz (`FontFileMapping`).
@Suite("Font files mapped once")
struct FontFileMappingTests {
    /// The mappings of `path` in this process.
    static func mappings(of path: String) throws -> Int {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        return maps.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
    }

    @Test("A face loaded and shaped with, measured and drawn maps its file once, and lets it go with its last user")
    func oneMappingPerFace() throws {
        // A copy under a name of its own, so that no other test maps the same file.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-mapping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("DejaVuSans.ttf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), to: copy)

        do {
            let face = try FontFace(url: copy, faceIndex: 0)
            #expect(face.glyph(for: "A") != nil)           // HarfBuzz's cmap
            #expect(face.advance(of: face.glyph(for: "W")!) > 0)
            #expect(face.cgFont.numberOfGlyphs > 1000)    // FreeType's face
            #expect(try Self.mappings(of: copy.path) == 1)  // three before: FreeType twice, HarfBuzz once
        }
        #expect(try Self.mappings(of: copy.path) == 0)
    }

    @Test("A file that is empty or missing is an unreadable font, not a crash")
    func emptyFile() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("otk-empty-\(UUID().uuidString).ttf")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: FontLoadingError.self) { try FontFace(url: empty, faceIndex: 0) }
        #expect(throws: FontLoadingError.self) { try FontFace(url: URL(fileURLWithPath: "/nonexistent/font.ttf"), faceIndex: 0) }
    }
}

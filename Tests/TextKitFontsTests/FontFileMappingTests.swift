import Foundation
import Testing
@testable import TextKitFonts
import TextKitGraphics

/// A font file is mapped into memory once for FreeType, Cairo and HarfBuzz (`FontFileMapping`).
@Suite("Font files mapped once")
struct FontFileMappingTests {
    /// The mappings of `path` in this process. (`/proc/self/maps` is not read atomically: while
    /// other tests map and unmap files it can skip a line, so it is read until two reads agree.)
    static func mappings(of path: String) throws -> Int {
        func read() throws -> Int {
            let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            return maps.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
        }
        var last = try read()
        for _ in 0..<20 {
            let again = try read()
            if again == last { return again }
            last = again
        }
        return last
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

/// The process-wide face cache holds the faces loaded last and the faces in use, not every face
/// ever loaded.
@Suite("The face cache is bounded")
struct FaceCacheTests {
    @Test("Faces of many files: the early ones go once nothing uses them, a face in use stays the one shared")
    func facesLoadedLongAgoGo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-faces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // One font under many names: each name is a face of its own to the cache.
        let count = FontFace.recentLimit * 2 + 50
        let urls = try (0..<count).map { n -> URL in
            let url = directory.appendingPathComponent("face-\(n).ttf")
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
            return url
        }
        let held = try FontFace.shared(url: urls[0])
        weak var early: FontFace?
        early = try FontFace.shared(url: urls[1])
        for url in urls.dropFirst(2) { _ = try FontFace.shared(url: url) }
        #expect(early == nil, "a face loaded long ago and used by nothing is released")
        #expect(try FontFace.shared(url: urls[0]) === held, "a face in use is the one shared")
        #expect(try FontFace.shared(url: urls[count - 1]) === (try FontFace.shared(url: urls[count - 1])))
        #expect(FontFace.cachedFaceEntries < count)
    }
}

import CFreeType
import CHarfBuzz
import Foundation
import Testing
@testable import TextKitFonts
import TextKitGraphics

/// A font file is mapped into memory once for FreeType, Cairo and HarfBuzz (`FontFileMapping`).
@Suite("Font files mapped once")
struct FontFileMappingTests {
    @Test("FreeType's face and HarfBuzz's blob read the font's one mapping, which goes with its last user")
    func oneMappingPerFace() throws {
        // A copy under a name of its own, so that no other test shares its face.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-mapping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("DejaVuSans.ttf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), to: copy)

        weak var mapping: FontFileMapping?
        do {
            let face = try FontFace(url: copy, faceIndex: 0)
            let bytes = face.cgFont.fileMapping.bytes
            mapping = face.cgFont.fileMapping
            #expect(face.glyph(for: "A") != nil)           // HarfBuzz's cmap
            #expect(face.advance(of: face.glyph(for: "W")!) > 0)
            #expect(face.cgFont.numberOfGlyphs > 1000)    // FreeType's face
            // HarfBuzz's blob is the mapping (it mapped the file itself before).
            let blob = hb_face_reference_blob(face.hbFace)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            #expect(hb_blob_get_data(blob, &length).map { UnsafeRawPointer($0) } == bytes)
            #expect(Int(length) == face.cgFont.fileMapping.count)
            // So is FreeType's stream (FT_New_Face mapped the file once more for each face).
            let base = face.cgFont.withFace { UnsafeRawPointer($0.pointee.stream.pointee.base) }
            #expect(base == bytes)
        }
        #expect(mapping == nil, "the mapping is unmapped once the font, Cairo's face and HarfBuzz's blob let go")
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
    }
}

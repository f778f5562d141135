import ModelTestSupport
import Foundation
import Testing
import TextKitGraphics
@testable import TextKitFonts

@Suite("Font loading errors")
struct FontLoadingErrorTests {
    /// Writes `bytes` to a fresh file under /tmp and returns its URL.
    private func scratchFile(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test("Garbage bytes fail to load with a thrown error, not a crash")
    func garbage() throws {
        var generator = SeededGenerator.forTest()
        let url = try scratchFile("garbage.ttf", (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: FontLoadingError.self) { try FontFace.shared(url: url) }
        #expect(throws: FontLoadingError.self) { try UIFont(url: url, size: 12) }
        #expect(throws: FontLoadingError.self) { try FontCollection.registerFont(at: url) }
    }

    @Test("A truncated real font fails cleanly")
    func truncated() throws {
        let bytes = try [UInt8](Data(contentsOf: TestFonts.dejaVuSerif).prefix(3000))
        let url = try scratchFile("truncated.ttf", bytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: FontLoadingError.self) { try UIFont(url: url, size: 12) }
    }

    @Test("A missing file is an unreadable-file error naming the path")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/font.ttf")
        do {
            _ = try FontFace.shared(url: url)
            Issue.record("loading a missing file succeeded")
        } catch {
            #expect(error.kind == .unreadableFile)
            #expect(error.description.contains("/nonexistent/font.ttf"))
        }
    }

    @Test("A .ttc face index past the last face is an error; valid indexes load their own face")
    func collectionIndexes() throws {
        #expect(throws: FontLoadingError.self) { try FontFace.shared(url: TestFonts.notoSansCJK, faceIndex: 10) }
        #expect(throws: FontLoadingError.self) { try FontFace.shared(url: TestFonts.dejaVuSans, faceIndex: 1) }
        #expect(throws: FontLoadingError.self) { try FontFace.shared(url: TestFonts.dejaVuSans, faceIndex: -1) }
        let kr = try FontFace.shared(url: TestFonts.notoSansCJK, faceIndex: 1)
        let sc = try FontFace.shared(url: TestFonts.notoSansCJK, faceIndex: 2)
        #expect(kr.familyName == "Noto Sans CJK KR" && sc.familyName == "Noto Sans CJK SC")
        #expect(kr !== sc)
        #expect(try FontFace.shared(url: TestFonts.notoSansCJK, faceIndex: 2) === sc)
    }

    @Test("Attribute dictionaries with values of the wrong type are ignored, not trusted")
    func badAttributeValues() {
        let descriptor = UIFontDescriptor(fontAttributes: [
            .family: 42, .size: "big", .traits: "bold", .featureSettings: [["nonsense": 1], FontFeature.smallCaps],
            .matrix: "rotate",
        ])
        #expect(descriptor.fontAttributes[.family] == nil)
        #expect(descriptor.pointSize == 0)
        #expect(descriptor.symbolicTraits.isEmpty)
        #expect(descriptor.featureSettings == [.smallCaps])
        #expect(descriptor.matrix == .identity)
        #expect(UIFont(descriptor: descriptor, size: 0).pointSize == 12)
        #expect(FontFeature(validatingTag: "toolong") == nil)
        #expect(FontFeature(validatingTag: "sm\u{7}p") == nil)
    }
}

import Testing
@testable import TextKitFormats

/// `NSParagraphStyle.hangsPunctuation` (an OpenTextKit addition) in the JSON archive.
@Suite("Archive: hanging punctuation")
struct HangingPunctuationArchiveTests {
    func roundTrip(_ style: NSParagraphStyle) throws -> (style: NSParagraphStyle?, json: String) {
        let s = NSAttributedString(string: "“Quoted.”", attributes: [.paragraphStyle: style])
        let data = try s.data(from: NSRange(location: 0, length: s.length),
                              documentAttributes: [.documentType: NSAttributedString.DocumentType.archive])
        let (back, _) = try NSAttributedString.readDocument(from: data)
        return (back.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle, String(decoding: data, as: UTF8.self))
    }

    @Test func theOptionSurvivesAndIsLeftOutWhenOff() throws {
        let hanging = NSMutableParagraphStyle()
        hanging.hangsPunctuation = true
        hanging.alignment = .justified
        let on = try roundTrip(hanging)
        #expect(on.style?.hangsPunctuation == true)
        #expect(on.style == hanging)
        #expect(on.json.contains("hangsPunctuation"))
        let plain = NSMutableParagraphStyle()
        plain.alignment = .justified
        let off = try roundTrip(plain)
        #expect(off.style?.hangsPunctuation == false)
        #expect(!off.json.contains("hangsPunctuation"), "archives without the option are as before")
    }
}

/// `NSParagraphStyle.glyphExpansionLimit` (an OpenTextKit addition) in the JSON archive.
@Suite("Archive: glyph expansion")
struct GlyphExpansionArchiveTests {
    @Test func theLimitSurvivesAndIsLeftOutWhenZero() throws {
        let expanding = NSMutableParagraphStyle()
        expanding.glyphExpansionLimit = 0.02
        expanding.lineBreakStrategy = [.optimal]
        let on = try HangingPunctuationArchiveTests().roundTrip(expanding)
        #expect(on.style?.glyphExpansionLimit == 0.02)
        #expect(on.style == expanding)
        #expect(on.json.contains("glyphExpansionLimit"))
        let off = try HangingPunctuationArchiveTests().roundTrip(NSMutableParagraphStyle())
        #expect(off.style?.glyphExpansionLimit == 0)
        #expect(!off.json.contains("glyphExpansionLimit"), "archives without the option are as before")
    }
}

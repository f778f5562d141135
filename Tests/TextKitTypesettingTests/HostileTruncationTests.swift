import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// CTLineCreateTruncatedLine on the "Effective Power" string keeps whole grapheme clusters at every
/// width.
@Suite("Hostile Core Text truncation")
struct HostileCoreTextTruncationTests {
    static let text = "effective. Power\u{0644}\u{064F}\u{0644}\u{064F}\u{0635}\u{0651}\u{0628}\u{064F}\u{0644}\u{064F}\u{0644}\u{0635}\u{0651}\u{0628}\u{064F}\u{0631}\u{0631}\u{064B} \u{0963} \u{0963}h \u{0963} \u{0963}\u{5197}"
    static let tokenKey = NSAttributedString.Key("HostileTruncationToken")

    @Test("Every width from 1 point to the full width", arguments: [CTLineTruncationType.end, .start, .middle])
    func everyWidth(type: CTLineTruncationType) {
        var boundaries: Set<Int> = [0]
        var offset = 0
        for character in Self.text {
            offset += character.utf16.count
            boundaries.insert(offset)
        }
        let line = CTLineCreateWithAttributedString(CT.string(Self.text))
        let token = CTLineCreateWithAttributedString(CT.string("\u{2026}", font: TestFonts.dejaVuSerif(12), [Self.tokenKey: true]))
        let full = Int(CTLineGetTypographicBounds(line, nil, nil, nil).rounded(.up))
        var truncated = 0
        for width in 1...full {
            guard let cut = CTLineCreateTruncatedLine(line, Double(width), type, token), cut !== line else { continue }
            for run in CTLineGetGlyphRuns(cut) where CTRunGetAttributes(run)[Self.tokenKey] != nil {
                truncated += 1
                // The token's string range is the hidden characters.
                let hidden = CTRunGetStringRange(run)
                #expect(boundaries.contains(hidden.location) && boundaries.contains(hidden.location + hidden.length),
                        "width \(width): hidden characters \(hidden.location)..<\(hidden.location + hidden.length) cut a grapheme cluster")
            }
        }
        #expect(truncated > full / 2)
    }
}

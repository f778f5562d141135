import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The text that has crashed text systems, laid out and drawn here under the contract for
/// hostile input: no trap, no hang (each case within a time budget generous for debug builds),
/// and a layout whose invariants hold — every glyph in at most one line fragment, in order, and
/// all of them when the container is unbounded; glyph-to-character maps monotone and complete;
/// hit testing answers anywhere.
@Suite("Hostile text")
struct HostileTextTests {
    static let cases: [(name: String, text: String)] = [
        ("Effective Power (iOS 8, 2015)", "effective.\nPower\u{0644}\u{064F}\u{0644}\u{064F}\u{0635}\u{0651}\u{0628}\u{064F}\u{0644}\u{064F}\u{0644}\u{0635}\u{0651}\u{0628}\u{064F}\u{0631}\u{0631}\u{064B} \u{0963} \u{0963}h \u{0963} \u{0963}\u{5197}"),
        ("Telugu jña (iOS 11, 2018)", String(repeating: "\u{0C1C}\u{0C4D}\u{0C1E}\u{200C}\u{0C3E} ", count: 50)),
        ("Black dot (Android, 2018)", "⚫👈🏻" + String(repeating: "\u{200F}\u{200E}", count: 4000)),
        ("Zalgo", String(repeating: "Z\u{0351}\u{036B}\u{0343}\u{036A}\u{0302}\u{036B}\u{033D}\u{034F}\u{0334}\u{0319}\u{0324}\u{031E}\u{0349}\u{035A}\u{032F}\u{031E}\u{0320}\u{034D}", count: 200)),
        ("Deep bidi embeddings", String(repeating: "\u{202B}a\u{202A}ב", count: 400) + String(repeating: "\u{202C}", count: 800)),
        ("Isolates nested past the limit", String(repeating: "\u{2067}x", count: 300) + String(repeating: "\u{2069}", count: 300)),
        ("NUL, noncharacters, private use", String(String.UnicodeScalarView([0x61, 0, 0x62, 0xFFFE, 0xFFFF, 0x63, 0xFDD0, 0x10FFFF, 0xE000, 0x64, 1, 0x7F].compactMap(Unicode.Scalar.init)))),
        ("ZWJ chains", String(repeating: "👩‍👩‍👧‍👦", count: 60)),
        ("Flags without pairs", String(repeating: "🇩", count: 301)),
        ("One word of variation selectors", "a" + String(repeating: "\u{FE0F}", count: 5000)),
    ]

    @Test("Famous crashers lay out, hit-test and draw", arguments: 0..<cases.count)
    func crasher(_ index: Int) throws {
        let (name, text) = Self.cases[index]
        try Self.check(NSAttributedString(string: text, attributes: [.font: LayoutStack.serif(14)]), name: name)
    }

    @Test("Lone surrogates in every position")
    func loneSurrogates() throws {
        let units: [UInt16] = [0xD800, 0x61, 0xDC00, 0xDC00, 0xD83D, 0x20, 0xD83D, 0xDE00, 0xDE00, 0xD800]
        let storage = NSMutableAttributedString(string: "")
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: NSString(characters: units, length: units.count) as String)
        try Self.check(storage, name: "lone surrogates")
    }

    @Test("A quarter megabyte of combining marks on one base, in linear time")
    func combiningFlood() throws {
        try Self.check(NSAttributedString(string: "e" + String(repeating: "\u{0301}", count: 1 << 18),
                                          attributes: [.font: LayoutStack.serif(12)]), name: "256 Ki U+0301", budget: 30)
    }

    /// Lays `text` out in a narrow unbounded container and a small bounded one, checking the contract.
    static func check(_ text: NSAttributedString, name: String, budget: TimeInterval = 20) throws {
        let start = Date()
        for size in [CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), CGSize(width: 200, height: 80)] {
            let storage = NSTextStorage(attributedString: text)
            let lm = NSLayoutManager()
            storage.addLayoutManager(lm)
            let container = NSTextContainer(size: size)
            container.lineBreakMode = size.height < 100 ? .byTruncatingTail : .byWordWrapping
            container.maximumNumberOfLines = size.height < 100 ? 3 : 0
            lm.addTextContainer(container)
            lm.ensureLayout(for: container)
            let glyphs = lm.numberOfGlyphs
            var next = 0
            lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: glyphs)) { _, _, _, range, _ in
                #expect(range.location >= next, "\(name): line fragments overlap at glyph \(range.location)")
                next = range.location + range.length
            }
            if size.height > 1e6 { #expect(next == glyphs, "\(name): glyphs left out of an unbounded container") }
            var previous = 0
            for g in stride(from: 0, to: glyphs, by: max(1, glyphs / 2000)) {
                let c = lm.characterIndexForGlyph(at: g)
                #expect(c >= previous && c < storage.length, "\(name): glyph \(g) maps to character \(c)")
                previous = c
            }
            for point in [CGPoint(x: 5, y: 5), CGPoint(x: 1e9, y: 1e9), CGPoint(x: -1, y: 30)] {
                let g = lm.glyphIndex(for: point, in: container)
                #expect(g >= 0 && g <= glyphs)
            }
            let context = CGContext(recordingSize: CGSize(width: 300, height: 300))
            UIGraphicsPushContext(context)
            let range = lm.glyphRange(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: 300), in: container)
            lm.drawBackground(forGlyphRange: range, at: .zero)
            lm.drawGlyphs(forGlyphRange: range, at: .zero)
            UIGraphicsPopContext()
        }
        #expect(Date().timeIntervalSince(start) < budget, "\(name) took \(Date().timeIntervalSince(start)) s")
    }
}

@Suite("Line breaks never split a glyph")
struct GlyphClusterBreakTests {
    /// Found by the edit fuzzer: a word wider than the line broken by character between the two
    /// f's of DejaVu's "ff" ligature put the ligature glyph on both lines.
    @Test("Character wrapping and hyphenation keep ligatures whole, at every width")
    func ligaturesStayWhole() {
        // The last: found by the edit fuzzer, a joiner after a line separator is shaped into the
        // separator's glyph cluster, past the mandatory break.
        for text in ["éمرحباisffiestablishment\u{200F}-ffi", "affluent officers of the suffix office", "baffling\u{00AD}ly ffffff",
                     "worda👨a\tمرحبا\u{2028}\u{200D}👩\u{200D}👧 日本 antidisestablishment"] {
            for hyphenation: Float in [0, 1] {
                for width in stride(from: 12.0, through: 160.0, by: 3.0) {
                    let style = NSMutableParagraphStyle()
                    style.hyphenationFactor = hyphenation
                    let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                            containerSizes: [CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)])
                    var next = 0
                    for fragment in stack.fragments() {
                        #expect(fragment.glyphs.location == next, "\(text.debugDescription) at \(width) pt: \(stack.fragments().map(\.glyphs))")
                        next = fragment.glyphs.location + fragment.glyphs.length
                    }
                    #expect(next == stack.layoutManager.numberOfGlyphs)
                }
            }
        }
    }
}

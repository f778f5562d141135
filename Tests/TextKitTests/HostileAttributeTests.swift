import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// NaN, infinities and absurd magnitudes in attribute values: layout finishes at once and keeps
/// its invariants, drawing does not trap (the rule is `LayoutNumber`'s).
@Suite("Hostile attribute values")
struct HostileAttributeTests {
    static let values: [CGFloat] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300]
    static let text = "Tabs\tand words in a paragraph that wraps, with \u{FFFC} an attachment.\nA second paragraph\twith a tab.\n"

    /// Lays `attributes` out in a wide column and a narrow one with an exclusion, checks the
    /// invariants, then draws.
    static func check(_ attributes: [NSAttributedString.Key: Any], _ what: String) throws {
        var attributes = attributes
        if attributes[.font] == nil { attributes[.font] = LayoutStack.serif() }
        for size in [CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude), CGSize(width: 120, height: 2000)] {
            let stack = LayoutStack(text, attributes: attributes, containerSizes: [size])
            if size.height == 2000 {
                stack.containers[0].exclusionPaths = [UIBezierPath(rect: CGRect(x: 40, y: 30, width: 30, height: 30))]
            }
            let lm = stack.layoutManager
            let used = expectQuick(5, "layout with \(what) in \(size)") { lm.usedRect(for: stack.containers[0]) }
            #expect(used.minX.isFinite && used.minY.isFinite && used.width.isFinite && used.height.isFinite, "\(what): used rect \(used)")
            // Every character in exactly one line fragment, rects finite.
            var next = 0
            for fragment in stack.fragments() {
                let characters = lm.characterRange(forGlyphRange: fragment.glyphs, actualGlyphRange: nil)
                #expect(characters.location == next, "\(what): a fragment starts at \(characters.location), expected \(next)")
                next = characters.location + characters.length
                for v in [fragment.rect.minX, fragment.rect.minY, fragment.rect.width, fragment.rect.height] {
                    #expect(v.isFinite, "\(what): fragment \(fragment.rect)")
                }
            }
            // Indents beyond the container leave the rest unlaid (see LineLoop.horizontalRoom).
            if size.height > 1e12, !what.contains("Indent") { #expect(next == stack.storage.length, "\(what): laid out \(next) of \(stack.storage.length)") }
            _ = lm.glyphIndex(for: CGPoint(x: 50, y: 20), in: stack.containers[0])
            let context = try CGContext(imageSize: CGSize(width: 60, height: 60))
            UIGraphicsPushContext(context)
            lm.drawBackground(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs), at: .zero)
            lm.drawGlyphs(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs), at: .zero)
            UIGraphicsPopContext()
        }
    }

    @Test("Character attributes: font size, kern, tracking, baseline offset, expansion, obliqueness, stroke, shadow")
    func characterAttributes() throws {
        for v in Self.values {
            try Self.check([.font: LayoutStack.serif(v)], "font size \(v)")
            try Self.check([.font: UIFont.systemFont(ofSize: v)], "system font size \(v)")
            for key in [NSAttributedString.Key.kern, .tracking, .baselineOffset, .expansion, .obliqueness, .strokeWidth,
                        .underlineStyle, .ligature] {
                try Self.check([key: v], "\(key.rawValue) \(v)")
            }
            let shadow = NSShadow()
            shadow.shadowBlurRadius = v
            shadow.shadowOffset = CGSize(width: v, height: v)
            shadow.shadowColor = UIColor.black
            try Self.check([.shadow: shadow], "shadow \(v)")
        }
    }

    @Test("Paragraph style numbers")
    func paragraphStyles() throws {
        let setters: [(String, (NSMutableParagraphStyle, CGFloat) -> Void)] = [
            ("lineSpacing", { $0.lineSpacing = $1 }), ("paragraphSpacing", { $0.paragraphSpacing = $1 }),
            ("paragraphSpacingBefore", { $0.paragraphSpacingBefore = $1 }),
            ("minimumLineHeight", { $0.minimumLineHeight = $1 }), ("maximumLineHeight", { $0.maximumLineHeight = $1 }),
            ("lineHeightMultiple", { $0.lineHeightMultiple = $1 }), ("headIndent", { $0.headIndent = $1 }),
            ("tailIndent", { $0.tailIndent = $1 }), ("firstLineHeadIndent", { $0.firstLineHeadIndent = $1 }),
            ("defaultTabInterval", { $0.defaultTabInterval = $1; $0.tabStops = [] }),
            ("tab location", { $0.tabStops = [NSTextTab(textAlignment: .right, location: $1), NSTextTab(textAlignment: .left, location: 20)] }),
            ("hyphenationFactor", { $0.hyphenationFactor = Float($1) }),
        ]
        for (name, set) in setters {
            for v in Self.values {
                let style = NSMutableParagraphStyle()
                set(style, v)
                try Self.check([.paragraphStyle: style], "\(name) \(v)")
            }
        }
    }

    @Test("Attachment bounds")
    func attachments() throws {
        for v in Self.values {
            for bounds in [CGRect(x: 0, y: 0, width: v, height: v), CGRect(x: v, y: v, width: 10, height: 10),
                           CGRect(x: 0, y: v, width: 10, height: 10)] {
                let attachment = NSTextAttachment(data: nil, ofType: nil)
                attachment.bounds = bounds
                try Self.check([.attachment: attachment], "attachment bounds \(bounds)")
            }
        }
    }
}

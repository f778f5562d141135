import Testing
@testable import TextKitModel
import TextKitGraphics

@Suite("Attribute keys and value types")
struct AttributeValueTypesTests {
    @Test("Keys have Apple's raw values", arguments: [
        (NSAttributedString.Key.font, "NSFont"), (.paragraphStyle, "NSParagraphStyle"), (.foregroundColor, "NSColor"),
        (.backgroundColor, "NSBackgroundColor"), (.ligature, "NSLigature"), (.kern, "NSKern"), (.tracking, "NSTracking"),
        (.strikethroughStyle, "NSStrikethrough"), (.strikethroughColor, "NSStrikethroughColor"), (.underlineStyle, "NSUnderline"),
        (.underlineColor, "NSUnderlineColor"), (.strokeColor, "NSStrokeColor"), (.strokeWidth, "NSStrokeWidth"),
        (.shadow, "NSShadow"), (.textEffect, "NSTextEffect"), (.attachment, "NSAttachment"), (.link, "NSLink"),
        (.baselineOffset, "NSBaselineOffset"), (.obliqueness, "NSObliqueness"), (.expansion, "NSExpansion"),
        (.writingDirection, "NSWritingDirection"), (.verticalGlyphForm, "CTVerticalForms"), (.languageIdentifier, "NSLanguage"),
    ])
    func keyRawValues(key: NSAttributedString.Key, raw: String) {
        #expect(key.rawValue == raw)
    }

    @Test("Enumerations and option sets have Apple's (iOS) raw values")
    func rawValues() {
        #expect([NSUnderlineStyle.single, .thick, .double, .patternDot, .patternDash, .patternDashDot, .patternDashDotDot, .byWord].map(\.rawValue)
                == [0x01, 0x02, 0x09, 0x100, 0x200, 0x300, 0x400, 0x8000])
        #expect(NSUnderlineStyle([.single, .patternDot, .byWord]).rawValue == 0x8101)
        #expect([NSTextAlignment.left, .center, .right, .justified, .natural].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect([NSLineBreakMode.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle].map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect([NSWritingDirection.natural, .leftToRight, .rightToLeft].map(\.rawValue) == [-1, 0, 1])
        #expect(NSWritingDirectionFormatType.override.rawValue | NSWritingDirection.rightToLeft.rawValue == 3)
        #expect(NSParagraphStyle.LineBreakStrategy.standard.rawValue == 0xFFFF)
        #expect(NSAttributedString.TextEffectStyle.letterpressStyle.rawValue == "_UIKitNewLetterpressStyle")
        #expect(NSTextAttachment.character == 0xFFFC)
    }

    @Test("The default paragraph style is UIKit's")
    func defaultParagraphStyle() {
        let d = NSParagraphStyle.default
        #expect(d.alignment == .natural && d.lineBreakMode == .byWordWrapping && d.baseWritingDirection == .natural)
        #expect(d.lineSpacing == 0 && d.paragraphSpacing == 0 && d.paragraphSpacingBefore == 0)
        #expect(d.headIndent == 0 && d.firstLineHeadIndent == 0 && d.tailIndent == 0)
        #expect(d.lineHeightMultiple == 0 && d.minimumLineHeight == 0 && d.maximumLineHeight == 0)
        #expect(d.hyphenationFactor == 0 && !d.usesDefaultHyphenation && d.defaultTabInterval == 0)
        #expect(d.tabStops.map(\.location) == (1...12).map { CGFloat($0 * 28) })
        #expect(d.tabStops.allSatisfy { $0.alignment == .left })
        #expect(d.lineBreakStrategy == [] && d.textLists.isEmpty && !d.allowsDefaultTighteningForTruncation)
        #expect(!d.preventsWidowsAndOrphans)  // an OpenTextKit addition, off as TextKit lays out
    }

    @Test("Mutable paragraph styles: every property set, copies equal by value, tab stops kept sorted")
    func mutableParagraphStyle() {
        let m = NSMutableParagraphStyle()
        m.alignment = .justified; m.firstLineHeadIndent = 10; m.headIndent = 5; m.tailIndent = -5
        m.lineSpacing = 2; m.paragraphSpacing = 6; m.paragraphSpacingBefore = 3; m.lineHeightMultiple = 1.2
        m.minimumLineHeight = 10; m.maximumLineHeight = 30; m.lineBreakMode = .byTruncatingMiddle
        m.baseWritingDirection = .rightToLeft; m.hyphenationFactor = 0.5; m.usesDefaultHyphenation = true
        m.defaultTabInterval = 36; m.allowsDefaultTighteningForTruncation = true; m.lineBreakStrategy = .pushOut
        m.preventsWidowsAndOrphans = true
        let list = NSTextList(markerFormat: .decimal)
        m.textLists = [list]
        m.tabStops = [NSTextTab(textAlignment: .right, location: 100), NSTextTab(textAlignment: .left, location: 50)]
        #expect(m.tabStops.map(\.location) == [50, 100])
        m.addTabStop(NSTextTab(textAlignment: .center, location: 75))
        #expect(m.tabStops.map(\.location) == [50, 75, 100])
        m.removeTabStop(NSTextTab(textAlignment: .right, location: 100))
        #expect(m.tabStops.map(\.location) == [50, 75])
        let frozen = m.copy() as! NSParagraphStyle
        #expect(type(of: frozen) == NSParagraphStyle.self)
        #expect(frozen == m && frozen.hash == m.hash)
        #expect(frozen.alignment == .justified && frozen.tailIndent == -5 && frozen.hyphenationFactor == 0.5)
        #expect(frozen.textLists.first === list && frozen.preventsWidowsAndOrphans)
        let uncontrolled = frozen.mutableCopy() as! NSMutableParagraphStyle
        uncontrolled.preventsWidowsAndOrphans = false
        #expect(uncontrolled != frozen)
        let again = frozen.mutableCopy() as! NSMutableParagraphStyle
        again.lineSpacing = 3
        #expect(again != frozen && frozen.lineSpacing == 2)
        let reset = NSMutableParagraphStyle()
        reset.setParagraphStyle(frozen)
        #expect(reset == frozen)
        #expect(NSMutableParagraphStyle() == NSParagraphStyle.default)
    }

    @Test("Runs holding equal paragraph styles merge")
    func equalStylesMerge() {
        let a = NSMutableParagraphStyle(), b = NSMutableParagraphStyle()
        a.headIndent = 4; b.headIndent = 4
        let s = NSMutableAttributedString(string: "abcd")
        s.addAttribute(.paragraphStyle, value: a, range: NSRange(location: 0, length: 2))
        s.addAttribute(.paragraphStyle, value: b, range: NSRange(location: 2, length: 2))
        var r = NSRange()
        _ = s.attributes(at: 0, effectiveRange: &r)
        #expect(r == NSRange(location: 0, length: 4))
    }

    @Test("Tabs: column terminators follow the locale's decimal separator")
    func tabs() {
        let german = NSTextTab.columnTerminators(for: Locale(identifier: "de_DE"))
        #expect(german.contains(","))
        #expect(!german.contains("."))
        #expect(NSTextTab.columnTerminators(for: Locale(identifier: "en_US")).contains("."))
        let tab = NSTextTab(textAlignment: .right, location: 144, options: [.columnTerminators: german])
        #expect(tab.columnTerminators == german && tab.location == 144 && tab.alignment == .right)
        #expect(tab == NSTextTab(textAlignment: .right, location: 144, options: [.columnTerminators: german]))
        #expect(tab != NSTextTab(textAlignment: .right, location: 144))
    }

    @Test("List markers", arguments: [
        (NSTextList.MarkerFormat.decimal, 12, "12"), (.disc, 3, "\u{2022}"), (.lowercaseRoman, 14, "xiv"),
        (.uppercaseAlpha, 28, "AB"), (.lowercaseHexadecimal, 255, "ff"), (NSTextList.MarkerFormat("({decimal})"), 2, "(2)"),
    ])
    func listMarkers(format: NSTextList.MarkerFormat, number: Int, marker: String) {
        #expect(NSTextList(markerFormat: format).marker(forItemNumber: number) == marker)
    }

    @Test("Shadows: UIKit's defaults, copies, equality by value")
    func shadows() {
        let s = NSShadow()
        #expect(s.shadowOffset == CGSize(width: 0, height: -3) && s.shadowBlurRadius == 0 && s.shadowColor == nil)
        s.shadowColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        s.shadowBlurRadius = 2
        let c = s.copy() as! NSShadow
        #expect(c == s)
        c.shadowColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(c != s)
    }

    @Test("Attachments: data, image, bounds, the U+FFFC string")
    func attachments() {
        let data = Data([0x89, 0x50, 0x4E, 0x47])
        let a = NSTextAttachment(data: data, ofType: "public.png")
        #expect(a.contents == data && a.fileType == "public.png" && a.image == nil)
        #expect(a.attachmentBounds(for: nil, proposedLineFragment: .zero, glyphPosition: .zero, characterIndex: 0) == .zero)
        let image = UIImage(size: CGSize(width: 20, height: 10), scale: 2)
        let b = NSTextAttachment(image: image)
        #expect(b.image(forBounds: .zero, textContainer: nil, characterIndex: 0) === image)
        #expect(b.attachmentBounds(for: nil, proposedLineFragment: .zero, glyphPosition: .zero, characterIndex: 0)
                == CGRect(x: 0, y: 0, width: 20, height: 10))
        b.bounds = CGRect(x: 0, y: -4, width: 12, height: 12)
        #expect(b.attachmentBounds(for: nil, proposedLineFragment: .zero, glyphPosition: .zero, characterIndex: 0) == b.bounds)
        let s = NSAttributedString(attachment: b)
        #expect(s.length == 1 && s._utf16Unit(at: 0) == 0xFFFC)
        #expect(s.attribute(.attachment, at: 0, effectiveRange: nil) as? NSTextAttachment === b)
        #expect(NSTextAttachment() != NSTextAttachment(), "attachments compare by identity")
    }

    @Test("Default writing direction by language")
    func writingDirectionByLanguage() {
        #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "ar") == .rightToLeft)
        #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "he-IL") == .rightToLeft)
        #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "de_CH") == .leftToRight)
        #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: nil) == .natural)
    }

    /// `addAttribute` remembers edits by the identity of an object value (`_AttributeTable.Edit`);
    /// it takes that identity without bridging the value.
    @Test("An attribute value is an object exactly when it is a class instance, and keeps its identity")
    func classInstances() {
        let color = UIColor.red
        let paragraph = NSParagraphStyle()
        #expect(_classInstance(color) === color)
        #expect(_classInstance(paragraph as Any) === paragraph)
        #expect(_classInstance(3) == nil)
        #expect(_classInstance("text") == nil)
        #expect(_classInstance(Optional(color) as Any) == nil)  // as `type(of:) is AnyClass` answers
        #expect(_classInstance(NSUnderlineStyle.single) == nil)
        // The object returned is retained: it outlives every other reference.
        weak var weakObject: NSShadow?
        var kept: AnyObject?
        do {
            let shadow = NSShadow()
            weakObject = shadow
            kept = _classInstance(shadow)
        }
        #expect(weakObject != nil && kept === weakObject)
        kept = nil
        #expect(weakObject == nil)
    }
}

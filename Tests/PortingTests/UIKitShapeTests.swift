import Foundation
import OpenTextKit
import Testing

// What iOS text code assumes of UIKit's shape beyond its names: members a subclass overrides,
// who keeps a TextKit stack alive, how big sizes and white space measure, where a line fragment
// starts, Core Foundation's array functions and Apple's font names.

/// A placeholder text view, as such views are written: it observes its own text properties.
final class PlaceholderTextView: UITextView {
    let placeholderLabel = UILabel()
    var renders = 0

    override var text: String! {
        didSet { placeholderLabel.isHidden = !text.isEmpty; renders += 1 }
    }

    override var attributedText: NSAttributedString! {
        didSet { placeholderLabel.isHidden = attributedText.length > 0; renders += 1 }
    }

    override var font: UIFont? {
        didSet { placeholderLabel.font = font }
    }

    override var textColor: UIColor? {
        didSet { renders += 1 }
    }

    override var textAlignment: NSTextAlignment {
        didSet { placeholderLabel.textAlignment = textAlignment }
    }

    var selectionChanges = 0
    override var selectedRange: NSRange {
        didSet { selectionChanges += 1 }
    }

    var replacements: [String] = []
    override func replace(_ range: UITextRange, withText text: String) {
        replacements.append(text)
        super.replace(range, withText: text)
    }

    override func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
        !text.contains("#") && super.shouldChangeText(in: range, replacementText: text)
    }
}

/// A label whose subclass renders Markdown-ish emphasis when its text is set.
final class EmphasisLabel: UILabel {
    override var text: String? {
        didSet {
            guard let text, text.hasPrefix("*") else { return }
            attributedText = NSAttributedString(string: text.trimmingCharacters(in: CharacterSet(charactersIn: "*")),
                                                attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
        }
    }
}

/// A field that upper-cases what it is given.
final class ShoutingField: UITextField {
    override var text: String? {
        get { super.text }
        set { super.text = newValue?.uppercased() }
    }
}

/// A label and a field that note every change of their text properties, as subclasses that
/// re-render (Markdown labels, styled fields) observe them.
final class ObservedLabel: UILabel {
    var changes: [String] = []
    override var attributedText: NSAttributedString? { didSet { changes.append("attributedText") } }
    override var font: UIFont! { didSet { changes.append("font") } }
    override var textColor: UIColor! { didSet { changes.append("textColor") } }
    override var textAlignment: NSTextAlignment { didSet { changes.append("textAlignment") } }
}

final class ObservedField: UITextField {
    var changes: [String] = []
    override var attributedText: NSAttributedString? { didSet { changes.append("attributedText") } }
    override var font: UIFont? { didSet { changes.append("font") } }
    override var textColor: UIColor? { didSet { changes.append("textColor") } }
    override var textAlignment: NSTextAlignment { didSet { changes.append("textAlignment") } }
    override var placeholder: String? { didSet { changes.append("placeholder") } }
}

@Suite("UIKit's shape: what iOS code assumes beyond the names")
@MainActor
struct UIKitShapeTests {
    static let sans = UIFont(name: "DejaVu Sans", size: 14)!

    @Test("A text view subclass overrides text, attributedText, font, textColor, textAlignment, selectedRange and the input members")
    func textViewOverrides() throws {
        let view = PlaceholderTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.font = Self.sans
        #expect(view.placeholderLabel.font == Self.sans)
        view.text = "hello"
        #expect(view.placeholderLabel.isHidden)
        view.text = ""
        #expect(!view.placeholderLabel.isHidden)
        view.attributedText = NSAttributedString(string: "x")
        #expect(view.placeholderLabel.isHidden)
        view.textColor = .red
        view.textAlignment = .center
        #expect(view.placeholderLabel.textAlignment == .center)
        #expect(view.renders == 4)
        view.selectedRange = NSRange(location: 0, length: 1)
        #expect(view.selectionChanges == 1)
        let all = try #require(view.textRange(from: view.beginningOfDocument, to: view.endOfDocument))
        #expect(!view.shouldChangeText(in: all, replacementText: "#tag"))
        view.replace(all, withText: "replaced")
        #expect(view.replacements == ["replaced"])
        #expect(view.text == "replaced")
    }

    @Test("A label and a text field subclass override text")
    func controlOverrides() {
        let label = EmphasisLabel()
        label.text = "*bold*"
        #expect(label.attributedText?.string == "bold")
        let field = ShoutingField()
        field.text = "quiet"
        #expect(field.text == "QUIET")

        let observedLabel = ObservedLabel()
        observedLabel.attributedText = NSAttributedString(string: "a")
        observedLabel.font = Self.sans
        observedLabel.textColor = .red
        observedLabel.textAlignment = .right
        #expect(observedLabel.changes == ["attributedText", "font", "textColor", "textAlignment"])
        #expect(observedLabel.font == Self.sans && observedLabel.textAlignment == .right)
        let observedField = ObservedField()
        observedField.attributedText = NSAttributedString(string: "a")
        observedField.font = Self.sans
        observedField.textColor = .red
        observedField.textAlignment = .center
        observedField.placeholder = "Name"
        #expect(observedField.changes == ["attributedText", "font", "textColor", "textAlignment", "placeholder"])
        #expect(observedField.font == Self.sans && observedField.textAlignment == .center)
    }

    @Test("UITextView(frame:textContainer:) keeps the stack it was given alive")
    func textViewKeepsStack() {
        func makeView() -> UITextView {
            let storage = NSTextStorage(string: "kept alive", attributes: [.font: Self.sans])
            let layoutManager = NSLayoutManager()
            storage.addLayoutManager(layoutManager)
            let container = NSTextContainer(size: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
            layoutManager.addTextContainer(container)
            return UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), textContainer: container)
        }
        let view = makeView()
        #expect(view.textStorage.string == "kept alive")
        view.insertText("!")
        #expect(view.text == "!kept alive")
        #expect(view.layoutManager.numberOfGlyphs == 11)
    }

    @Test("A frame as tall as CGFloat.greatestFiniteMagnitude lays out every line; so does a 1e30 one")
    func hugeFrames() {
        let text = NSAttributedString(string: "Core Text code counts lines in a frame as tall as needed, with many words.",
                                      attributes: [.font: Self.sans])
        let framesetter = CTFramesetterCreateWithAttributedString(text)
        var counts: [Int] = []
        for height in [CGFloat(10_000), 1e9, 1e30, CGFloat.greatestFiniteMagnitude] {
            let path = CGPath(rect: CGRect(x: 0, y: 0, width: 120, height: height), transform: nil)
            let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
            counts.append(CFArrayGetCount(CTFrameGetLines(frame)))
            #expect(CTFrameGetVisibleStringRange(frame).length == text.length)
            let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil,
                                                                    CGSize(width: 120, height: height), nil)
            let bounds = text.boundingRect(with: CGSize(width: 120, height: height), options: .usesLineFragmentOrigin, context: nil)
            #expect(size.height > 60 && size.height < 200)
            #expect(abs(bounds.height - size.height) < 20)
        }
        #expect(counts[0] > 3)
        #expect(Set(counts).count == 1)
    }

    @Test("Core Foundation's array functions walk a frame's lines as Core Text code does")
    func cfArrayFunctions() {
        let text = NSAttributedString(string: "one\ntwo\nthree", attributes: [.font: Self.sans])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        #expect(CFArrayGetCount(lines) == 3)
        var lengths: [Int] = []
        for i in 0..<CFArrayGetCount(lines) {
            let line = unsafeBitCast(CFArrayGetValueAtIndex(lines, i), to: CTLine.self)
            lengths.append(CTLineGetStringRange(line).length)
        }
        #expect(lengths == [4, 4, 5])
    }

    @Test("A line fragment spans the container; the head indent moves the glyphs and the used rect within it")
    func fragmentsSpanTheContainer() {
        let style = NSMutableParagraphStyle()
        style.headIndent = 30
        style.firstLineHeadIndent = 30
        let storage = NSTextStorage(string: "A block quote long enough to wrap over several lines here.",
                                    attributes: [.font: Self.sans, .paragraphStyle: style])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 200, height: 1000))
        layoutManager.addTextContainer(container)
        var lines = 0
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) {
            rect, usedRect, _, glyphs, _ in
            lines += 1
            #expect(rect.minX == 0 && rect.width == 200)
            #expect(usedRect.minX == 30)   // the indent; the used rect includes the padding after it
            #expect(layoutManager.location(forGlyphAt: glyphs.location).x == 35)
        }
        #expect(lines > 1)
    }

    @Test("White space measures as a string's width; only where a line wraps does it hang outside the used rect")
    func whitespaceMeasures() {
        let attributes: [NSAttributedString.Key: Any] = [.font: Self.sans]
        let space = " ".size(withAttributes: attributes).width
        let a = "a".size(withAttributes: attributes).width
        #expect(space > 3)
        #expect(abs("a ".size(withAttributes: attributes).width - (a + space)) < 0.01)
        #expect(abs(NSAttributedString(string: " ", attributes: attributes).size().width - space) < 0.01)
        #expect(abs("    ".size(withAttributes: attributes).width - 4 * space) < 0.01)
        // A wrapped line's used width stops at its last word: "aaaa " wraps before the next "aaaa".
        let word = "aaaa".size(withAttributes: attributes).width
        let wrapped = NSAttributedString(string: "aaaa aaaa", attributes: attributes)
            .boundingRect(with: CGSize(width: word + space / 2, height: 1000), options: .usesLineFragmentOrigin, context: nil)
        #expect(abs(wrapped.width - word) < 0.01)
    }

    @Test("remainingRect begins past the excluded stretch, as Apple documents")
    func remainingRect() {
        let container = NSTextContainer(size: CGSize(width: 300, height: 100))
        container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 100, y: 0, width: 50, height: 100))]
        var remaining = CGRect.zero
        let rect = container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 0, width: 300, height: 20), at: 0,
                                              writingDirection: .leftToRight, remaining: &remaining)
        #expect(rect == CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(remaining == CGRect(x: 150, y: 0, width: 150, height: 20))
        let rightToLeft = container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 0, width: 300, height: 20), at: 0,
                                                     writingDirection: .rightToLeft, remaining: &remaining)
        #expect(rightToLeft == CGRect(x: 150, y: 0, width: 150, height: 20))
        #expect(remaining == CGRect(x: 0, y: 0, width: 100, height: 20))
    }

    @Test("Apple's font names resolve to the Debian fonts that stand in for them, in the weight they name")
    func appleFontNames() throws {
        let cases: [(String, String, Bool, Bool)] = [
            ("Menlo", "DejaVu Sans Mono", false, false), ("Menlo-Bold", "DejaVu Sans Mono", true, false),
            ("Helvetica", "Nimbus Sans", false, false), ("HelveticaNeue-Bold", "Nimbus Sans", true, false),
            ("Helvetica-Oblique", "Nimbus Sans", false, true), ("Helvetica Neue", "Nimbus Sans", false, false),
            ("Arial", "Liberation Sans", false, false), ("Arial-BoldMT", "Liberation Sans", true, false),
            ("ArialMT", "Liberation Sans", false, false), ("Times New Roman", "Liberation Serif", false, false),
            ("TimesNewRomanPS-BoldMT", "Liberation Serif", true, false), ("Times-Roman", "Liberation Serif", false, false),
            ("Courier", "Liberation Mono", false, false), ("CourierNewPS-ItalicMT", "Liberation Mono", false, true),
            ("Georgia", "DejaVu Serif", false, false), ("Palatino", "P052", false, false),
            ("Avenir-Heavy", UIFont.systemFontFamilyName, true, false),
            (".SFUI-Semibold", UIFont.systemFontFamilyName, true, false),
            ("SF Pro Text", UIFont.systemFontFamilyName, false, false),
        ]
        for (name, family, bold, italic) in cases {
            let font = try #require(UIFont(name: name, size: 12), "\(name)")
            #expect(font.familyName == family, "\(name)")
            #expect(font.fontDescriptor.symbolicTraits.contains(.traitBold) == bold, "\(name)")
            #expect(font.fontDescriptor.symbolicTraits.contains(.traitItalic) == italic, "\(name)")
            #expect(font.pointSize == 12)
        }
        #expect(UIFont(name: "NoSuchFont-Bold", size: 12) == nil)
        #expect(UIFont(name: "Wingdings", size: 12) == nil)
        // Arial's stand-in has Arial's metrics: "Hello" is as wide as Arial sets it at 12 pt.
        let arial = try #require(UIFont(name: "Arial", size: 12))
        #expect(abs("Hello".size(withAttributes: [.font: arial]).width - 27.34) < 0.05)   // H e l l o: 722 + 556 + 222 + 222 + 556 units
    }
}

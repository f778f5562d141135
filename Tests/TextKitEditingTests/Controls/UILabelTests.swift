import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A label with insets, written as iOS code writes one.
@MainActor
final class InsetTestLabel: UILabel {
    var insets = UIEdgeInsets(top: 10, left: 30, bottom: 10, right: 5)
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
}

@Suite("UILabel")
@MainActor
struct UILabelTests {
    static let prose = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun by the river."

    func makeLabel(_ text: String, width: CGFloat = 200, height: CGFloat = 40, size: CGFloat = 17) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: height))
        label.font = dejaVu(size)
        label.text = text
        return label
    }

    @Test("Defaults are UIKit's: system 17, label colour, one line, tail truncation, no shrinking, ignores clicks")
    func defaults() {
        let label = UILabel()
        #expect(label.text == nil)
        #expect(label.attributedText == nil)
        #expect(label.font.pointSize == 17)
        #expect(label.textColor == UIColor.label)
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.textAlignment == .natural)
        #expect(!label.adjustsFontSizeToFitWidth)
        #expect(label.minimumScaleFactor == 0)
        #expect(label.baselineAdjustment == .alignBaselines)
        #expect(label.shadowOffset == CGSize(width: 0, height: -1))
        #expect(label.isEnabled && !label.isHighlighted)
        #expect(!label.isUserInteractionEnabled)
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test("sizeThatFits grows with the text, equals string drawing's size on one line, and respects numberOfLines")
    func sizeThatFits() {
        let short = makeLabel("Hi").sizeThatFits(.zero)
        let longer = makeLabel("Hello, world").sizeThatFits(.zero)
        #expect(longer.width > short.width)
        #expect(longer.height == short.height)
        // One line: what string drawing measures, rounded up.
        let measured = NSAttributedString(string: "Hello, world", attributes: [.font: dejaVu(17)]).size()
        #expect(longer == CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))

        let label = makeLabel(Self.prose)
        label.numberOfLines = 0
        let all = label.sizeThatFits(CGSize(width: 150, height: 10))  // the height is not a limit
        #expect(all.width <= 150)
        #expect(all.height >= 4 * short.height)
        let wrapped = NSAttributedString(string: Self.prose, attributes: [.font: dejaVu(17)])
            .boundingRect(with: CGSize(width: 150, height: 0), options: .usesLineFragmentOrigin, context: nil)
        #expect(all.height == wrapped.height.rounded(.up))

        label.numberOfLines = 2
        let two = label.sizeThatFits(CGSize(width: 150, height: 0))
        #expect(abs(two.height - 2 * short.height) <= 1)
        #expect(two.width <= 150)
        label.numberOfLines = 1
        #expect(label.sizeThatFits(CGSize(width: 150, height: 0)).height == short.height)

        label.sizeToFit()
        #expect(label.frame.size == label.sizeThatFits(label.bounds.size))
    }

    @Test("numberOfLines = 2 shows two lines, the second ending in an ellipsis; the rest is left out")
    func truncatesTheSecondLine() throws {
        let label = makeLabel(Self.prose, width: 180, height: 120)
        label.numberOfLines = 2
        label.textColor = .black
        let rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 2)
        let layout = label.layOutText(in: label.bounds, lines: 2).result
        #expect(layout.lines.count == 2)
        #expect(!layout.showsAllText)
        let manager = label.stack.layoutManager
        let second = layout.lines[1]
        let truncated = manager.truncatedGlyphRange(inLineFragmentForGlyphAt: second.glyphs.location)
        #expect(truncated.location != NSNotFound)
        #expect(manager.truncatedGlyphRange(inLineFragmentForGlyphAt: 0).location == NSNotFound)
        #expect(abs(rect.height - layout.usedRect.maxY) < 0.01)

        // The ink: two lines' worth, centred vertically in the 120-point label.
        let image = renderOnWhite(label)
        let ink = try #require(Pixels(image).bounds(where: Pixels.dark))
        #expect(ink.height <= rect.height + 1)
        #expect(ink.height > rect.height / 2)
        #expect(abs(ink.midY - 60) < 6)
        #expect(ink.maxX <= 180)

        // A third line only with numberOfLines = 3 (or 0).
        label.numberOfLines = 0
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 0).height > rect.height + 10)
    }

    @Test("The bounds' height limits the lines too: the last line that fits is truncated")
    func heightLimitsLines() {
        let label = makeLabel(Self.prose, width: 180, height: 45)
        label.numberOfLines = 0
        let line = makeLabel("x").sizeThatFits(.zero).height
        let layout = label.layOutText(in: label.bounds, lines: 0).result
        #expect(layout.lines.count == Int(45 / line))
        let last = layout.lines[layout.lines.count - 1]
        #expect(label.stack.layoutManager.truncatedGlyphRange(inLineFragmentForGlyphAt: last.glyphs.location).location != NSNotFound)
    }

    @Test("Head, middle and word-wrapping modes end the last line as they say")
    func lineBreakModes() {
        let label = makeLabel("Beginning middle-of-the-text end", width: 140)
        let manager = label.stack.layoutManager
        func ellipsis() -> Int? {
            let result = label.layOutText(in: label.bounds, lines: 1).result
            let truncated = manager.truncatedGlyphRange(inLineFragmentForGlyphAt: 0)
            _ = result
            return truncated.location == NSNotFound ? nil : manager.characterIndexForGlyph(at: truncated.location)
        }
        label.lineBreakMode = .byTruncatingHead
        #expect(ellipsis() == 0)
        label.lineBreakMode = .byTruncatingMiddle
        let middle = ellipsis()
        #expect(middle != nil && middle! > 0)
        label.lineBreakMode = .byTruncatingTail
        #expect((ellipsis() ?? 0) > middle ?? 0)
        label.lineBreakMode = .byWordWrapping
        #expect(ellipsis() == nil)
        let result = label.layOutText(in: label.bounds, lines: 1).result
        #expect(!result.showsAllText)
        #expect(result.usedRect.width <= 140)
    }

    @Test("adjustsFontSizeToFitWidth shrinks a long line until it fits, never below minimumScaleFactor")
    func shrinksToFit() throws {
        let label = makeLabel("A headline a little too long", width: 200, height: 40, size: 20)
        let natural = label.sizeThatFits(.zero).width
        #expect(natural > 200)
        // Not asked: truncated at full size.
        var layout = label.layOutText(in: label.bounds, lines: 1)
        #expect(layout.scale == 1 && !layout.result.showsAllText)
        // Asked, but a minimum of 0 means no shrinking, as in UIKit.
        label.adjustsFontSizeToFitWidth = true
        layout = label.layOutText(in: label.bounds, lines: 1)
        #expect(layout.scale == 1)

        label.minimumScaleFactor = 0.5
        layout = label.layOutText(in: label.bounds, lines: 1)
        #expect(layout.scale < 1 && layout.scale >= 0.5)
        #expect(layout.result.showsAllText)
        #expect(layout.result.usedRect.width <= 200)
        #expect(layout.result.usedRect.width > 200 * 0.95)  // the largest scale that fits, near enough
        #expect(abs(layout.scale - 200 / natural) < 0.02)
        // sizeThatFits measures the full-size text (it has room).
        #expect(label.sizeThatFits(.zero).width == natural)

        // Drawn: all of the text inside the label, no ellipsis.
        label.textColor = .black
        let ink = try #require(Pixels(renderOnWhite(label)).bounds(where: Pixels.dark))
        #expect(ink.minX >= 0 && ink.maxX <= 200)
        #expect(ink.width > 190)

        // Far too long: the minimum scale, and truncated.
        label.text = String(repeating: "Much too long for any shrinking. ", count: 4)
        layout = label.layOutText(in: label.bounds, lines: 1)
        #expect(layout.scale == 0.5)
        #expect(!layout.result.showsAllText)
        let fonts = label.displayText(scale: layout.scale).attribute(.font, at: 0, effectiveRange: nil) as? UIFont
        #expect(fonts?.pointSize == 10)
    }

    @Test("A multi-line label shrinks until the text fits its lines and height")
    func shrinksMultiline() {
        let label = makeLabel(Self.prose, width: 200, height: 60, size: 20)
        label.numberOfLines = 2
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.4
        let layout = label.layOutText(in: label.bounds, lines: 2)
        #expect(layout.scale < 1 && layout.scale >= 0.4)
        #expect(layout.result.showsAllText)
        #expect(layout.result.lines.count <= 2)
        #expect(layout.result.usedRect.maxY <= 60)
    }

    @Test("A shrunk one-line label keeps the full-size baseline (alignBaselines) or centre (alignCenters)")
    func baselineAdjustment() throws {
        let label = makeLabel("Baseline baseline baseline", width: 150, height: 60, size: 24)
        label.textColor = .black
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.3
        let baselineInk = try #require(Pixels(renderOnWhite(label)).bounds(where: Pixels.dark))
        label.baselineAdjustment = .alignCenters
        let centredInk = try #require(Pixels(renderOnWhite(label)).bounds(where: Pixels.dark))
        // Ink sits on the baseline: with alignBaselines it is lower than when centred.
        #expect(baselineInk.maxY > centredInk.maxY + 1)
        #expect(abs(centredInk.midY - 30) < 4)
    }

    @Test("An overridden drawText(in:) with insets moves the ink by the insets")
    func drawTextOverride() throws {
        let plain = makeLabel("Inset text", width: 200, height: 60)
        let inset = InsetTestLabel(frame: plain.frame)
        inset.font = dejaVu(17)
        inset.text = "Inset text"
        for label in [plain, inset] as [UILabel] { label.textColor = .black }
        let a = try #require(Pixels(renderOnWhite(plain)).bounds(where: Pixels.dark))
        let b = try #require(Pixels(renderOnWhite(inset)).bounds(where: Pixels.dark))
        #expect(abs((b.minX - a.minX) - 30) <= 1)
        #expect(abs(b.width - a.width) <= 1)
        // Vertically centred in the inset rect: top inset 10, bottom 10 — the same centre.
        #expect(abs(b.midY - a.midY) <= 1)
        inset.insets = UIEdgeInsets(top: 30, left: 30, bottom: 0, right: 0)
        let c = try #require(Pixels(renderOnWhite(inset)).bounds(where: Pixels.dark))
        #expect(abs((c.midY - a.midY) - 15) <= 1)
    }

    @Test("intrinsicContentSize: one line unwrapped; several wrapped at preferredMaxLayoutWidth or the width")
    func intrinsicSize() {
        let label = makeLabel(Self.prose, width: 0, height: 0)
        let oneLine = label.intrinsicContentSize
        #expect(oneLine == label.sizeThatFits(.zero))
        #expect(oneLine.width > 500)
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize == oneLine)  // no width to wrap at yet
        label.preferredMaxLayoutWidth = 160
        let wrapped = label.intrinsicContentSize
        #expect(wrapped.width <= 160)
        #expect(wrapped.height > 3 * oneLine.height)
        label.preferredMaxLayoutWidth = 0
        label.frame = CGRect(x: 0, y: 0, width: 250, height: 10)
        #expect(label.intrinsicContentSize.width <= 250)
        #expect(label.intrinsicContentSize.height > oneLine.height)
    }

    @Test("text and attributedText: the label's properties fill in and follow the string's start")
    func textAndAttributes() {
        let label = makeLabel("Plain")
        let attributes = label.attributedText!.attributes(at: 0, effectiveRange: nil)
        #expect((attributes[.font] as? UIFont)?.pointSize == 17)
        #expect(attributes[.foregroundColor] as? UIColor == UIColor.label)

        let styled = NSMutableAttributedString(string: "Red and blue", attributes: [.font: dejaVu(30), .foregroundColor: UIColor.red])
        styled.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 8, length: 4))
        label.attributedText = styled
        #expect(label.font.pointSize == 30)
        #expect(label.textColor == UIColor.red)
        #expect(label.text == "Red and blue")
        // Setting the font applies it to all of the text; the colours stay.
        label.font = dejaVu(12)
        #expect((label.attributedText!.attribute(.font, at: 9, effectiveRange: nil) as? UIFont)?.pointSize == 12)
        #expect(label.attributedText!.attribute(.foregroundColor, at: 9, effectiveRange: nil) as? UIColor == UIColor.blue)
        label.textAlignment = .center
        #expect((label.attributedText!.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)?.alignment == .center)
        label.text = nil
        #expect(label.text == nil && label.attributedText == nil)
        #expect(label.sizeThatFits(.zero) == .zero)
    }

    @Test("Highlighted, disabled and shadowed text is drawn as UIKit draws it")
    func states() throws {
        let label = makeLabel("State", width: 120, height: 40, size: 24)
        label.textColor = .black
        label.highlightedTextColor = .red
        #expect(Pixels(renderOnWhite(label)).count(where: Pixels.red) == 0)
        label.isHighlighted = true
        #expect(Pixels(renderOnWhite(label)).count(where: Pixels.red) > 30)
        label.isHighlighted = false

        let darkEnabled = Pixels(renderOnWhite(label)).count { r, g, b in r < 60 && g < 60 && b < 60 }
        label.isEnabled = false
        let darkDisabled = Pixels(renderOnWhite(label)).count { r, g, b in r < 60 && g < 60 && b < 60 }
        #expect(darkEnabled > 30 && darkDisabled == 0)
        label.isEnabled = true

        let plain = try #require(Pixels(renderOnWhite(label)).bounds(where: Pixels.ink))
        label.shadowColor = .red
        label.shadowOffset = CGSize(width: 3, height: 3)
        let pixels = Pixels(renderOnWhite(label))
        let shadow = try #require(pixels.bounds(where: Pixels.red))
        #expect(abs(shadow.minX - (plain.minX + 3)) <= 1)
        #expect(abs(shadow.minY - (plain.minY + 3)) <= 1)
    }

    @Test("Labels and text fields render to a PNG")
    func renderPNG() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 290))
        root.backgroundColor = .white
        func label(_ text: String, _ frame: CGRect, size: CGFloat = 14) -> UILabel {
            let label = UILabel(frame: frame)
            label.font = dejaVu(size)
            label.text = text
            root.addSubview(label)
            return label
        }
        let title = label("Sign in", CGRect(x: 10, y: 8, width: 300, height: 30), size: 22)
        title.textAlignment = .center
        let note = label(UILabelTests.prose + " " + UILabelTests.prose, CGRect(x: 10, y: 40, width: 300, height: 44))
        note.textColor = .darkGray
        note.numberOfLines = 2
        let shrunk = label("This headline shrinks to fit on one line", CGRect(x: 10, y: 88, width: 300, height: 26), size: 20)
        shrunk.adjustsFontSizeToFitWidth = true
        shrunk.minimumScaleFactor = 0.5
        let disabled = label("Disabled", CGRect(x: 10, y: 116, width: 145, height: 22))
        disabled.isEnabled = false
        let shadowed = label("Shadowed", CGRect(x: 165, y: 116, width: 145, height: 22))
        shadowed.textAlignment = .right
        shadowed.shadowColor = .orange
        shadowed.shadowOffset = CGSize(width: 1, height: 1)

        func field(_ y: CGFloat, _ style: UITextField.BorderStyle) -> UITextField {
            let field = UITextField(frame: CGRect(x: 10, y: y, width: 300, height: 34))
            field.font = dejaVu(16)
            field.borderStyle = style
            root.addSubview(field)
            return field
        }
        let email = field(146, .roundedRect)
        email.placeholder = "Email address"
        let password = field(188, .line)
        password.isSecureTextEntry = true
        password.text = "correct horse"
        let bezel = field(230, .bezel)
        bezel.text = "Bezel border, not editing"

        let image = renderOnWhite(root, scale: 2)
        writePNG(image, to: "/tmp/otk-label-field.png")
        email.becomeFirstResponder()
        email.insertText("ada@example.org")
        writePNG(renderOnWhite(root, scale: 2), to: "/tmp/otk-label-field-editing.png")
        let pixels = Pixels(image)
        #expect(pixels.count(in: CGRect(x: 20, y: 16, width: 600, height: 60), where: Pixels.dark) > 100)
        #expect(pixels.count(in: CGRect(x: 20, y: 80, width: 600, height: 88), where: Pixels.ink) > 100)
        #expect(pixels.count(in: CGRect(x: 20, y: 292, width: 600, height: 68), where: Pixels.ink) > 100)
    }
}

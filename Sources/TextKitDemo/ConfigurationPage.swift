import Foundation
import OpenTextKit

/// The seeds' "Configuration" demo: an editable text whose font, size, kerning, ligatures,
/// hyphenation and paragraph settings change live from the controls on the left. Each change
/// sets the attributes over the whole text storage (one editing round, so the layout manager
/// relays out once) and the text view's typing attributes, so that new text matches.
@MainActor
final class ConfigurationPage: UIView, ReportingPage {
    static let families = ["DejaVu Serif", "Linux Libertine O", "DejaVu Sans", "DejaVu Sans Mono"]
    static let sizes: [CGFloat] = [11, 12, 13, 14, 16, 18, 20, 24]

    let textView = UITextView(frame: .zero)
    let family = ChoiceControl(frame: .zero, options: ["Serif", "Libertine", "Sans", "Mono"], selectedIndex: 1)
    let size = StopSlider(frame: .zero, stops: ConfigurationPage.sizes.count, value: 4)
    let kerning = ChoiceControl(frame: .zero, options: ["Font", "Off", "Loose"])
    let ligatures = ChoiceControl(frame: .zero, options: ["None", "Default", "All"], selectedIndex: 1)
    let hyphenation = ChoiceControl(frame: .zero, options: ["Off", "On"])
    let alignment = ChoiceControl(frame: .zero, options: ["Left", "Centre", "Right", "Justify"])
    let spacing = ChoiceControl(frame: .zero, options: ["0", "4", "8"])
    let indent = ChoiceControl(frame: .zero, options: ["0", "20", "40"])
    private var rows: [(label: UILabel, control: UIView)] = []

    static let sample = """
        Typography is the craft of endowing human language with a durable visual form. Affluent \
        officials fly fifty flags: the ligatures fi, fl, ff, ffi and ffl join their letters, and kerning \
        tucks the V under the A in AVATAR, the o under the T in To, and the y under the P in Py.
        Incomprehensibilities, internationalization and characteristically long words show where \
        hyphenation helps a narrow justified column most; turn it on and watch the gaps close.
        """

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        let controls: [(String, UIView)] = [("Font", family), ("Size", size), ("Kerning", kerning), ("Ligatures", ligatures),
                                            ("Hyphens", hyphenation), ("Align", alignment), ("Spacing", spacing), ("Indent", indent)]
        for (title, control) in controls {
            let label = UILabel(frame: .zero)
            label.font = UIFont.systemFont(ofSize: 13)
            label.text = title
            rows.append((label, control))
            addSubview(label)
            addSubview(control)
        }
        for choice in [family, kerning, ligatures, hyphenation, alignment, spacing, indent] {
            choice.onChange = { [unowned self] _ in apply() }
        }
        size.onChange = { [unowned self] _ in apply() }
        textView.textContainerInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        textView.text = Self.sample
        addSubview(textView)
        apply()
        textView.selectedRange = NSRange(location: textView.textStorage.length, length: 0)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        for (i, row) in rows.enumerated() {
            let y = 12 + CGFloat(i) * 40
            row.label.frame = CGRect(x: 16, y: y, width: 70, height: 28)
            row.control.frame = CGRect(x: 86, y: y, width: 220, height: 28)
        }
        textView.frame = CGRect(x: 322, y: 12, width: max(bounds.width - 338, 0), height: max(bounds.height - 24, 0))
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setStrokeColor(UIColor.systemGray)
        context.setLineWidth(1)
        context.stroke(textView.frame.insetBy(dx: -0.5, dy: -0.5))
    }

    /// The attributes the controls choose.
    var attributes: [NSAttributedString.Key: Any] {
        let name = Self.families[family.selectedIndex]
        let pointSize = Self.sizes[size.value]
        let style = NSMutableParagraphStyle()
        style.alignment = [.left, .center, .right, .justified][alignment.selectedIndex]
        style.hyphenationFactor = hyphenation.selectedIndex == 1 ? 1 : 0
        style.lineSpacing = [0, 4, 8][spacing.selectedIndex]
        style.firstLineHeadIndent = [0, 20, 40][indent.selectedIndex]
        style.paragraphSpacing = 6
        var attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont(name: name, size: pointSize) ?? UIFont.systemFont(ofSize: pointSize),
            .paragraphStyle: style,
            .ligature: ligatures.selectedIndex,
        ]
        // No `.kern` is the font's kerning; 0 turns it off; a positive value adds space.
        if kerning.selectedIndex == 1 { attributes[.kern] = 0 }
        if kerning.selectedIndex == 2 { attributes[.kern] = 1.5 }
        return attributes
    }

    /// Sets the controls' attributes on the whole text, live.
    func apply() {
        let storage = textView.textStorage
        let all = NSRange(location: 0, length: storage.length)
        let attributes = self.attributes
        storage.beginEditing()
        storage.removeAttribute(.kern, range: all)
        storage.addAttributes(attributes, range: all)
        storage.endEditing()
        textView.typingAttributes = attributes
        setNeedsDisplay()
    }

    var report: [String: String] {
        let layoutManager = textView.layoutManager
        let storage = textView.textStorage
        let text = storage.string as NSString
        let glyphs = layoutManager.glyphRange(for: textView.textContainer)
        var lines = 0, brokenWords = 0
        layoutManager.enumerateLineFragments(forGlyphRange: glyphs) { _, _, _, glyphRange, _ in
            lines += 1
            let characters = layoutManager.characterRange(forGlyphRange: glyphRange, actualGlyphRange: nil)
            let end = characters.location + characters.length
            // A line that ends inside a word: hyphenation broke it there.
            if end > 0, end < text.length, Self.isLetter(text.character(at: end - 1)), Self.isLetter(text.character(at: end)) {
                brokenWords += 1
            }
        }
        let font = storage.length > 0 ? storage.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        let style = storage.length > 0 ? storage.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle : nil
        return [
            "text": storage.string,
            "font": font.map { "\($0.familyName) \($0.pointSize)" } ?? "none",
            "kern": storage.length > 0 ? (storage.attribute(.kern, at: 0, effectiveRange: nil) as? NSNumber).map { "\($0)" } ?? "default" : "default",
            "ligature": "\(ligatures.selectedIndex)",
            "alignment": "\(style?.alignment.rawValue ?? -1)",
            "hyphenationFactor": "\(style?.hyphenationFactor ?? -1)",
            "lineSpacing": "\(style?.lineSpacing ?? -1)",
            "lines": "\(lines)",
            "wordsBrokenAtLineEnds": "\(brokenWords)",
            // Latin text has a glyph per character, except a ligature: one glyph for its characters.
            "charactersInLigatures": "\(storage.length - layoutManager.numberOfGlyphs)",
            "usedHeight": "\(Int(layoutManager.usedRect(for: textView.textContainer).height.rounded()))",
        ]
    }

    private static func isLetter(_ unit: unichar) -> Bool {
        Unicode.Scalar(unit).map { CharacterSet.letters.contains($0) } ?? false
    }
}

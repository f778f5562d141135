import OpenTextKit

/// The sample's fonts, colours and paragraph styles, and a builder that appends styled text.
struct SampleStyle {
    let body: UIFont
    let italic: UIFont
    let bold: UIFont
    let boldItalic: UIFont
    let heading: UIFont
    let lede: UIFont
    let mono: UIFont
    let sansSmall: UIFont
    let serifFamily: String
    let sansFamily: String

    static let ink = UIColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 1)
    static let codeInk = UIColor(red: 0.08, green: 0.38, blue: 0.45, alpha: 1)
    static let codeBackground = UIColor(red: 0.94, green: 0.95, blue: 0.97, alpha: 1)

    /// Fonts at `size` (the body size): the families that are installed among the ones the
    /// sample is designed for, or `bodyFont`'s family when the user gave one.
    init(size: CGFloat, bodyFont: UIFont?) {
        let serif = bodyFont?.familyName
            ?? ["Noto Serif", "Linux Libertine O", "DejaVu Serif"].first { UIFont(name: $0, size: size) != nil }
            ?? UIFont.systemFontFamilyName
        let sans = ["Noto Sans", "DejaVu Sans"].first { UIFont(name: $0, size: size) != nil } ?? UIFont.systemFontFamilyName
        serifFamily = serif
        sansFamily = sans
        func font(_ family: String, _ traits: UIFontDescriptor.SymbolicTraits, _ size: CGFloat) -> UIFont {
            let descriptor = UIFontDescriptor(fontAttributes: [.family: family])
            return UIFont(descriptor: descriptor.withSymbolicTraits(traits) ?? descriptor, size: size)
        }
        body = font(serif, [], size)
        italic = font(serif, .traitItalic, size)
        bold = font(serif, .traitBold, size)
        boldItalic = font(serif, [.traitBold, .traitItalic], size)
        heading = font(sans, .traitBold, (size * 1.3).rounded())
        lede = font(serif, .traitItalic, (size * 1.2).rounded())
        mono = UIFont.monospacedSystemFont(ofSize: (size * 0.8 * 2).rounded() / 2, weight: .regular)
        sansSmall = font(sans, [], (size * 0.85).rounded())
    }

    // MARK: Paragraph styles

    func bodyStyle(alignment: NSTextAlignment = .justified, hyphenation: Float = 1) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        style.hyphenationFactor = hyphenation
        style.lineHeightMultiple = 1.08
        style.paragraphSpacing = (body.pointSize * 0.55).rounded()
        return style
    }

    var headingStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.paragraphSpacingBefore = (body.pointSize * 0.9).rounded()
        style.paragraphSpacing = (body.pointSize * 0.35).rounded()
        return style
    }

    var ledeStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = .left
        style.lineHeightMultiple = 1.05
        style.paragraphSpacing = body.pointSize
        return style
    }

    func codeStyle(last: Bool) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = .left
        style.firstLineHeadIndent = 6
        style.headIndent = 18
        style.lineHeightMultiple = 1.05
        style.paragraphSpacing = last ? body.pointSize * 0.8 : 0
        return style
    }

    func tableStyle(stops: [NSTextTab]) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = .left
        style.tabStops = stops
        style.lineHeightMultiple = 1.1
        return style
    }
}

/// Appends styled text to the sample.
struct SampleBuilder {
    let style: SampleStyle
    let text = NSMutableAttributedString()

    var bodyAttributes: [NSAttributedString.Key: Any] {
        [.font: style.body, .foregroundColor: SampleStyle.ink]
    }

    /// Appends `string` with the body attributes overridden by `attributes`.
    func add(_ string: String, _ attributes: [NSAttributedString.Key: Any] = [:]) {
        var all = bodyAttributes
        all.merge(attributes) { _, new in new }
        text.append(NSAttributedString(string: string, attributes: all))
    }

    /// Appends text written with a little markup: `**bold**`, `_italic_`, `***bold italic***`
    /// and `` `code` ``.
    func marked(_ string: String) {
        var rest = Substring(string)
        let markers: [(String, [NSAttributedString.Key: Any])] = [
            ("***", [.font: style.boldItalic]), ("**", [.font: style.bold]), ("_", [.font: style.italic]),
            ("`", [.font: style.mono.withSize(style.body.pointSize * 0.9), .foregroundColor: SampleStyle.codeInk]),
        ]
        while !rest.isEmpty {
            var earliest: (Range<Substring.Index>, String, [NSAttributedString.Key: Any])?
            for (marker, attributes) in markers {
                if let range = rest.range(of: marker), earliest == nil || range.lowerBound < earliest!.0.lowerBound {
                    earliest = (range, marker, attributes)
                }
            }
            guard let (open, marker, attributes) = earliest,
                  let close = rest[open.upperBound...].range(of: marker) else {
                add(String(rest))
                return
            }
            add(String(rest[..<open.lowerBound]))
            add(String(rest[open.upperBound..<close.lowerBound]), attributes)
            rest = rest[close.upperBound...]
        }
    }

    /// Ends the paragraph begun since the last call, giving it `paragraphStyle`.
    func endParagraph(_ paragraphStyle: NSParagraphStyle) {
        add("\n")
        let range = text.paragraphRange(for: NSRange(location: text.length - 1, length: 0))
        text.addAttribute(.paragraphStyle, value: paragraphStyle, range: range)
    }

    func heading(_ title: String) {
        add(title, [.font: style.heading, .foregroundColor: SampleArtwork.navy])
        endParagraph(style.headingStyle)
    }

    func paragraph(_ marked: String, _ paragraphStyle: NSParagraphStyle? = nil) {
        self.marked(marked)
        endParagraph(paragraphStyle ?? style.bodyStyle())
    }
}

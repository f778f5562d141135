import OpenTextKit

/// Applies the text options to a loaded document.
enum DocumentStyler {
    /// Applies the paragraph overrides (alignment, hyphenation, line height, line breaking) to every
    /// paragraph, and the language to every character, where the options give them.
    static func applyOverrides(_ settings: TextSettings, to text: NSMutableAttributedString) {
        let all = NSRange(location: 0, length: text.length)
        guard all.length > 0 else { return }
        if settings.alignment != nil || settings.hyphenation != nil || settings.lineHeight != nil || settings.breaksOptimally != nil {
            var runs: [(NSRange, NSParagraphStyle?)] = []
            text.enumerateAttribute(.paragraphStyle, in: all, options: []) { value, range, _ in
                runs.append((range, value as? NSParagraphStyle))
            }
            // Styles are shared between runs: make each distinct style's replacement once.
            var replaced: [ObjectIdentifier: NSParagraphStyle] = [:]
            let plain = NSParagraphStyle.default
            for (range, style) in runs {
                let original = style ?? plain
                let key = ObjectIdentifier(original)
                let new: NSParagraphStyle
                if let done = replaced[key] {
                    new = done
                } else {
                    let mutable = original.mutableCopy() as! NSMutableParagraphStyle  // swiftlint:disable:this force_cast — mutableCopy() of a paragraph style is one
                    if let alignment = settings.alignment { mutable.alignment = alignment }
                    if let hyphenation = settings.hyphenation { mutable.hyphenationFactor = hyphenation }
                    if let lineHeight = settings.lineHeight { mutable.lineHeightMultiple = lineHeight }
                    if let optimal = settings.breaksOptimally {
                        if optimal { mutable.lineBreakStrategy.insert(.optimal) } else { mutable.lineBreakStrategy.remove(.optimal) }
                    }
                    new = mutable
                    replaced[key] = new
                }
                text.addAttribute(.paragraphStyle, value: new, range: range)
            }
        }
        if let language = settings.language {
            text.addAttribute(.languageIdentifier, value: language, range: all)
        }
    }

    /// Scales every font of `text` by `factor` (Markdown's text styles, to a requested body size).
    static func scaleFonts(of text: NSMutableAttributedString, by factor: CGFloat) {
        let all = NSRange(location: 0, length: text.length)
        guard all.length > 0, factor != 1 else { return }
        var runs: [(NSRange, UIFont)] = []
        text.enumerateAttribute(.font, in: all, options: []) { value, range, _ in
            if let font = value as? UIFont { runs.append((range, font)) }
        }
        for (range, font) in runs {
            text.addAttribute(.font, value: font.withSize(font.pointSize * factor), range: range)
        }
    }
}

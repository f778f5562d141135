import OpenTextKit

/// Applies the text options to a loaded document.
enum DocumentStyler {
    /// Applies the paragraph overrides (alignment, hyphenation, line height, line breaking, widow
    /// and orphan control, hanging punctuation, glyph expansion) to every paragraph, and the language to every
    /// character, where the options give them.
    ///
    /// Only running text is justified and hyphenated: a paragraph that a Markdown document marks as
    /// a heading, code, quote, list item or table row (``MarkdownBlock/isBodyText``) keeps its
    /// own alignment when `--justify` is given, and is never hyphenated or hung, as a typographer sets them.
    static func applyOverrides(_ settings: TextSettings, to text: NSMutableAttributedString) {
        let all = NSRange(location: 0, length: text.length)
        guard all.length > 0 else { return }
        if settings.alignment != nil || settings.hyphenation != nil || settings.lineHeight != nil || settings.breaksOptimally != nil
            || settings.preventsWidowsAndOrphans || settings.hangsPunctuation != nil || settings.glyphExpansion != nil {
            var runs: [(NSRange, NSParagraphStyle?, isBody: Bool)] = []
            text.enumerateAttribute(.paragraphStyle, in: all, options: []) { value, range, _ in
                text.enumerateAttribute(.markdownBlock, in: range, options: []) { block, subrange, _ in
                    runs.append((subrange, value as? NSParagraphStyle, (block as? MarkdownBlock)?.isBodyText ?? true))
                }
            }
            // Styles are shared between runs: make each distinct style's replacement once.
            var replaced: [ObjectIdentifier: (body: NSParagraphStyle?, other: NSParagraphStyle?)] = [:]
            let plain = NSParagraphStyle.default
            for (range, style, isBody) in runs {
                let original = style ?? plain
                let key = ObjectIdentifier(original)
                let done = isBody ? replaced[key]?.body : replaced[key]?.other
                let new = done ?? overridden(original, settings, isBody: isBody)
                if isBody { replaced[key, default: (nil, nil)].body = new } else { replaced[key, default: (nil, nil)].other = new }
                text.addAttribute(.paragraphStyle, value: new, range: range)
            }
        }
        if let language = settings.language {
            text.addAttribute(.languageIdentifier, value: language, range: all)
        }
    }

    /// `style` with the options' alignment, hyphenation, line height, line breaking, widow
    /// control, hanging punctuation and glyph expansion; text that is not running text is neither
    /// justified, hyphenated, hung nor expanded.
    private static func overridden(_ style: NSParagraphStyle, _ settings: TextSettings, isBody: Bool) -> NSParagraphStyle {
        let mutable = style.mutableCopy() as! NSMutableParagraphStyle  // swiftlint:disable:this force_cast — mutableCopy() of a paragraph style is one
        if let alignment = settings.alignment, isBody || alignment != .justified { mutable.alignment = alignment }
        if let hyphenation = settings.hyphenation { mutable.hyphenationFactor = isBody ? hyphenation : 0 }
        if let lineHeight = settings.lineHeight { mutable.lineHeightMultiple = lineHeight }
        if let optimal = settings.breaksOptimally {
            if optimal { mutable.lineBreakStrategy.insert(.optimal) } else { mutable.lineBreakStrategy.remove(.optimal) }
        }
        if let hangs = settings.hangsPunctuation { mutable.hangsPunctuation = hangs && isBody }
        if let expansion = settings.glyphExpansion { mutable.glyphExpansionLimit = isBody ? expansion : 0 }
        if settings.preventsWidowsAndOrphans { mutable.preventsWidowsAndOrphans = true }
        return mutable
    }

    /// Scales every font of `text` by `factor` (Markdown's text styles, to a requested body size).
    static func scaleFonts(of text: NSMutableAttributedString, by factor: CGFloat) {
        scaleFonts(of: text, in: NSRange(location: 0, length: text.length), by: factor)
    }

    /// Scales the fonts of `range` of `text` by `factor`.
    static func scaleFonts(of text: NSMutableAttributedString, in all: NSRange, by factor: CGFloat) {
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

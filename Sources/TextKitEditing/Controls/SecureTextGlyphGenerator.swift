import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The glyph generation delegate of a secure text field's layout managers: every grapheme
/// cluster of the text is drawn and measured as one bullet (•, U+2022), while the text storage
/// keeps the real characters (for ``UITextField/text``, the caret and the input system). This is
/// TextKit's own way, `layoutManager(_:shouldGenerateGlyphs:properties:characterIndexes:font:forGlyphRange:)`.
///
/// A run's glyphs stand for the characters from their first cluster to the end of their last
/// one; a glyph for several grapheme clusters (a ligature such as "fi") gets a bullet for each.
/// The delegate is not told where a run's characters end, so the last glyph's cluster is taken to
/// run on over the grapheme clusters after it that must belong to the same run (same attributes,
/// same script, drawn by the same font); a ligature of that last glyph with a neutral character
/// (punctuation, a digit) would show as one bullet.
final class SecureTextGlyphGenerator: NSLayoutManagerDelegate {
    /// The bullet drawn for each grapheme cluster.
    static let bullet: Unicode.Scalar = "\u{2022}"
    /// The font whose bullet is drawn for runs whose font has none (an emoji font): the field's.
    var fallbackFont = UIFont.systemFont(ofSize: 17)

    func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                       properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                       characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                       forGlyphRange glyphRange: NSRange) -> Int {
        guard glyphRange.length > 0, let storage = layoutManager.textStorage else { return 0 }
        guard let (font, bullet) = bulletGlyph(for: aFont) else { return 0 }
        // The characters the run's glyphs stand for: its first cluster to its last cluster's end.
        var first = Int.max, last = Int.min
        for i in 0..<glyphRange.length {
            first = min(first, charIndexes[i])
            last = max(last, charIndexes[i])
        }
        let length = storage.length
        guard first >= 0, last < length else { return 0 }
        let lastEnd = Self.endOfLastCluster(startingAt: last, in: storage, font: aFont)
        let characters = storage.attributedSubstring(from: NSRange(location: first, length: lastEnd - first)).string
        var starts: [Int] = []
        var offset = first
        for character in characters {
            starts.append(offset)
            offset += character.utf16.count
        }
        guard !starts.isEmpty else { return 0 }
        let ids = [CGGlyph](repeating: bullet, count: starts.count)
        let properties = [NSLayoutManager.GlyphProperty](repeating: [], count: starts.count)
        ids.withUnsafeBufferPointer { idBuffer in
            properties.withUnsafeBufferPointer { propertyBuffer in
                starts.withUnsafeBufferPointer { startBuffer in
                    layoutManager.setGlyphs(idBuffer.baseAddress!, properties: propertyBuffer.baseAddress!,
                                            characterIndexes: startBuffer.baseAddress!, font: font,
                                            forGlyphRange: NSRange(location: glyphRange.location, length: starts.count))
                }
            }
        }
        return starts.count
    }

    /// Where the characters of a run's last glyph end: the grapheme cluster at `start`, and the
    /// clusters after it that the itemizer cannot have put in another run — of the same
    /// (non-neutral) script, with the same attributes, every character in `font` — since no later
    /// glyph of the run draws them.
    private static func endOfLastCluster(startingAt start: Int, in storage: NSTextStorage, font: UIFont) -> Int {
        var attributeRun = NSRange(location: 0, length: 0)
        _ = storage.attributes(at: start, effectiveRange: &attributeRun)
        let limit = min(attributeRun.location + attributeRun.length, storage.length)
        let window = NSRange(location: start, length: min(limit - start, 256))
        let text = storage.attributedSubstring(from: window).string
        guard let first = text.first else { return start + 1 }
        var end = start + first.utf16.count
        guard let script = first.unicodeScalars.first.map({ Script.of($0.value) }), !script.isNeutral else { return end }
        for character in text.dropFirst() {
            guard !character.isNewline, let scalar = character.unicodeScalars.first, Script.of(scalar.value) == script,
                  character.unicodeScalars.allSatisfy({ font.glyph(for: $0) != nil }) else { break }
            end += character.utf16.count
        }
        return end
    }

    /// The bullet's glyph in `font`, or in ``fallbackFont`` (at `font`'s size) when `font` has none.
    private func bulletGlyph(for font: UIFont) -> (UIFont, CGGlyph)? {
        if let glyph = font.glyph(for: Self.bullet) { return (font, glyph) }
        let fallback = fallbackFont.withSize(font.pointSize)
        if let glyph = fallback.glyph(for: Self.bullet) { return (fallback, glyph) }
        return nil
    }
}

import TextKitFonts
import TextKitModel

/// A piece of a typesetter's string analyzed as one paragraph: its UTF-16 text (owned, so line
/// fitters and lines can keep pointers into it), the width-independent analysis, and the line
/// breaking settings its paragraph style asks for. Usually one paragraph of the string; a line
/// made over several paragraphs (``CTLineCreateWithAttributedString(_:)`` of a string with
/// newlines) gets a piece of its own.
///
/// Immutable after init; shared by the typesetter's cache and by every line made from it.
final class TypesetParagraph: @unchecked Sendable {  // immutable; the buffer is only read
    /// Where the piece starts in the typesetter's string (UTF-16 offset).
    let start: Int
    let analysis: ParagraphAnalysis
    let settings: LineBreakSettings
    /// The piece's text; lives as long as the object.
    let text: UnsafeBufferPointer<UInt16>
    private let storage: UnsafeMutableBufferPointer<UInt16>

    var length: Int { text.count }
    var glyphs: ParagraphGlyphs { analysis.glyphs }

    /// Analyzes `range` of `string` with `analyzer`; `direction` overrides the paragraph style's
    /// base writing direction.
    init(string: NSAttributedString, range: NSRange, analyzer: ParagraphAnalyzer, direction: NSWritingDirection? = nil) {
        start = range.location
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(1, range.length))
        if range.length > 0, let base = buffer.baseAddress { string._copyUTF16(in: range, into: base) }
        storage = buffer
        text = UnsafeBufferPointer(rebasing: buffer[0..<range.length])
        var runs: [AttributeRunInput] = []
        if range.length > 0 {
            string._forEachAttributeRun(in: range) { attributes, runRange in
                runs.append(AttributeRunInput(range: (runRange.location - range.location)..<(runRange.location + runRange.length - range.location),
                                              attributes: attributes))
                return true
            }
        }
        var style = (runs.first?.attributes[.paragraphStyle] as? NSParagraphStyle) ?? .default
        if let direction, direction != style.baseWritingDirection, let forced = style.mutableCopy() as? NSMutableParagraphStyle {
            forced.baseWritingDirection = direction
            style = forced
        }
        analysis = range.length > 0 ? analyzer.analyze(text: text, runs: runs, paragraphStyle: style) : .empty
        settings = LineBreakSettings(paragraphStyle: style, analysis: analysis)
    }

    deinit {
        storage.deallocate()
    }

    /// A line fitter over this paragraph (cheap: it borrows the arrays), in the style's line break
    /// mode or `mode`, hyphenating as the style asks unless `hyphenates` is false. Punctuation
    /// does not hang: a typesetter's lines are set as they stand (frames hang it, through the
    /// line loop).
    func fitter(mode: NSLineBreakMode? = nil, hyphenates: Bool = true) -> LineFitter {
        var settings = self.settings
        settings.hangsPunctuation = false
        if let mode { settings.mode = mode }
        if !hyphenates { settings.hyphenationFactor = 0 }
        return LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: text, settings: settings)
    }

    /// A line placer over this paragraph, with Core Text's metrics (the fonts' leading counts).
    func placer() -> LinePlacer {
        var placer = LinePlacer(analysis: analysis, text: text)
        placer.usesFontLeading = true
        return placer
    }
}

extension LineBreakSettings {
    /// The settings a paragraph style asks for: its line break mode, hyphenation when its
    /// `hyphenationFactor` is set or it `usesDefaultHyphenation` (with the dictionary of the text's
    /// language, US English when none is set), and its tab stops.
    package init(paragraphStyle style: NSParagraphStyle, analysis: ParagraphAnalysis) {
        self.init()
        mode = style.lineBreakMode
        breaksByTotalFit = style.lineBreakStrategy.contains(.optimal)
        hangsPunctuation = style.hangsPunctuation
        hyphenationFactor = style.hyphenationFactor > 0 ? style.hyphenationFactor : (style.usesDefaultHyphenation ? 1 : 0)
        if hyphenationFactor > 0 {
            let language = analysis.styles.first?.language ?? ""
            hyphenator = Hyphenator.forLanguage(language.isEmpty ? "en-US" : language)
        }
        tabStops = analysis.tabStops
        code = analysis.codeRanges
        let glyphs = analysis.glyphs
        hyphenWidth = { offset in
            let g = glyphs.glyph(forCharacterAt: offset)
            guard g < glyphs.count else { return 0 }
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: g)].font)]
            return Float(font.hyphenGlyph.map { font.advance(forGlyph: $0) } ?? 0)
        }
    }
}

import COTKICU
import TextKitFonts
import TextKitModel

/// One attribute run of a paragraph, as the layout layer hands it over.
package struct AttributeRunInput {
    /// UTF-16 offsets in the paragraph.
    package var range: Range<Int>
    package var attributes: [NSAttributedString.Key: Any]
    package init(range: Range<Int>, attributes: [NSAttributedString.Key: Any]) {
        self.range = range
        self.attributes = attributes
    }
}

// Immutable once made, except `glyphs` and `segments` while a glyph-generation delegate edits them
// on the layout thread: plain assignments that overlap no other access, so they skip the
// exclusivity checks that every line's reads would pay.
/// The width-independent layout of a paragraph: its glyphs and its break opportunities. Refilling
/// lines at another width reuses it whole. A class, so that layout records share it without
/// copying its arrays.
package final class ParagraphAnalysis: @unchecked Sendable {
    @exclusivity(unchecked) package var glyphs: ParagraphGlyphs
    @exclusivity(unchecked) package var segments: [BreakSegment]  // re-measured after a glyph-generation delegate changes glyphs
    /// 0 for a left-to-right paragraph, 1 for right-to-left.
    package let baseLevel: UInt8
    /// One style per attribute run of the paragraph (`GlyphRun.style` indexes this).
    package let styles: [RunStyle]
    /// The characters of each attribute run (`styles[i]` covers `styleRanges[i]`); shaping never
    /// crosses their boundaries, or gave the glyphs that it gives apart where it did (a colour
    /// added after shaping: ParagraphGlyphs+Restyle.swift).
    package let styleRanges: [Range<Int>]
    package let paragraphStyle: NSParagraphStyle
    /// The paragraph style's tab stops, resolved.
    package let tabStops: TabStopList

    /// The ICU locale of the paragraph's line breaking: its first run's language ("" for the root rules).
    package static func lineBreakLocale(styles: [RunStyle]) -> String {
        styles.first.map { $0.language.isEmpty ? "" : $0.language.replacingOccurrences(of: "-", with: "_") } ?? ""
    }
    /// The hyphenation points of its words, kept by total-fit breaking (LineLoop+TotalFit.swift)
    /// once found, for breaking it again at another width.
    package let hyphenationMemo = HyphenationMemo()
    /// Whether its glyphs are still what shaping made: false once a glyph-generation delegate was
    /// offered them, or `setGlyphs` or a layout primitive changed them. An edit inside the
    /// paragraph then shapes it whole (``PriorGlyphs`` copies only shaped glyphs).
    @exclusivity(unchecked) package var isAsShaped = true
    /// Where an analysis made after an edit inside the paragraph has the glyphs of the analysis
    /// before it (``PriorGlyphs``): characters before `prefixEnd`, and from `suffixStart` on
    /// (`Int.max`: none after the edit); nil when it copied none. The lines before the edit and
    /// after it are then taken again where their segments are unchanged too (``PriorLines``).
    package var copiedGlyphs: (prefixEnd: Int, suffixStart: Int)?

    package var length: Int { glyphs.length }

    /// Approximate bytes held: glyphs and break opportunities, and ``fixedByteCount`` for the
    /// objects and arrays every analysis has, however short its paragraph.
    package var byteCount: Int { Self.fixedByteCount + glyphs.byteCount + segments.count * MemoryLayout<BreakSegment>.stride }

    /// What an analysis costs besides its elements: this object, its glyphs' object, and a dozen
    /// arrays' headers and allocations (measured with heaptrack on a document of short
    /// paragraphs, where counting elements alone left a third of the memory uncounted).
    package static let fixedByteCount = 768

    package init(glyphs: ParagraphGlyphs, segments: [BreakSegment], baseLevel: UInt8, styles: [RunStyle],
                 styleRanges: [Range<Int>], paragraphStyle: NSParagraphStyle, tabStops: TabStopList? = nil) {
        self.glyphs = glyphs
        self.segments = segments
        self.baseLevel = baseLevel
        self.styles = styles
        self.styleRanges = styleRanges
        self.paragraphStyle = paragraphStyle
        self.tabStops = tabStops ?? TabStopList(style: paragraphStyle)
    }

    /// The analysis of an empty paragraph.
    package static let empty = ParagraphAnalysis(glyphs: ParagraphGlyphs(), segments: [], baseLevel: 0, styles: [],
                                                 styleRanges: [], paragraphStyle: .default)
}

/// Turns a paragraph's text and attributes into glyphs: bidi levels (ICU), script and font runs
/// (with fallback for characters the font lacks), shaping (HarfBuzz, word by word through the
/// shared ``ShapedWordCache``) and line-break opportunities (ICU).
///
/// Not thread-safe: it owns scratch buffers. Use one per thread; parallel layout makes one per
/// worker.
package final class ParagraphAnalyzer {
    // Unchecked exclusivity on the counters and memos read or bumped at every paragraph: an
    // analyzer serves one thread at a time, and they are only ever read or set whole.
    let shaper = Shaper()
    let cache: ShapedWordCache
    /// Scratch for shaping a run's unknown words together (ParagraphAnalyzer+WordBatch.swift).
    var wordBatch = WordBatch()
    /// How many paragraphs this analyzer has shaped (what invalidation tests count).
    @exclusivity(unchecked) package private(set) var analysisCount = 0
    /// How many glyphs its analyses copied from the paragraphs' analyses before an edit instead of
    /// looking their words up (``PriorGlyphs``).
    @exclusivity(unchecked) package private(set) var copiedGlyphCount = 0
    /// The ids the shared cache gave to shaping parameters, by run style, direction and script,
    /// for the recent styles: asking the cache compares language and features under its lock.
    /// Holding the style keeps its identity.
    @exclusivity(unchecked) private var recentParameterIDs: [(style: RunStyle, rightToLeft: Bool, script: Script, id: Int32)] = []
    @exclusivity(unchecked) private var nextRecentParameterID = 0
    /// What `UIFont.fallbackFont(for:presentation:)` answered this analyzer, by font, character and
    /// presentation: each query takes locks and hashes, and a paragraph in a script its font lacks
    /// asks again at every return from its font. Dropped when fonts are registered.
    private var fallbackAnswers: [FallbackQuery: UIFont] = [:]
    /// The fonts the queries were asked of, held so that their identities stay theirs.
    private var fallbackQueryFonts: [ObjectIdentifier: UIFont] = [:]
    private var fallbackGeneration = -1
    private var checkedFallbackGeneration = false

    /// The latest answers in a table indexed by character, read before ``fallbackAnswers``:
    /// a query that hits costs a compare instead of hashing (text in a script the font lacks
    /// asks once for most of its characters). Every entry is also in ``fallbackAnswers``, so
    /// ``fallbackQueryFonts`` holds its query's font; cleared with them.
    @exclusivity(unchecked) private var recentFallbacks = [RecentFallback?](repeating: nil, count: recentFallbackSlots)
    private static let recentFallbackSlots = 512

    private struct FallbackQuery: Hashable {
        let font: ObjectIdentifier
        let scalar: UInt32
        let presentation: UIFont.EmojiPresentation
    }

    private struct RecentFallback {
        let query: FallbackQuery
        let answer: UIFont
    }

    /// Where paragraphs' glyphs are gathered, reused from one paragraph to the next.
    private var glyphBuffers = GlyphBuilder.Buffers(capacity: 1024)
    /// Buffers larger than this (glyphs) are dropped after the paragraph that grew them.
    private static let keptGlyphCapacity = 1 << 16

    package init(cache: ShapedWordCache = .shared) {
        self.cache = cache
    }

    /// Whether this analyzer uses the process-wide word cache (only those are reused).
    var usesSharedCache: Bool { cache === ShapedWordCache.shared }

    /// Lets go of what came from its owner's text (attribute dictionaries and the styles made
    /// from them, which may hold the app's objects), keeping the caches that do not (shaped words,
    /// fallback fonts, shaping parameter ids, buffers): before another owner reuses it.
    func forgetOwner() {
        recentStyles = []
        nextRecentStyle = 0
        recentParameterIDs = []
        nextRecentParameterID = 0
        tabStopCache = nil
        asciiCoverageCache = nil
    }

    /// A piece of the paragraph that is shaped with one font, style, direction and script.
    struct Item {
        var range: Range<Int>
        var style: Int
        var font: UIFont
        var level: UInt8
        var script: Script
    }
    /// The items of the paragraph being shaped, kept from paragraph to paragraph (see `analyze`).
    private var itemBuffer: [Item] = []

    /// Analyzes one paragraph.
    /// - Parameters:
    ///   - text: the paragraph's UTF-16, terminator included.
    ///   - runs: attribute runs covering `0..<text.count` in order.
    ///   - paragraphStyle: the paragraph's style (the layout manager takes the first character's).
    ///   - prior: the paragraph's analysis from before an edit inside it, whose line breaks and
    ///     glyphs away from the edit are reused (``PriorAnalysis``).
    package func analyze(text: UnsafeBufferPointer<UInt16>, runs: [AttributeRunInput],
                         paragraphStyle: NSParagraphStyle,
                         attachmentBounds: AttachmentBoundsQuery? = nil, prior: PriorAnalysis? = nil) -> ParagraphAnalysis {
        analysisCount += 1
        checkedFallbackGeneration = false
        let outer = attachmentQuery
        attachmentQuery = attachmentBounds  // an attachment's answer may lay text out: keep the caller's
        defer { attachmentQuery = outer }
        let paragraphStyle = paragraphStyle.sanitizedForLayout  // NaN and absurd numbers: see LayoutNumber
        let front = syncFrontCache()
        let styles = runs.map { runStyle(for: $0.attributes) }
        // `.writingDirection` wraps its ranges in explicit embeddings or overrides.
        var embeddings: [(range: Range<Int>, controls: [UInt16])] = []
        for (run, style) in zip(runs, styles) where !style.writingDirectionControls.isEmpty {
            embeddings.append((run.range, style.writingDirectionControls))
        }
        let bidi = BidiParagraph(text: text, direction: paragraphStyle.baseWritingDirection, embeddings: embeddings)
        // Glyphs are gathered in this analyzer's buffers (GlyphBuilder.swift) and copied into
        // place at the end.
        let buffers = glyphBuffers.inUse ? GlyphBuilder.Buffers(capacity: text.count) : glyphBuffers
        buffers.inUse = true
        defer {
            buffers.inUse = false
            // One huge paragraph does not leave its buffers behind.
            if buffers === glyphBuffers, buffers.capacity > Self.keptGlyphCapacity { glyphBuffers = GlyphBuilder.Buffers(capacity: 1024) }
        }
        var builder = GlyphBuilder(buffers: buffers)

        // The paragraph's items, all made before any is shaped: a run's unknown word may be shaped
        // with later runs' (ParagraphAnalyzer+WordBatch.swift). The list is a buffer kept from
        // paragraph to paragraph, taken out while in use: an attachment's bounds, asked while
        // shaping, may analyze other text with this analyzer.
        var items = itemBuffer
        itemBuffer = []
        makeItems(text: text, runs: runs, styles: styles, bidi: bidi, into: &items)
        var lookahead = ItemLookahead()
        var reuse = prior.flatMap { PriorGlyphs($0, newLength: text.count) }
        for index in items.indices {
            shapeItem(at: index, of: items, text: text, styles: styles, front: front, lookahead: &lookahead,
                      reuse: &reuse, into: &builder)
        }
        items.removeAll(keepingCapacity: true)
        itemBuffer = items
        let glyphs = builder.finish(length: text.count)
        let copied = reuse?.copied(length: text.count)
        // (Most paragraphs hold no code: no list of ranges is made for them.)
        let code = styles.contains(where: \.breaksLikeCode) ? ParagraphAnalysis.codeRanges(styles: styles, ranges: runs.map(\.range)) : []
        let segments = glyphs.breakSegments(text: text, locale: ParagraphAnalysis.lineBreakLocale(styles: styles),
                                            prior: prior?.breaks, copied: copied, code: code)
        cache.countFrontHits(front.hits)
        front.hits = 0
        copiedGlyphCount += reuse?.copiedGlyphs ?? 0
        let analysis = ParagraphAnalysis(glyphs: glyphs, segments: segments, baseLevel: bidi.baseLevel, styles: styles,
                                         styleRanges: runs.map(\.range), paragraphStyle: paragraphStyle,
                                         tabStops: tabStops(for: paragraphStyle))
        if let copied, reuse?.copiedGlyphs ?? 0 > 0 { analysis.copiedGlyphs = (copied.prefixEnd, copied.suffixStart) }
        #if DEBUG
        if let reuse, reuse.copiedGlyphs > 0, !styles.contains(where: { $0.attachment != nil }) {
            // The copies are what shaping makes (PriorGlyphs.swift): compare with a fresh analysis.
            let fresh = self.analyze(text: text, runs: runs, paragraphStyle: paragraphStyle, attachmentBounds: attachmentBounds)
            analysisCount -= 1
            precondition(glyphs.isIdentical(to: fresh.glyphs),
                         "glyphs reused after an edit (\(prior!.editStart), \(prior!.oldLength) → \(prior!.newLength)) differ from a fresh analysis")
        }
        #endif
        return analysis
    }

    // MARK: Attribute changes

    /// `analysis` brought up to date with its paragraph's new attributes, given as for
    /// ``analyze(text:runs:paragraphStyle:attachmentBounds:)`` (the text is unchanged), when that
    /// needs no shaping: the new attribute runs must shape as the old ones they overlap (see
    /// ``RunStyle/shapesLike(_:)``) and hold no attachment or writing direction, their boundaries
    /// must be the old ones or ones where shaping gives the same glyphs (a colour on a word; see
    /// ParagraphGlyphs+Restyle.swift), and the paragraph style must keep the writing direction.
    /// The new analysis shares the old one's glyphs (with runs cut anew when boundaries moved);
    /// nil with `.shaping`. The cause is `.drawing`, `.paragraphStyle` or `.shaping`.
    /// - Parameter unit: the paragraph's UTF-16 unit at an offset, read where a boundary goes away.
    package func restyle(_ analysis: ParagraphAnalysis, runs: [AttributeRunInput], paragraphStyle: NSParagraphStyle,
                         unit: (Int) -> UInt16) -> (cause: InvalidationCause, analysis: ParagraphAnalysis?) {
        _ = syncFrontCache()
        let styles = runs.map { runStyle(for: $0.attributes) }
        // An attachment is asked its bounds as the glyphs are made; an edit over it (the same
        // object, re-set after its image changed) must ask again.
        guard !styles.contains(where: { $0.attachment != nil }) else { return (.shaping, nil) }
        let paragraphStyle = paragraphStyle.sanitizedForLayout
        let old = analysis.paragraphStyle
        guard paragraphStyle.baseWritingDirection == old.baseWritingDirection else { return (.shaping, nil) }
        let ranges = runs.map(\.range)
        var glyphs = analysis.glyphs
        var movesRuns = false
        if ranges != analysis.styleRanges {
            // `.writingDirection` embeds each run's range: other ranges are other embeddings.
            guard !styles.contains(where: { !$0.writingDirectionControls.isEmpty }),
                  let regrouped = glyphs.regrouped(from: analysis.styleRanges, styles: analysis.styles, into: ranges,
                                                   styles: styles, unit: unit) else { return (.shaping, nil) }
            (glyphs, movesRuns) = (regrouped, true)
            #if DEBUG
            // The regrouped runs are what shaping makes: compare with a fresh analysis.
            let text = (0..<analysis.length).map(unit)
            let fresh = text.withUnsafeBufferPointer { analyze(text: $0, runs: runs, paragraphStyle: paragraphStyle) }
            analysisCount -= 1
            precondition(regrouped.isIdentical(to: fresh.glyphs),
                          "glyphs kept over new attribute runs \(ranges) (were \(analysis.styleRanges)) differ from a fresh analysis")
            #endif
        } else {
            guard zip(styles, analysis.styles).allSatisfy({ $0.shapesLike($1) }) else { return (.shaping, nil) }
        }
        let keepsStyle = paragraphStyle === old || paragraphStyle.isEqual(old)
        let restyled = ParagraphAnalysis(glyphs: glyphs, segments: analysis.segments, baseLevel: analysis.baseLevel,
                                         styles: styles, styleRanges: ranges,
                                         paragraphStyle: keepsStyle ? old : paragraphStyle,
                                         tabStops: keepsStyle ? analysis.tabStops : tabStops(for: paragraphStyle))
        // Lines with right-to-left text list their visual runs, cut where the glyph runs are.
        let movesVisualRuns = movesRuns && (analysis.baseLevel != 0 || glyphs.runs.contains { $0.level != 0 })
        return (keepsStyle && !movesVisualRuns ? .drawing : .paragraphStyle, restyled)
    }

    // MARK: Run styles

    /// The tab stops last resolved, with the paragraph style object they came from (most
    /// paragraphs share a handful of styles).
    private var tabStopCache: (style: NSParagraphStyle, list: TabStopList)?

    private func tabStops(for style: NSParagraphStyle) -> TabStopList {
        if let cached = tabStopCache, cached.style === style { return cached.list }
        let list = TabStopList(style: style)
        tabStopCache = (style, list)
        return list
    }

    /// Recently resolved styles with the attribute dictionaries they came from (kept alive here,
    /// so a dictionary's storage cannot be freed and reused while it is a key).
    private var recentStyles: [(attributes: [NSAttributedString.Key: Any], style: RunStyle)] = []
    private var nextRecentStyle = 0

    /// The resolved style of an attribute dictionary. The text storage hands out the very same
    /// dictionary for every run of one interned attribute set, so a dictionary that shares its
    /// storage with a recent one (the same bits) is the same attribute set: no need to read it again.
    private func runStyle(for attributes: [NSAttributedString.Key: Any]) -> RunStyle {
        for entry in recentStyles where Self.sharesStorage(entry.attributes, attributes) { return entry.style }
        let style = RunStyle(attributes: attributes)
        if recentStyles.count < 16 {
            recentStyles.append((attributes, style))
        } else {
            recentStyles[nextRecentStyle] = (attributes, style)
            nextRecentStyle = (nextRecentStyle + 1) % 16
        }
        return style
    }

    private static func sharesStorage(_ a: [NSAttributedString.Key: Any], _ b: [NSAttributedString.Key: Any]) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    // MARK: Font runs

    /// Cuts the paragraph into items, runs of one style, script, bidi level and font: each
    /// attribute run where the script or the level changes, then where the font does.
    private func makeItems(text: UnsafeBufferPointer<UInt16>, runs: [AttributeRunInput], styles: [RunStyle],
                           bidi: BidiParagraph, into items: inout [Item]) {
        let scripts = ScriptItemizer.runs(in: text)
        var scriptIndex = 0
        for (styleIndex, run) in runs.enumerated() where !run.range.isEmpty {
            var start = run.range.lowerBound
            while start < run.range.upperBound {
                while scripts[scriptIndex].range.upperBound <= start { scriptIndex += 1 }
                var end = min(run.range.upperBound, scripts[scriptIndex].range.upperBound)
                let level = bidi.level(at: start)
                if !bidi.isUniform {
                    var i = start + 1
                    while i < end && bidi.levels[i] == level { i += 1 }
                    end = i
                }
                fontItems(text: text, range: start..<end, style: styles[styleIndex], styleIndex: styleIndex,
                          level: level, script: scripts[scriptIndex].script, into: &items)
                start = end
            }
        }
    }

    /// Appends to `items` the pieces of `range` drawable by one font each: the style's font where
    /// it has the characters, a fallback font (fontconfig's order) where it does not, and the
    /// colour emoji font for emoji. Marks, joiners and variation selectors stay with their base
    /// character, so a grapheme cluster is never split across fonts.
    private func fontItems(text: UnsafeBufferPointer<UInt16>, range: Range<Int>, style: RunStyle, styleIndex: Int,
                           level: UInt8, script: Script, into items: inout [Item]) {
        let primary = style.font
        let ascii = asciiCoverage(of: primary)
        let first = items.count
        var current = primary
        // The faces, read once (not once a character, each read a retain and a release).
        let primaryFace = primary.face
        var currentFace = primaryFace
        var itemStart = range.lowerBound
        var i = range.lowerBound
        // The range's text up to its end, for the scans that skip four units at a time.
        let throughRange = UnsafeBufferPointer(rebasing: text[..<range.upperBound])
        while i < range.upperBound {
            if current === primary {
                // Fast path: printable ASCII the primary font has stays in it (no per-character lookups).
                if ascii.coversPrintable { i = endOfPrintableASCII(in: throughRange, from: i) }
                while i < range.upperBound, text[i] < 0x80, ascii.covers(text[i]) { i += 1 }
                if i == range.upperBound { break }
            }
            let start = i
            var scalar = UInt32(text[i])
            i += 1
            if UTF16.isLeadSurrogate(text[start]), i < range.upperBound, UTF16.isTrailSurrogate(text[i]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[i]) - 0xDC00)
                i += 1
            }
            // The font to switch to, nil when the character stays in `current` (most do: only a
            // switch takes a reference to a font).
            var switchTo: UIFont?
            if Self.staysWithBase(scalar) || Self.isControl(scalar) {
                // marks, joiners and controls stay with what precedes them
            } else if current !== primary, isSpaceSeparator(scalar), scalar != 0x1680 /* Ogham: has ink */,
                      !currentFace.hasColorGlyphs,
                      let space = Unicode.Scalar(scalar), currentFace.glyph(for: space) != nil {
                // So do spaces, in the fallback font that has them: a font is never chosen just to
                // render a space (as Pango does), and the words of a script the primary font lacks
                // stay one run with the spaces between them. Not in an emoji font, whose space is
                // as wide as an emoji (Pango's emoji runs end before the space too).
            } else if let unicodeScalar = Unicode.Scalar(scalar) {
                let presentation = Self.presentation(of: scalar, followedBy: Self.scalar(in: text, at: i, limit: range.upperBound))
                if presentation == .default && scalar < 0x2300 || presentation == .text,
                   primaryFace.glyph(for: unicodeScalar) != nil {
                    if current !== primary { switchTo = primary }  // the common case: one table read
                } else if current !== primary, presentation == .default || (presentation == .emoji) == currentFace.hasColorGlyphs,
                          currentFace.glyph(for: unicodeScalar) != nil {
                    // stay in the fallback face already chosen for this stretch (not in a colour
                    // face for a character asked to look like text, nor the other way round)
                } else {
                    let fallback = fallbackFont(of: primary, for: unicodeScalar, presentation: presentation)
                    if fallback !== current { switchTo = fallback }
                }
            }  // else a lone surrogate: .notdef in whatever font is current
            if let wanted = switchTo {
                if start > itemStart {
                    items.append(Item(range: itemStart..<start, style: styleIndex, font: current, level: level, script: script))
                }
                itemStart = start
                current = wanted
                currentFace = wanted.face
            }
        }
        if itemStart < range.upperBound || items.count == first {
            items.append(Item(range: itemStart..<range.upperBound, style: styleIndex, font: current, level: level, script: script))
        }
    }

    /// `font.fallbackFont(for:presentation:)`, or `font` when no font has the character;
    /// remembered (see ``fallbackAnswers``).
    private func fallbackFont(of font: UIFont, for scalar: Unicode.Scalar, presentation: UIFont.EmojiPresentation) -> UIFont {
        if !checkedFallbackGeneration {
            // Once a paragraph: fonts registered since the last one may answer differently.
            checkedFallbackGeneration = true
            let generation = UIFont.fallbackGeneration
            if generation != fallbackGeneration {
                forgetFallbackAnswers()
                fallbackGeneration = generation
            }
        }
        let query = FallbackQuery(font: ObjectIdentifier(font), scalar: scalar.value, presentation: presentation)
        let slot = Int(truncatingIfNeeded: scalar.value) & (Self.recentFallbackSlots - 1)
        if let recent = recentFallbacks[slot], recent.query == query { return recent.answer }
        let answer: UIFont
        if let known = fallbackAnswers[query] {
            answer = known
        } else {
            answer = font.fallbackFont(for: scalar, presentation: presentation) ?? font
            if fallbackAnswers.count >= 4096 { forgetFallbackAnswers() }  // bounded
            fallbackQueryFonts[query.font] = font
            fallbackAnswers[query] = answer
        }
        recentFallbacks[slot] = RecentFallback(query: query, answer: answer)
        return answer
    }

    private func forgetFallbackAnswers() {
        fallbackAnswers = [:]
        fallbackQueryFonts = [:]
        for slot in recentFallbacks.indices { recentFallbacks[slot] = nil }
    }

    /// Which printable ASCII characters (U+0020…U+007E) a font has, as a bit mask.
    private struct ASCIICoverage {
        var low: UInt64 = 0, high: UInt64 = 0
        func covers(_ unit: UInt16) -> Bool {
            unit >= 0x40 ? (high >> UInt64(unit - 0x40)) & 1 == 1 : (low >> UInt64(unit)) & 1 == 1
        }
        /// Whether the font has every printable ASCII character (U+0020–U+007E), as most do.
        var coversPrintable: Bool { low == 0xFFFF_FFFF_0000_0000 && high == 0x7FFF_FFFF_FFFF_FFFF }
    }
    private var asciiCoverageCache: (font: UIFont, coverage: ASCIICoverage)?

    private func asciiCoverage(of font: UIFont) -> ASCIICoverage {
        if let cached = asciiCoverageCache, cached.font === font { return cached.coverage }
        var coverage = ASCIICoverage()
        for unit in UInt16(0x20)...UInt16(0x7E) where font.face.glyph(for: Unicode.Scalar(unit)!) != nil {
            if unit >= 0x40 { coverage.high |= 1 << UInt64(unit - 0x40) } else { coverage.low |= 1 << UInt64(unit) }
        }
        asciiCoverageCache = (font, coverage)
        return coverage
    }

    /// Characters that belong to the cluster of the character before them.
    private static func staysWithBase(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true  // combining marks
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true  // joiners, variation selectors
        case 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true  // emoji modifiers and tags
        default: return scalar >= 0x0300 && cotk_char_category(scalar) == 6 /* U_NON_SPACING_MARK */
        }
    }

    private static func isControl(_ scalar: UInt32) -> Bool {
        scalar < 0x20 || (0x7F...0x9F).contains(scalar) || scalar == 0x2028 || scalar == 0x2029
    }

    /// How a character should look: a following U+FE0E asks for text, U+FE0F for emoji;
    /// otherwise Unicode's default (emoji for Emoji_Presentation characters such as U+1F600).
    private static func presentation(of scalar: UInt32, followedBy next: UInt32) -> UIFont.EmojiPresentation {
        if next == 0xFE0E { return .text }
        if next == 0xFE0F { return .emoji }
        return .default
    }

    /// The code point at `i` (0 at `limit`).
    private static func scalar(in text: UnsafeBufferPointer<UInt16>, at i: Int, limit: Int) -> UInt32 {
        guard i < limit else { return 0 }
        let unit = text[i]
        if UTF16.isLeadSurrogate(unit), i + 1 < limit, UTF16.isTrailSurrogate(text[i + 1]) {
            return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
        }
        return UInt32(unit)
    }

    // MARK: Shaping

    /// How `item` is shaped, and the shared cache's id for that.
    func shaping(of item: Item, styles: [RunStyle]) -> (parameters: ShapingParameters, id: Int32) {
        let style = styles[item.style]
        let parameters = ShapingParameters(isRightToLeft: item.level & 1 == 1, script: item.script,
                                           language: style.language, features: style.features)
        return (parameters, parameterID(parameters, style: style))
    }

    /// The shared cache's id for `parameters`, made with `style`'s language and features.
    private func parameterID(_ parameters: ShapingParameters, style: RunStyle) -> Int32 {
        for entry in recentParameterIDs where entry.style === style && entry.rightToLeft == parameters.isRightToLeft
            && entry.script == parameters.script {
            return entry.id
        }
        let id = cache.id(for: parameters)
        let entry = (style, parameters.isRightToLeft, parameters.script, id)
        if recentParameterIDs.count < 16 {
            recentParameterIDs.append(entry)
        } else {
            recentParameterIDs[nextRecentParameterID] = entry
            nextRecentParameterID = (nextRecentParameterID + 1) % 16
        }
        return id
    }

    /// Shapes `item` word by word and appends its glyphs in logical order.
    /// `reuse`: the glyphs from before an edit, taken for the pieces that still have them.
    private func shapeItem(at index: Int, of items: [Item], text: UnsafeBufferPointer<UInt16>, styles: [RunStyle],
                           front: FrontWordCache, lookahead: inout ItemLookahead, reuse: inout PriorGlyphs?,
                           into glyphs: inout GlyphBuilder) {
        let item = items[index]
        let style = styles[item.style]
        let (parameters, id) = shaping(of: item, styles: styles)
        let face = item.font.face
        let scale = Float(item.font.pointSize) / Float(face.unitsPerEm) * style.horizontalScale
        let firstGlyph = glyphs.count
        var fontIndex = glyphs.fonts.firstIndex(where: { $0 === item.font }) ?? -1
        if fontIndex < 0 {
            glyphs.fonts.append(item.font)
            fontIndex = glyphs.fonts.count - 1
        }

        // Words: up to and including a run of spaces. Long pieces without spaces (CJK, Thai, a
        // URL) are shaped whole and not cached.
        var pieceStart = item.range.lowerBound
        /// Where the last lookahead for unknown words stopped.
        var batchedThrough = pieceStart
        while pieceStart < item.range.upperBound {
            if let end = reuse?.take(from: pieceStart, item: item.range, font: item.font, style: style, level: item.level,
                                     script: item.script, text: text, into: &glyphs) {
                pieceStart = end
                continue
            }
            let pieceEnd = Self.wordEnd(from: pieceStart, limit: item.range.upperBound, in: text)
            let pieceText = UnsafeBufferPointer(rebasing: text[pieceStart..<pieceEnd])
            let piece: ShapedPiece
            if pieceText.count <= ShapedWordCache.inlineCapacity {
                let key = ShapedWordCache.InlineKey(face: face, parameters: id, text: pieceText)
                let slot = front.slot(for: key)
                if let cached = front.piece(for: key, at: slot) {
                    // The front table holds the piece: use it without retaining it (two atomic
                    // operations a word, on counts that parallel layout's threads all touch for
                    // the common words).
                    front.hits += 1
                    cached._withUnsafeGuaranteedRef {
                        append($0, at: pieceStart, scale: scale, style: style, text: text, into: &glyphs)
                    }
                    pieceStart = pieceEnd
                    continue
                }
                piece = cache.existingPiece(for: key, countingHit: true)
                    ?? shapeUnknownWord(pieceStart..<pieceEnd, key: key, item: index, of: items, text: text, styles: styles,
                                        face: face, parameters: (parameters, id), front: front,
                                        batchedThrough: &batchedThrough, lookahead: &lookahead)
                front.store(piece, for: key, at: slot)
            } else if pieceText.count <= 64 {
                piece = cache.piece(face: face, parameters: id, text: pieceText) {
                    shaper.shape(pieceText, range: 0..<pieceText.count, font: face.hbFont, parameters: parameters)
                }
            } else {
                shapeLongPiece(pieceText, at: pieceStart, face: face, parameters: parameters, scale: scale, style: style,
                               text: text, into: &glyphs)
                pieceStart = pieceEnd
                continue
            }
            append(piece, at: pieceStart, scale: scale, style: style, text: text, into: &glyphs)
            pieceStart = pieceEnd
        }
        glyphs.runs.append(GlyphRun(glyphRange: firstGlyph..<glyphs.count, characterRange: item.range,
                                    style: Int32(item.style), level: item.level, script: item.script,
                                    font: Int32(fontIndex)))
    }

    /// Shapes `word` (at most ``ShapedWordCache/inlineCapacity`` units of `items[index]`, that no
    /// cache holds) with the run's other unknown words, once a stretch (ParagraphAnalyzer+WordBatch.swift),
    /// else alone, and stores it in the shared cache. `batchedThrough`: where the last lookahead
    /// for unknown words stopped.
    private func shapeUnknownWord(_ word: Range<Int>, key: ShapedWordCache.InlineKey, item index: Int, of items: [Item],
                                  text: UnsafeBufferPointer<UInt16>, styles: [RunStyle], face: FontFace,
                                  parameters: (shaping: ShapingParameters, id: Int32), front: FrontWordCache,
                                  batchedThrough: inout Int, lookahead: inout ItemLookahead) -> ShapedPiece {
        var batched: ShapedPiece?, isAlone = false
        if word.lowerBound >= batchedThrough {
            (batched, isAlone, batchedThrough) = shapeUnknownWords(
                first: word, key: key, limit: items[index].range.upperBound, text: text, face: face,
                parameters: parameters.id, shaping: parameters.shaping, front: front)
            if isAlone, index + 1 < items.count, lookahead.mayScan(after: index, face: face, parameters: parameters.id) {
                // Alone in its run: look for company in the paragraph's later runs.
                batched = shapeUnknownWords(first: word, key: key, inItemsAfter: index, of: items, text: text, styles: styles,
                                            face: face, parameters: parameters.id, shaping: parameters.shaping, front: front,
                                            lookahead: &lookahead)
            }
        }
        let wordText = UnsafeBufferPointer(rebasing: text[word])
        return cache.store(batched ?? shaper.shape(wordText, range: 0..<wordText.count, font: face.hbFont,
                                                   parameters: parameters.shaping), for: key)
    }

    /// The most marks (and joiners, selectors) shaped in one cluster. HarfBuzz's time grows with
    /// the square of a cluster's length (64K marks on one base: seconds), so longer runs are
    /// shaped in pieces of this many, as Unicode's Stream-Safe Text Format (UAX #15) bounds them
    /// at 30; the pieces' glyphs join the base's cluster. No real text comes near the limit.
    static let maximumMarksPerShapingCluster = 32

    /// Shapes a long piece (not cached), cutting runs of marks longer than
    /// ``maximumMarksPerShapingCluster`` into separately shaped stretches.
    private func shapeLongPiece(_ pieceText: UnsafeBufferPointer<UInt16>, at pieceStart: Int, face: FontFace,
                                parameters: ShapingParameters, scale: Float, style: RunStyle,
                                text: UnsafeBufferPointer<UInt16>, into glyphs: inout GlyphBuilder) {
        var start = 0, marks = 0, i = 0
        /// Shapes `range`; its first `leadingMarks` units are marks continuing the cluster before it.
        func shape(_ range: Range<Int>, leadingMarks: Int) {
            let first = glyphs.count
            let piece = shaper.shape(UnsafeBufferPointer(rebasing: pieceText[range]), range: 0..<range.count,
                                     font: face.hbFont, parameters: parameters)
            append(piece, at: pieceStart + range.lowerBound, scale: scale, style: style, text: text, into: &glyphs)
            guard leadingMarks > 0, first > 0 else { return }
            // The leading marks belong to the cluster before them, and take no room: they stand
            // where the last mark before the cut stands (past 32 marks, nothing legible is lost).
            let cluster = glyphs.clusters[first - 1]
            let offset = glyphs.offsets[Int32(first - 1)]
            let marksEnd = Int32(pieceStart + range.lowerBound + leadingMarks)
            for g in first..<glyphs.count where glyphs.clusters[g] < marksEnd {
                glyphs.clusters[g] = cluster
                glyphs.flags[g].remove(.clusterStart)
                glyphs.advances[g] = 0
                glyphs.offsets[Int32(g)] = offset
            }
        }
        var leadingMarks = 0, startedByCut = false
        while i < pieceText.count {
            var scalar = UInt32(pieceText[i])
            var width = 1
            if UTF16.isLeadSurrogate(pieceText[i]), i + 1 < pieceText.count, UTF16.isTrailSurrogate(pieceText[i + 1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(pieceText[i + 1]) - 0xDC00)
                width = 2
            }
            let isMark = Self.staysWithBase(scalar)
            marks = isMark ? marks + 1 : 0
            if marks > Self.maximumMarksPerShapingCluster {
                shape(start..<i, leadingMarks: leadingMarks)
                start = i
                marks = 1
                leadingMarks = 0
                startedByCut = true
            }
            // The marks a cut chunk starts with, up to its first other character.
            if startedByCut, isMark, leadingMarks == i - start { leadingMarks += width }
            i += width
        }
        shape(start..<pieceText.count, leadingMarks: leadingMarks)
    }

    // MARK: Front cache

    /// This analyzer's front cache, made on its first paragraph (a layout manager that never lays
    /// anything out costs nothing), emptied when the shared cache was; reports the front hits of
    /// the paragraph before to the shared cache's statistics.
    private var front: FrontWordCache?

    private func syncFrontCache() -> FrontWordCache {
        let generation = cache.generation
        guard let front else {
            let made = FrontWordCache(generation: generation)
            front = made
            return made
        }
        cache.countFrontHits(front.hits)
        front.hits = 0
        if generation != front.generation { front.removeAll(generation: generation) }
        return front
    }

    /// Copies a shaped piece into the paragraph: glyph ids, scaled advances, cluster offsets and
    /// the piece's precomputed flags in bulk; letter spacing and attachments only when present.
    private func append(_ piece: ShapedPiece, at offset: Int, scale: Float, style: RunStyle,
                        text: UnsafeBufferPointer<UInt16>, into glyphs: inout GlyphBuilder) {
        let n = piece.count
        let base = glyphs.count
        let clusters = piece.clusters
        glyphs.append(piece, at: offset, scale: scale)
        if piece.hasOffsets {
            let xOffsets = piece.xOffsets, yOffsets = piece.yOffsets
            for i in 0..<n where xOffsets[i] != 0 || yOffsets[i] != 0 {
                glyphs.offsets[Int32(base + i)] = GlyphOffset(x: Float(xOffsets[i]) * scale, y: -Float(yOffsets[i]) * scale)
            }
        }
        if style.letterSpacing != 0 {
            // Letter spacing goes after the last glyph of each cluster.
            for i in 0..<n where i == n - 1 || clusters[i + 1] != clusters[i] {
                glyphs.advances[base + i] += style.letterSpacing
            }
        }
        if piece.containsObjectReplacement, let attachment = style.attachment {
            // The glyph of a U+FFFC is the attachment's box.
            for i in 0..<n where text[offset + Int(clusters[i])] == 0xFFFC {
                let character = offset + Int(clusters[i])
                let bounds = attachmentQuery.map { LayoutNumber.usable($0(attachment, character, style.font)) }
                    ?? LayoutNumber.attachmentBounds(attachment)
                glyphs.attachmentBounds[Int32(character)] = bounds
                glyphs.flags[base + i].insert(.attachment)
                glyphs.flags[base + i].remove(.missing)
                glyphs.advances[base + i] = Float(bounds.width)
            }
        }
    }

    /// Asks an attachment its bounds: the attachment, its offset in the paragraph and the font of
    /// its run; the layout manager asks `attachmentBounds(for:proposedLineFragment:glyphPosition:characterIndex:)`.
    package typealias AttachmentBoundsQuery = (NSTextAttachment, Int, UIFont) -> CGRect
    /// The query of the analysis under way (nil: the attachment's `bounds`, else its image's size).
    private var attachmentQuery: AttachmentBoundsQuery?

}

/// A small direct-mapped cache of shaped words, one per analyzer (no lock), in front of the
/// shared ``ShapedWordCache``: the words of one document repeat, and most lookups stop here.
/// 2,048 slots of a hash and a piece (32 KB; the rest of a word's key is in its piece, as in the
/// shared table) hold a document's common words; more helped little and made every layout
/// manager's first paragraph pay for clearing and faulting in a larger table.
// Fixed-size tables behind `let` pointers: the hot loop reads and writes them without the
// exclusivity checks that a class's `var` arrays would cost on every access.
final class FrontWordCache {
    static let size = 2048
    let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
    /// The pieces, each recorded under its key and retained once by the table (released when its
    /// slot is taken or the table emptied), so that readers can use them without retaining them again.
    let pieces = UnsafeMutablePointer<Unmanaged<ShapedPiece>?>.allocate(capacity: size)
    /// The shared cache's generation the entries come from.
    private(set) var generation: Int
    /// Lookups served since the statistics were last reported (counted for every word: unchecked).
    @exclusivity(unchecked) var hits = 0

    init(generation: Int) {
        self.generation = generation
        hashes.initialize(repeating: 0, count: Self.size)
        pieces.initialize(repeating: nil, count: Self.size)
    }

    deinit {
        removeAll(generation: generation)
        hashes.deallocate()
        pieces.deallocate()
    }

    @inline(__always)
    func slot(for key: ShapedWordCache.InlineKey) -> Int { Int(truncatingIfNeeded: key.hash) & (Self.size - 1) }

    /// The piece `slot` holds for `key`, if it holds `key`'s (not retained: the table holds it).
    @inline(__always)
    func piece(for key: ShapedWordCache.InlineKey, at slot: Int) -> Unmanaged<ShapedPiece>? {
        guard hashes[slot] == key.hash, let piece = pieces[slot], piece._withUnsafeGuaranteedRef({ $0.matches(key) })
        else { return nil }
        return piece
    }

    /// Puts `piece`, which the shared cache stored under `key`, in `slot`.
    func store(_ piece: ShapedPiece, for key: ShapedWordCache.InlineKey, at slot: Int) {
        hashes[slot] = key.hash
        let old = pieces[slot]
        pieces[slot] = Unmanaged.passRetained(piece)
        old?.release()
    }

    func removeAll(generation: Int) {
        self.generation = generation
        for i in 0..<Self.size {
            hashes[i] = 0
            pieces[i]?.release()
            pieces[i] = nil
        }
    }
}

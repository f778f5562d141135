import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Glyphs: TextKit's glyph stream and its mapping to characters. Glyph indices count from the
/// start of the text; asking about glyph g makes glyphs for the text up to g (not beyond).
extension NSLayoutManager {
    /// The paragraph holding glyph `glyphIndex`, with its first glyph and first character, in the
    /// API's plain numbers (``TextFlow/locate(glyph:_:)``). Traps, naming `function`, when the
    /// index is not a glyph's.
    func paragraph(ofGlyph glyphIndex: Int, _ function: StaticString = #function) -> (paragraph: Int, firstGlyph: Int, firstCharacter: Int) {
        let (p, firstGlyph, firstCharacter) = flow.locate(glyph: GlyphIndex(glyphIndex), function)
        return (p, firstGlyph.rawValue, firstCharacter.rawValue)
    }

    /// The paragraph holding character `index`, with its first character and first glyph, in the
    /// API's plain numbers (``TextFlow/locate(character:)``).
    func paragraph(ofCharacter index: Int) -> (paragraph: Int, firstCharacter: Int, firstGlyph: Int) {
        let (p, firstCharacter, firstGlyph) = flow.locate(character: UTF16Offset(index))
        return (p, firstCharacter.rawValue, firstGlyph.rawValue)
    }

    var _numberOfGlyphs: Int {
        flow.ensureGlyphs(throughGlyph: GlyphIndex(.max))
        return flow.generatedGlyphCount
    }

    func _isValidGlyphIndex(_ glyphIndex: Int) -> Bool {
        guard glyphIndex >= 0 else { return false }
        flow.ensureGlyphs(throughGlyph: GlyphIndex(glyphIndex))
        return glyphIndex < flow.generatedGlyphCount
    }

    /// Whether every glyph of `glyphRange` is a glyph of the text (an empty range may end at the
    /// last glyph): the check every glyph-range method makes before trapping. An addition to
    /// TextKit for code that gets ranges from outside (a request, a file): validate them here
    /// first. Makes glyphs up to the range's end, no further; never traps, whatever the range
    /// (negative, or overflowing `Int` when added).
    public func isValidGlyphRange(_ glyphRange: NSRange) -> Bool {
        guard glyphRange.location >= 0, glyphRange.length >= 0 else { return false }
        let (end, overflow) = glyphRange.location.addingReportingOverflow(glyphRange.length)
        guard !overflow else { return false }
        if end > 0 { flow.ensureGlyphs(throughGlyph: GlyphIndex(end - 1)) }
        return end <= flow.generatedGlyphCount
    }

    /// Whether `charRange` lies within the text storage's characters: the check every
    /// character-range method makes before trapping. An addition to TextKit, as
    /// ``isValidGlyphRange(_:)``; never traps.
    public func isValidCharacterRange(_ charRange: NSRange) -> Bool {
        guard charRange.location >= 0, charRange.length >= 0 else { return false }
        let (end, overflow) = charRange.location.addingReportingOverflow(charRange.length)
        return !overflow && end <= flow.characterCount
    }

    func _glyph(at glyphIndex: Int) -> CGGlyph {
        let (p, first, _) = paragraph(ofGlyph: glyphIndex)
        return flow.ensureAnalysis(p).glyphs.glyphs[glyphIndex - first]
    }

    func _glyph(at glyphIndex: Int, isValidIndex: UnsafeMutablePointer<ObjCBool>?) -> CGGlyph {
        guard isValidGlyphIndex(glyphIndex) else {
            isValidIndex?.pointee = false
            return 0
        }
        isValidIndex?.pointee = true
        return glyph(at: glyphIndex)
    }

    func _propertyForGlyph(at glyphIndex: Int) -> GlyphProperty {
        let (p, first, _) = paragraph(ofGlyph: glyphIndex)
        return Self.property(of: flow.ensureAnalysis(p).glyphs.flags[glyphIndex - first])
    }

    static func property(of flags: GlyphFlags) -> GlyphProperty {
        var property: GlyphProperty = []
        if flags.contains(.control) { property.insert(.controlCharacter) }
        if flags.contains(.whitespace) && !flags.contains(.control) { property.insert(.elastic) }
        if !flags.contains(.clusterStart) { property.insert(.nonBaseCharacter) }
        if flags.contains(.null) { property.insert(.null) }  // hidden by the delegate (setGlyphs)
        return property
    }

    func _characterIndexForGlyph(at glyphIndex: Int) -> Int {
        // Past the last glyph: the length, as TextKit. Asking `numberOfGlyphs` here would make the
        // glyphs of the whole text for a glyph on the first screen.
        if glyphIndex >= 0, !_isValidGlyphIndex(glyphIndex) { return flow.characterCount }
        let (p, first, start) = paragraph(ofGlyph: glyphIndex)
        return start + Int(flow.ensureAnalysis(p).glyphs.clusters[glyphIndex - first])
    }

    func _glyphIndexForCharacter(at charIndex: Int) -> Int {
        guard charIndex < flow.characterCount else { return numberOfGlyphs }
        checkPrecondition(charIndex >= 0, "glyphIndexForCharacter(at:): character index \(charIndex) is negative")
        let (p, start, firstGlyph) = paragraph(ofCharacter: charIndex)
        return firstGlyph + flow.ensureAnalysis(p).glyphs.glyph(forCharacterAt: charIndex - start)
    }

    func _glyphRange(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) -> NSRange {
        // Past the end: cut at the end, as iOS does.
        var clamped = charRange
        if clamped.location >= 0, clamped.length >= 0 {
            clamped.location = min(clamped.location, flow.characterCount)
            clamped.length = min(clamped.length, flow.characterCount - clamped.location)
        }
        let range = checkedCharacterRange(clamped, #function)
        if range.location == flow.characterCount {
            let n = numberOfGlyphs
            actualCharRange?.pointee = NSRange(location: flow.characterCount, length: 0)
            return NSRange(location: n, length: 0)
        }
        let startGlyph = glyphIndexForCharacter(at: range.location)
        let endGlyph = range.length == 0 ? startGlyph : glyphIndexAfterCharacter(range.location + range.length - 1)
        let glyphs = NSRange(location: startGlyph, length: endGlyph - startGlyph)
        if let actualCharRange {
            actualCharRange.pointee = range.length == 0 ? NSRange(location: characterIndexForGlyph(at: startGlyph), length: 0)
                : characterRange(forGlyphRange: glyphs, actualGlyphRange: nil)
        }
        return glyphs
    }

    /// The glyph after the last glyph of the character at `charIndex`'s cluster.
    private func glyphIndexAfterCharacter(_ charIndex: Int) -> Int {
        let (p, start, firstGlyph) = paragraph(ofCharacter: charIndex)
        let glyphs = flow.ensureAnalysis(p).glyphs
        let local = glyphs.glyphRange(forCharacters: (charIndex - start)..<(charIndex - start + 1))
        return firstGlyph + local.upperBound
    }

    func _characterRange(forGlyphRange glyphRange: NSRange, actualGlyphRange: NSRangePointer?) -> NSRange {
        // Glyphs made through the range's end only; an invalid range has made all of them, so the
        // count in the message is the text's.
        checkPrecondition(isValidGlyphRange(glyphRange),
                     "characterRange(forGlyphRange:actualGlyphRange:): glyph range {\(glyphRange.location), \(glyphRange.length)} out of bounds; number of glyphs \(flow.generatedGlyphCount)")
        if glyphRange.length == 0 {
            let c = characterIndexForGlyph(at: glyphRange.location)
            actualGlyphRange?.pointee = glyphRange
            return NSRange(location: c, length: 0)
        }
        let start = characterIndexForGlyph(at: glyphRange.location)
        let lastGlyph = glyphRange.location + glyphRange.length - 1
        let (p, first, paragraphStart) = paragraph(ofGlyph: lastGlyph)
        let glyphs = flow.ensureAnalysis(p).glyphs
        let local = glyphs.characterRange(forGlyphs: (lastGlyph - first)..<(lastGlyph - first + 1))
        let end = paragraphStart + local.upperBound
        let characters = NSRange(location: start, length: end - start)
        if let actualGlyphRange {
            actualGlyphRange.pointee = self.glyphRange(forCharacterRange: characters, actualCharacterRange: nil)
        }
        return characters
    }

    func _ensureGlyphs(forGlyphRange glyphRange: NSRange) {
        flow.ensureGlyphs(throughGlyph: GlyphIndex(glyphRange.location + max(0, glyphRange.length - 1)))
    }

    func _ensureGlyphs(forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        flow.ensureGlyphs(throughCharacter: UTF16Offset(min(flow.characterCount, range.location + range.length)))
    }

    func _getGlyphs(in glyphRange: NSRange, glyphs glyphBuffer: UnsafeMutablePointer<CGGlyph>?,
                        properties props: UnsafeMutablePointer<GlyphProperty>?,
                        characterIndexes charIndexBuffer: UnsafeMutablePointer<Int>?,
                        bidiLevels bidiLevelBuffer: UnsafeMutablePointer<UInt8>?) -> Int {
        var written = 0
        var g = glyphRange.location
        let end = glyphRange.location + glyphRange.length
        while g < end {
            let (p, first, start) = paragraph(ofGlyph: g)
            let analysis = flow.ensureAnalysis(p)
            let local = g - first
            let upper = min(analysis.glyphs.count, end - first)
            for i in local..<upper {
                glyphBuffer?[written] = analysis.glyphs.glyphs[i]
                props?[written] = Self.property(of: analysis.glyphs.flags[i])
                charIndexBuffer?[written] = start + Int(analysis.glyphs.clusters[i])
                if let bidiLevelBuffer {
                    bidiLevelBuffer[written] = analysis.glyphs.runs[analysis.glyphs.runIndex(containingGlyph: i)].level
                }
                written += 1
            }
            g = first + upper
        }
        return written
    }
}

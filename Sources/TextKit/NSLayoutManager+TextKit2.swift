import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A laid-out line as TextKit 2's fragments read it from the engine.
package struct EngineLine {
    /// The line fragment rect and used rect (container coordinates).
    package var rect: CGRect
    package var usedRect: CGRect
    /// The line's glyphs and characters.
    package var glyphRange: NSRange
    package var characterRange: NSRange
    /// The baseline's distance from `rect`'s top.
    package var baselineOffset: CGFloat
    /// The container (index into `textContainers`).
    package var container: Int
}

extension NSLayoutManager {
    /// The lines holding the characters of `characterRange` (laid out as far as needed), in order,
    /// read in one walk of the paragraphs: what TextKit 2 builds a layout fragment's geometry from
    /// (a walk instead of five queries a line).
    package func lines(forCharacterRange characterRange: NSRange) -> [EngineLine] {
        guard characterRange.length > 0, characterRange.location + characterRange.length <= flow.characterCount else { return [] }
        let end = characterRange.location + characterRange.length
        flow.ensureLayout(throughCharacter: UTF16Offset(end - 1))
        let start = flow.locate(character: UTF16Offset(characterRange.location))
        var result: [EngineLine] = []
        flow.forEachFragment(fromParagraph: start.paragraph) { found in
            let characters = found.fragment.line.fitted.characters
            let lower = found.character(characters.lowerBound).rawValue
            guard lower < end else { return false }
            if lower + characters.count > characterRange.location || characters.isEmpty && lower >= characterRange.location {
                result.append(EngineLine(rect: found.rect, usedRect: found.usedRect, glyphRange: found.glyphRange,
                                         characterRange: NSRange(location: lower, length: characters.count),
                                         baselineOffset: found.fragment.baselineOffset, container: found.container))
            }
            return true
        }
        return result
    }
}

import TextKitModel

/// The engine's index types: a UTF-16 offset into the text and a glyph index, as distinct types so
/// that one cannot be used for the other.
///
/// Character offsets and glyph indices are both `Int`s in Apple's API, and they agree on every
/// Latin line, which is how code that mixes them up survives until the first ligature, Arabic
/// paragraph or combining mark. Inside the engine (``TextFlow``, ``ParagraphStore``) they are
/// ``UTF16Offset`` and ``GlyphIndex``: each adds and subtracts only with its own kind (a value of
/// the same type serves as the distance; a plain `Int` does not), so
///
/// ```swift
/// let glyphBase: GlyphIndex = store.paragraph(containingGlyph: g).firstGlyph
/// let start: UTF16Offset = store.paragraph(containingCharacter: c).start
/// let wrong = glyphBase + start  // error: conflicting arguments to generic parameter 'Self' ('GlyphIndex' vs. 'UTF16Offset')
/// let alsoWrong = glyphBase + 3  // error: cannot convert value of type 'Int' to expected argument type 'GlyphIndex'
/// ```
///
/// does not compile. The public API keeps Apple's `Int` and `NSRange`: the façade
/// (`NSLayoutManager`) converts, explicitly, with `UTF16Offset(i)`, `GlyphIndex(i)` and `.rawValue`.
///
/// The typesetting layer below (`TextKitTypesetting`, shared with the Core Text API) counts within
/// one paragraph: its glyph arrays, line glyph ranges and clusters are paragraph-local `Int`s. The
/// engine meets them at a paragraph's first glyph and first character, and turns a local value
/// into a text position only by naming its kind: `firstGlyph + GlyphIndex(local)`, or a located
/// line's `glyph(_:)`, `character(_:)` and `local(_:)` (Layout/TextFlow+Locating.swift).
protocol TextIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The plain number, for Apple's API and for array subscripts.
    var rawValue: Int { get }
    init(_ rawValue: Int)
}

extension TextIndex {
    static var zero: Self { Self(0) }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// An index moved by a distance of the same kind.
    static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.rawValue + rhs.rawValue) }
    /// The distance between two indices of the same kind (or an index moved back by one).
    static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.rawValue - rhs.rawValue) }
    static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }

    var description: String { String(rawValue) }
}

/// An offset into the text (or a length) in UTF-16 code units: the unit of `NSRange` and of every
/// public TextKit API. An offset may fall between the halves of a surrogate pair; the engine never
/// rounds it, the queries that need a character boundary do.
struct UTF16Offset: TextIndex {
    var rawValue: Int
    init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// The index of a glyph in the whole text (or a number of glyphs), counting the glyphs of the
/// paragraphs in order, as Apple's glyph indices do.
struct GlyphIndex: TextIndex {
    var rawValue: Int
    init(_ rawValue: Int) { self.rawValue = rawValue }
}

extension NSRange {
    /// The `length` UTF-16 units from `start`, as Apple's API takes them.
    init(_ start: UTF16Offset, length: Int) { self.init(location: start.rawValue, length: length) }
}

extension Int {
    /// The plain number of an engine index.
    init(_ index: some TextIndex) { self = index.rawValue }
}

/// The Markdown block a paragraph of an imported document comes from: what a page designer needs
/// to style it (keep headings with the text after them, never justify code). It plays the part of
/// the block half of Foundation's `PresentationIntent` on Apple platforms, in a simpler form.
///
/// The Markdown reader puts it on every character as `NSAttributedString.Key.markdownBlock`.
public struct MarkdownBlock: Hashable, Sendable, Codable {
    /// What kind of block a paragraph belongs to.
    public enum Kind: Hashable, Sendable, Codable {
        /// Body text (a paragraph outside lists and quotes).
        case paragraph
        /// A heading of level 1 … 6.
        case heading(level: Int)
        /// A line of a code block; `language` is the fence's info word, if any.
        case codeBlock(language: String?)
        /// A paragraph inside a block quote.
        case blockQuote
        /// A paragraph of a list item (its first one starts with the marker).
        case listItem
        /// A row of a table (GitHub's extension); `header` for the first row.
        case tableRow(header: Bool)
        /// A thematic break (a centred rule).
        case thematicBreak
        /// Text left over from raw HTML once its tags are dropped.
        case html
    }

    /// The block's kind.
    public var kind: Kind
    /// Tells blocks apart: paragraphs with the same identity belong to one block (the lines of a
    /// code block, the rows of a table); numbered from 0 in document order.
    public var identity: Int

    /// A block of `kind`, told apart from others by `identity`.
    public init(kind: Kind, identity: Int) {
        self.kind = kind
        self.identity = identity
    }

    /// Whether the block is running text that may be justified and hyphenated: paragraphs (and
    /// text without the attribute). Headings, code, quotes, lists and tables are not.
    public var isBodyText: Bool { kind == .paragraph || kind == .html }

    /// The heading level, or nil for other blocks.
    public var headingLevel: Int? {
        if case .heading(let level) = kind { return level }
        return nil
    }
}

extension NSAttributedString.Key {
    /// The ``MarkdownBlock`` a character belongs to, set by the Markdown reader.
    public static let markdownBlock = NSAttributedString.Key("OTKMarkdownBlock")
    /// Link targets (`[String]`) that start at this character: a heading's GitHub-style slug
    /// ("Command-line flags" → `command-line-flags`) and the names of `<a id="…">` and
    /// `<a name="…">` anchors. A link to `#name` jumps here; a PDF gets a named destination.
    public static let markdownAnchors = NSAttributedString.Key("OTKMarkdownAnchors")
}

extension MarkdownBlock {
    /// The room the reader leaves between a code block's text and the box a renderer may draw
    /// around it (the text's indents on both sides, and the space above and below the block).
    public static let codeBlockInset: CGFloat = 6
}

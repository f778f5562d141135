import OpenTextKit

extension PagedLayout {
    /// Lines of a Markdown code block never break right after their indentation: a long
    /// indented line would otherwise show an empty first line (only its spaces) and all its text
    /// on the wrapped line. It breaks further on, or inside a word when it must.
    static func codeIndentationStaysWithText(_ storage: NSTextStorage) -> (Int) -> Bool {
        { character in
            guard character < storage.length,
                  let block = storage.attribute(.markdownBlock, at: character, effectiveRange: nil) as? MarkdownBlock,
                  case .codeBlock = block.kind else { return true }
            let start = storage.paragraphRange(for: NSRange(location: character, length: 0)).location
            guard character > start, character - start <= 256 else { return true }
            let before = storage.attributedSubstring(from: NSRange(location: start, length: character - start)).string
            return !before.allSatisfy { $0 == " " || $0 == "\t" }
        }
    }

    /// Whether a line may end with a hyphen before `character`: never inside code (a span or a
    /// block, set in the monospaced face), where a hyphen would change what a reader copies
    /// ("im-port"). The delegate's `shouldBreakLineByHyphenatingBeforeCharacterAt` says so; the
    /// rest of the text hyphenates as `--hyphenation` asks.
    static func codeIsNotHyphenated(_ storage: NSTextStorage) -> (Int) -> Bool {
        { character in
            guard character > 0, character <= storage.length else { return true }
            // The characters on both sides of the hyphen: a break at a span's edge is no
            // hyphenation inside it, but a hyphenation point is always inside a word.
            for index in [character - 1, min(character, storage.length - 1)] {
                if let font = storage.attribute(.font, at: index, effectiveRange: nil) as? UIFont,
                   font.fontDescriptor.symbolicTraits.contains(.traitMonoSpace) { return false }
            }
            return true
        }
    }
}

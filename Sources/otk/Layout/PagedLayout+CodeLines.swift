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
}

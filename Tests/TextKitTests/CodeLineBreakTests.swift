import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// `.breaksLikeCode` in layout: code breaks after its tokens, never with a hyphen.
@Suite("Text that breaks like code")
struct CodeLineBreakTests {
    /// A member chain: ICU finds no break in it (a full stop between letters joins them), code
    /// breaks after each dot.
    static let path = "textContainerInset.layoutManager.ensureLayout_forGlyphRange"

    /// The lines of "Open <path> now." at `width`, the chain set as code when `code`.
    static func lines(width: CGFloat, code: Bool) -> [String] {
        let text = NSMutableAttributedString(string: "Open ", attributes: [.font: LayoutStack.serif()])
        var codeAttributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif()]
        if code { codeAttributes[.breaksLikeCode] = true }
        text.append(NSAttributedString(string: path, attributes: codeAttributes))
        text.append(NSAttributedString(string: " now.", attributes: [.font: LayoutStack.serif()]))
        return LayoutStack(text, containerSizes: [CGSize(width: width, height: 10_000)]).lineStrings()
    }

    @Test("Code too long for the line breaks after a dot or an underscore; as prose it is cut anywhere", arguments: [150, 190, 240] as [CGFloat])
    func pathBreaksAfterTokens(width: CGFloat) {
        let code = Self.lines(width: width, code: true)
        #expect(code.joined() == "Open \(Self.path) now.")
        // Every line that ends inside the path ends right after one of its tokens.
        var end = 0
        for line in code.dropLast() {
            end += line.utf16.count
            let inPath = end > 5 && end < 5 + Self.path.utf16.count
            if inPath { #expect(line.hasSuffix(".") || line.hasSuffix("_"), "width \(width): \(code)") }
        }
        let prose = Self.lines(width: width, code: false)
        #expect(prose.dropLast().contains { !$0.hasSuffix(".") && !$0.hasSuffix("_") && !$0.hasSuffix(" ") }, "width \(width): \(prose)")
    }

    @Test("Code is never hyphenated, where the same words as prose are")
    func neverHyphenated() {
        let text = "An internationalization of characteristically extraordinary responsibilities"
        /// Lines that end inside a word (a hyphenated break: every word fits a line by itself).
        func breaksInsideWords(code: Bool) -> Int {
            let attributed = NSMutableAttributedString(string: text, attributes: [.font: LayoutStack.serif(), .breaksLikeCode: code])
            let style = NSMutableParagraphStyle()
            style.hyphenationFactor = 1
            attributed.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: attributed.length))
            let lines = LayoutStack(attributed, containerSizes: [CGSize(width: 170, height: 10_000)]).lineStrings()
            return zip(lines, lines.dropFirst()).filter { $0.last?.isLetter == true && $1.first?.isLetter == true }.count
        }
        #expect(breaksInsideWords(code: false) > 0)
        #expect(breaksInsideWords(code: true) == 0)
    }
}

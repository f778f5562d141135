import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A content storage's delegate changes what is shown without changing the document: display
/// paragraphs with other attributes, and paragraphs hidden from layout.
@Suite("TextKit 2: what the content storage's delegate shows")
struct TextKit2DisplayTests {
    /// Shows comment paragraphs (starting with "//") larger and red, or hides them.
    final class CommentDelegate: NSTextContentStorageDelegate {
        var showsComments = true
        func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
            let original = textContentStorage.textStorage!.attributedSubstring(from: range)
            guard original.string.hasPrefix("//") else { return nil }
            let display = NSMutableAttributedString(attributedString: original)
            display.addAttributes([.foregroundColor: UIColor.red, .font: LayoutStack.serif(24)], range: NSRange(location: 0, length: display.length))
            return NSTextParagraph(attributedString: display)
        }
        func textContentManager(_ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
                                options: NSTextContentManager.EnumerationOptions) -> Bool {
            showsComments || !((textElement as? NSTextParagraph)?.attributedString.string.hasPrefix("//") ?? false)
        }
    }

    static let text = "Code line one\n// a comment about it\nCode line two\n// another comment\nLast line"

    @Test("Display paragraphs are laid out and drawn with the delegate's attributes; the storage keeps its own")
    func displayParagraphs() throws {
        let stack = TextKit2Stack(Self.text, width: 400)
        let plainHeights = stack.fragments().map(\.layoutFragmentFrame.height)
        let delegate = CommentDelegate()
        stack.contentStorage.delegate = delegate
        let fragments = stack.fragments()
        #expect(fragments.count == 5)
        #expect(fragments[1].layoutFragmentFrame.height > plainHeights[1] * 1.5)
        #expect(abs(fragments[0].layoutFragmentFrame.height - plainHeights[0]) < 0.01)
        #expect((fragments[1].textElement as? NSTextParagraph)?.attributedString.attribute(.foregroundColor, at: 0, effectiveRange: nil) != nil)
        #expect(stack.textStorage.attribute(.foregroundColor, at: 15, effectiveRange: nil) == nil)
        let context = CGContext(recordingSize: CGSize(width: 400, height: 100))
        fragments[1].draw(at: .zero, in: context)
        #expect(context.recording!.glyphRuns.allSatisfy { $0.color == UIColor.red && $0.fontSize == 24 })
        // An edit of a comment keeps it styled; an edit that makes a line a comment styles it.
        stack.contentStorage.performEditingTransaction {
            stack.textStorage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "// ")
        }
        let edited = stack.fragments()
        #expect(edited[0].layoutFragmentFrame.height > plainHeights[0] * 1.5)
        #expect(stack.textStorage.string.hasPrefix("// Code line one"))
    }

    @Test("Hidden paragraphs are not enumerated and take no room; invalidating brings them back")
    func hiddenParagraphs() {
        let stack = TextKit2Stack(Self.text, width: 400)
        let delegate = CommentDelegate()
        delegate.showsComments = false
        stack.contentStorage.delegate = delegate
        let fragments = stack.fragments()
        #expect(fragments.count == 3)
        for (a, b) in zip(fragments, fragments.dropFirst()) {
            #expect(abs(a.layoutFragmentFrame.maxY - b.layoutFragmentFrame.minY) < 0.01)
        }
        delegate.showsComments = true
        stack.layoutManager.invalidateLayout(for: stack.contentStorage.documentRange)
        let shown = stack.fragments()
        #expect(shown.count == 5)
        #expect(shown[1].layoutFragmentFrame.height > 20)
        #expect(shown[4].layoutFragmentFrame.minY > fragments[2].layoutFragmentFrame.minY + 40)
    }
}

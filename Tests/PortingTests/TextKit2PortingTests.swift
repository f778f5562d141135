import Foundation
import OpenTextKit
import Testing

@Suite("Ported TextKit 2 code")
@MainActor
struct TextKit2PortingTests {
    static let body: [NSAttributedString.Key: Any] = [.font: UIFont(name: "DejaVu Serif", size: 15)!]

    static func document() -> NSAttributedString {
        let text = NSMutableAttributedString()
        for i in 1...40 {
            text.append(NSAttributedString(string: "Paragraph \(i) of the document, long enough to wrap onto a second line in the view.\n",
                                           attributes: body))
            if i % 5 == 0 {
                text.append(NSAttributedString(string: "A comment on paragraph \(i).\n",
                                               attributes: [.font: UIFont.systemFont(ofSize: 13), .commentDepth: 1]))
            }
        }
        return text
    }

    @Test("Comments are laid out in bubbles with the delegate's style; the viewport holds what the view shows")
    func transcript() throws {
        let view = TextDocumentView(frame: CGRect(x: 0, y: 0, width: 360, height: 400))
        view.load(Self.document())
        let shown = view.visibleFragments
        #expect(shown.count > 5 && shown.count < 20)
        let bubbles = shown.compactMap { $0 as? BubbleLayoutFragment }
        #expect(bubbles.count >= 1)
        // The display paragraph's indent, which the storage does not have.
        let bubble = try #require(bubbles.first)
        #expect(bubble.layoutFragmentFrame.minX >= 24)
        #expect(view.textContentStorage.textStorage?.attribute(.paragraphStyle, at: 0, effectiveRange: nil) == nil)
        for (a, b) in zip(shown, shown.dropFirst()) { #expect(a.layoutFragmentFrame.maxY <= b.layoutFragmentFrame.minY + 0.01) }
        let image = UIGraphicsImageRenderer(size: view.bounds.size).image { context in
            UIColor.white.setFill()
            context.fill(view.bounds)
            view.draw(view.bounds)
        }
        try image.pngData()!.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "otk-porting-textkit2.png"))
        #expect(bubble.drawCount == 1)
        // The whole document's height, once laid out (before that, the text below the viewport
        // has estimated heights): every paragraph wraps onto two lines.
        view.textLayoutManager.ensureLayout(for: view.textLayoutManager.documentRange)
        #expect(view.textLayoutManager.usageBoundsForTextContainer.height > 80 * (Self.body[.font] as! UIFont).lineHeight)
        #expect(view.contentHeight > 40 * (Self.body[.font] as! UIFont).lineHeight)  // the estimate, as the view last saw it
    }

    @Test("Hiding comments takes them out of the layout; adding one shows it in a new bubble")
    func hidingAndAdding() throws {
        let view = TextDocumentView(frame: CGRect(x: 0, y: 0, width: 360, height: 400))
        view.load(Self.document())
        // The document's height once all of it is laid out (below the viewport, heights are
        // estimates, which know nothing of hidden paragraphs, as in TextKit 2).
        func laidOutHeight() -> CGFloat {
            view.textLayoutManager.ensureLayout(for: view.textLayoutManager.documentRange)
            return view.textLayoutManager.usageBoundsForTextContainer.height
        }
        let withComments = laidOutHeight()
        view.showsComments = false
        #expect(view.visibleFragments.allSatisfy { !($0 is BubbleLayoutFragment) })
        #expect(laidOutHeight() < withComments - 100)
        view.showsComments = true
        #expect(abs(laidOutHeight() - withComments) < 0.5)
        let second = try #require(view.textLayoutManager.textLayoutFragment(for: CGPoint(x: 30, y: 60)))
        view.addComment("A new remark.", after: second.rangeInElement.endLocation)
        let added = view.visibleFragments.first { ($0.textElement as? NSTextParagraph)?.attributedString.string == "A new remark.\n" }
        #expect(added is BubbleLayoutFragment)
    }

    @Test("Word by word through the selection data source, as an iOS word counter writes it")
    func wordsThroughTheDataSource() {
        let storage = NSTextContentStorage()
        let layoutManager = NSTextLayoutManager()
        storage.addTextLayoutManager(layoutManager)
        layoutManager.textContainer = NSTextContainer(size: CGSize(width: 300, height: 0))
        storage.textStorage?.setAttributedString(NSAttributedString(string: "Count these four words.\nAnd three more.", attributes: Self.body))
        var words = 0
        layoutManager.enumerateSubstrings(from: layoutManager.documentRange.location, options: .byWords) { _, _, _, _ in words += 1 }
        #expect(words == 7)
        var lines: [String] = []
        layoutManager.enumerateSubstrings(from: layoutManager.documentRange.location) { substring, _, _, _ in lines.append(substring ?? "") }
        #expect(lines == ["Count these four words.", "And three more."])
    }
}

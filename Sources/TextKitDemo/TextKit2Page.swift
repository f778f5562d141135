import Foundation
import OpenTextKit

/// A page after Apple's sample "Using TextKit 2 to interact with text": a text view on TextKit 2
/// whose comment paragraphs (those starting with "//") a layout manager delegate lays out in
/// bubble fragments, and a content storage delegate shows in grey, indented — or hides, with the
/// "Comments" control. The view draws through its viewport controller, fragment by fragment; typing
/// a new "//" paragraph makes a new bubble.
@MainActor
final class TextKit2Page: UIView, ReportingPage {
    let textView = UITextView(usingTextLayoutManager: true)
    let comments = ChoiceControl(frame: .zero, options: ["Comments shown", "Hidden"])
    let caption = UILabel(frame: .zero)
    private let layoutDelegate = BubbleLayoutDelegate()
    private let contentDelegate = CommentStyler()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        caption.font = UIFont.systemFont(ofSize: 13)
        caption.textColor = .darkGray
        caption.text = "TextKit 2: comments (\"//\") in bubbles drawn by a layout fragment subclass, styled or hidden by the content storage's delegate."
        textView.font = UIFont.systemFont(ofSize: 15)
        textView.textContainerInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        textView.text = environment["OTK_DEMO_TK2_TEXT"] ?? """
            TextKit 2 lays out each paragraph as a layout fragment.
            // A comment: its fragment is a bubble, drawn by a subclass.
            The text view draws the fragments its viewport controller hands it.
            // Hide the comments with the control above; the document keeps them.
            Type a new paragraph starting with // to add a bubble.
            """
        if let manager = textView.textLayoutManager {
            manager.delegate = layoutDelegate
            (manager.textContentManager as? NSTextContentStorage)?.delegate = contentDelegate
        }
        comments.onChange = { [weak self] index in self?.setCommentsShown(index == 0) }
        addSubview(caption)
        addSubview(comments)
        addSubview(textView)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        caption.frame = CGRect(x: 16, y: 6, width: bounds.width - 32, height: 20)
        comments.frame = CGRect(x: 16, y: 30, width: 260, height: 24)
        textView.frame = CGRect(x: 8, y: 60, width: max(bounds.width - 16, 0), height: max(bounds.height - 68, 0))
    }

    private func setCommentsShown(_ shown: Bool) {
        contentDelegate.showsComments = shown
        guard let manager = textView.textLayoutManager else { return }
        manager.invalidateLayout(for: manager.documentRange)
        textView.setNeedsDisplay()
    }

    var report: [String: String] {
        var fragments = 0, bubbles = 0
        textView.textLayoutManager?.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            fragments += 1
            if fragment is BubbleFragment { bubbles += 1 }
            return true
        }
        return ["text": textView.text, "textKit": textView.textLayoutManager == nil ? "1" : "2",
                "fragments": "\(fragments)", "bubbles": "\(bubbles)", "comments": contentDelegate.showsComments ? "shown" : "hidden",
                "selection": "\(textView.selectedRange.location),\(textView.selectedRange.length)"]
    }
}

/// Whether a paragraph is a comment: it starts with "//".
private func isComment(_ text: String) -> Bool { text.hasPrefix("//") }

/// A comment's fragment: a rounded bubble behind its lines.
final class BubbleFragment: NSTextLayoutFragment {
    private var bubble: CGRect {
        var rect = CGRect.null
        for line in textLineFragments { rect = rect.union(line.typographicBounds) }
        return rect.isNull ? .zero : rect.insetBy(dx: -6, dy: -1)
    }

    override var renderingSurfaceBounds: CGRect { super.renderingSurfaceBounds.union(bubble) }

    override func draw(at point: CGPoint, in context: CGContext) {
        context.saveGState()
        context.addPath(UIBezierPath(roundedRect: bubble.offsetBy(dx: point.x, dy: point.y), cornerRadius: 9).cgPath)
        context.setFillColor(UIColor(red: 0.86, green: 0.93, blue: 1, alpha: 1).cgColor)
        context.fillPath()
        context.restoreGState()
        super.draw(at: point, in: context)
    }
}

/// Lays comment paragraphs out in bubbles.
final class BubbleLayoutDelegate: NSTextLayoutManagerDelegate {
    func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation,
                           in textElement: NSTextElement) -> NSTextLayoutFragment {
        let text = (textElement as? NSTextParagraph)?.attributedString.string ?? ""
        return isComment(text) ? BubbleFragment(textElement: textElement, range: textElement.elementRange)
                               : NSTextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }
}

/// Shows comment paragraphs grey and indented, or hides them, leaving the document unchanged.
final class CommentStyler: NSTextContentStorageDelegate {
    var showsComments = true

    func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
        guard let storage = textContentStorage.textStorage else { return nil }
        let paragraph = storage.attributedSubstring(from: range)
        guard isComment(paragraph.string) else { return nil }
        let display = NSMutableAttributedString(attributedString: paragraph)
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 28
        style.headIndent = 28
        style.paragraphSpacingBefore = 3
        style.paragraphSpacing = 3
        display.addAttributes([.foregroundColor: UIColor.darkGray, .paragraphStyle: style], range: NSRange(location: 0, length: display.length))
        return NSTextParagraph(attributedString: display)
    }

    func textContentManager(_ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
                            options: NSTextContentManager.EnumerationOptions) -> Bool {
        showsComments || !isComment((textElement as? NSTextParagraph)?.attributedString.string ?? "")
    }
}

import Foundation
import OpenTextKit

// TextKit 2 client code as iOS apps have written it since iOS 16, in the manner of Apple's sample
// "Using TextKit 2 to interact with text": a document whose comment paragraphs a content storage
// delegate restyles (or hides), a layout manager delegate that lays comments out in bubble
// fragments, and a view that is its viewport controller's delegate, keeps the fragments the
// viewport holds and draws them.

extension NSAttributedString.Key {
    /// Marks a paragraph as a comment (the value is its nesting depth).
    static let commentDepth = NSAttributedString.Key("TextDocumentView.commentDepth")
}

/// Draws a comment paragraph in a rounded bubble.
final class BubbleLayoutFragment: NSTextLayoutFragment {
    var bubbleColor = UIColor(red: 0.85, green: 0.92, blue: 1, alpha: 1)
    private(set) var drawCount = 0

    override var renderingSurfaceBounds: CGRect {
        super.renderingSurfaceBounds.union(bubbleRect)
    }

    /// The bubble around the text, in the fragment's own coordinates.
    private var bubbleRect: CGRect {
        var rect = CGRect.null
        for line in textLineFragments { rect = rect.union(line.typographicBounds) }
        return rect.isNull ? .zero : rect.insetBy(dx: -6, dy: -2)
    }

    override func draw(at point: CGPoint, in context: CGContext) {
        drawCount += 1
        context.saveGState()
        let path = UIBezierPath(roundedRect: bubbleRect.offsetBy(dx: point.x, dy: point.y), cornerRadius: 8)
        context.addPath(path.cgPath)
        context.setFillColor(bubbleColor.cgColor)
        context.fillPath()
        context.restoreGState()
        super.draw(at: point, in: context)
    }
}

// The TextKit 2 delegate protocols are not main-actor isolated (on iOS neither): a view adopts them
// with `@preconcurrency`, as Swift 6 code on iOS does, and TextKit calls them on the main thread.
final class TextDocumentView: UIView, @preconcurrency NSTextViewportLayoutControllerDelegate,
                              @preconcurrency NSTextLayoutManagerDelegate, @preconcurrency NSTextContentStorageDelegate {
    let textContentStorage = NSTextContentStorage()
    let textLayoutManager = NSTextLayoutManager()
    var contentOffset: CGPoint = .zero
    var showsComments = true {
        didSet {
            textLayoutManager.invalidateLayout(for: textContentStorage.documentRange)
            textLayoutManager.textViewportLayoutController.layoutViewport()
        }
    }
    private(set) var visibleFragments: [NSTextLayoutFragment] = []
    private(set) var contentHeight: CGFloat = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        textContentStorage.delegate = self
        textContentStorage.addTextLayoutManager(textLayoutManager)
        let container = NSTextContainer(size: CGSize(width: frame.width, height: 0))
        textLayoutManager.textContainer = container
        textLayoutManager.delegate = self
        textLayoutManager.textViewportLayoutController.delegate = self
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func load(_ text: NSAttributedString) {
        textContentStorage.performEditingTransaction {
            textContentStorage.textStorage?.setAttributedString(text)
        }
        textLayoutManager.textViewportLayoutController.layoutViewport()
    }

    func addComment(_ comment: String, after location: NSTextLocation) {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 13), .commentDepth: 1]
        textContentStorage.performEditingTransaction {
            let offset = textContentStorage.offset(from: textContentStorage.documentRange.location, to: location)
            textContentStorage.textStorage?.insert(NSAttributedString(string: comment + "\n", attributes: attributes), at: offset)
        }
        textLayoutManager.textViewportLayoutController.layoutViewport()
    }

    // MARK: - NSTextContentStorageDelegate

    func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
        guard let storage = textContentStorage.textStorage,
              storage.attribute(.commentDepth, at: range.location, effectiveRange: nil) != nil else { return nil }
        let display = NSMutableAttributedString(attributedString: storage.attributedSubstring(from: range))
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 24
        style.headIndent = 24
        style.paragraphSpacingBefore = 4
        style.paragraphSpacing = 4
        display.addAttributes([.foregroundColor: UIColor.darkGray, .paragraphStyle: style],
                              range: NSRange(location: 0, length: display.length))
        return NSTextParagraph(attributedString: display)
    }

    func textContentManager(_ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
                            options: NSTextContentManager.EnumerationOptions) -> Bool {
        guard !showsComments, let paragraph = textElement as? NSTextParagraph, paragraph.attributedString.length > 0 else { return true }
        return paragraph.attributedString.attribute(.commentDepth, at: 0, effectiveRange: nil) == nil
    }

    // MARK: - NSTextLayoutManagerDelegate

    func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: NSTextLocation,
                           in textElement: NSTextElement) -> NSTextLayoutFragment {
        let index = textLayoutManager.offset(from: textLayoutManager.documentRange.location, to: location)
        let isComment = index < (textContentStorage.textStorage?.length ?? 0)
            && textContentStorage.textStorage?.attribute(.commentDepth, at: index, effectiveRange: nil) != nil
        return isComment ? BubbleLayoutFragment(textElement: textElement, range: textElement.elementRange)
                         : NSTextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }

    // MARK: - NSTextViewportLayoutControllerDelegate

    func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect {
        CGRect(origin: contentOffset, size: bounds.size)
    }

    func textViewportLayoutControllerWillLayout(_ controller: NSTextViewportLayoutController) {
        visibleFragments.removeAll()
    }

    func textViewportLayoutController(_ controller: NSTextViewportLayoutController,
                                      configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment) {
        visibleFragments.append(textLayoutFragment)
    }

    func textViewportLayoutControllerDidLayout(_ controller: NSTextViewportLayoutController) {
        var lastFragmentMaxY: CGFloat = 0
        textLayoutManager.enumerateTextLayoutFragments(from: textLayoutManager.documentRange.endLocation,
                                                       options: [.reverse, .ensuresLayout]) { fragment in
            lastFragmentMaxY = fragment.layoutFragmentFrame.maxY
            return false
        }
        contentHeight = max(lastFragmentMaxY, textLayoutManager.usageBoundsForTextContainer.height)
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        for fragment in visibleFragments {
            let frame = fragment.layoutFragmentFrame
            fragment.draw(at: CGPoint(x: frame.minX - contentOffset.x, y: frame.minY - contentOffset.y), in: context)
        }
    }
}

import Foundation
import OpenTextKit

/// The seeds' paging view: a long text in one storage and one layout manager, flowing through a
/// row of page-sized text containers, a `UITextView` on each, inside a scroll view you scroll
/// sideways. Pages are added while the text overflows the last one and removed when it no
/// longer reaches them; typing on one page moves the text across all that follow, and the view
/// scrolls to keep the caret's page in sight.
@MainActor
final class PagesPage: UIScrollView, UITextViewDelegate, ReportingPage {
    let storage = NSTextStorage()
    let layoutManager = NSLayoutManager()
    private(set) var pages: [UITextView] = []
    /// The size the pages were last laid out for.
    private var laidOutSize = CGSize.zero
    static let pageWidth: CGFloat = 300
    static let gap: CGFloat = 24

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.9, alpha: 1)
        storage.addLayoutManager(layoutManager)
        storage.setAttributedString(ConstitutionText.attributed(size: 12))
        addPage()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// The frame of page `index` in content coordinates.
    private func pageFrame(_ index: Int) -> CGRect {
        CGRect(x: Self.gap + CGFloat(index) * (Self.pageWidth + Self.gap), y: 20,
               width: Self.pageWidth, height: max(bounds.height - 52, 40))
    }

    private func addPage() {
        let frame = pageFrame(pages.count)
        let container = NSTextContainer(size: CGSize(width: frame.width - 32, height: frame.height - 32))
        layoutManager.addTextContainer(container)
        let page = UITextView(frame: frame, textContainer: container)
        page.textContainerInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        page.isScrollEnabled = false
        page.backgroundColor = .white
        page.delegate = self
        pages.append(page)
        addSubview(page)
    }

    private func removeLastPage() {
        guard let page = pages.popLast() else { return }
        page.removeFromSuperview()
        layoutManager.removeTextContainer(at: layoutManager.textContainers.count - 1)
    }

    /// Adds pages while the text overflows the last one, and removes the pages at the end
    /// that it no longer reaches.
    func updatePages() {
        while let last = pages.last {
            layoutManager.ensureLayout(for: last.textContainer)
            let laid = layoutManager.glyphRange(for: last.textContainer)
            if laid.location + laid.length < layoutManager.numberOfGlyphs {
                addPage()
            } else if pages.count > 1, laid.length == 0 {
                removeLastPage()
            } else {
                break
            }
        }
        contentSize = CGSize(width: pageFrame(pages.count).minX, height: bounds.height)
        setNeedsDisplay()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        for (i, page) in pages.enumerated() {
            let frame = pageFrame(i)
            if page.frame != frame {
                page.frame = frame
                page.textContainer.size = CGSize(width: frame.width - 32, height: frame.height - 32)
            }
        }
        updatePages()
        // New page heights move the text between pages (the horizontal scroll bar appearing
        // takes height, for one): the caret's page stays in sight.
        if bounds.size != laidOutSize {
            laidOutSize = bounds.size
            if let focused = pages.first(where: { $0.isFirstResponder }) { textViewDidChangeSelection(focused) }
        }
    }

    override func draw(_ rect: CGRect) {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 11), .foregroundColor: UIColor.darkGray]
        for i in pages.indices {
            let frame = pageFrame(i)
            guard frame.intersects(rect.insetBy(dx: 0, dy: -40)) else { continue }
            let number = "\(i + 1)" as NSString
            let size = number.size(withAttributes: attributes)
            number.draw(at: CGPoint(x: frame.midX - size.width / 2, y: frame.maxY + 6), withAttributes: attributes)
        }
    }

    // MARK: UITextViewDelegate

    func textViewDidChange(_ textView: UITextView) { updatePages() }

    /// Keeps the caret's page in sight (the caret may have moved to another page's text view:
    /// the page that holds it takes over as first responder).
    func textViewDidChangeSelection(_ textView: UITextView) {
        let location = textView.selectedRange.location
        let glyph = layoutManager.glyphIndexForCharacter(at: min(location, max(storage.length - 1, 0)))
        guard let container = layoutManager.textContainer(forGlyphAt: glyph, effectiveRange: nil),
              let page = pages.first(where: { $0.textContainer === container }) else { return }
        scrollRectToVisible(page.frame.insetBy(dx: -Self.gap, dy: 0), animated: false)
    }

    var report: [String: String] {
        let starts = pages.map { layoutManager.characterRange(forGlyphRange: layoutManager.glyphRange(for: $0.textContainer), actualGlyphRange: nil).location }
        let focused = pages.firstIndex { $0.isFirstResponder }
        return ["pages": "\(pages.count)",
                "pageStarts": starts.map(String.init).joined(separator: ","),
                "contentOffsetX": "\(Int(contentOffset.x))",
                "contentWidth": "\(Int(contentSize.width))",
                "boundsWidth": "\(Int(bounds.width))",
                "focusedPage": focused.map { "\($0 + 1)" } ?? "none",
                "length": "\(storage.length)",
                "start": String(storage.string.prefix(40))]
    }
}

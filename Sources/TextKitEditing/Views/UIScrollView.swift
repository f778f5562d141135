import TextKitGraphics
import TextKitModel

/// Told when a scroll view scrolls. Every member is optional.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// A view that shows part of a larger content area: its bounds origin is the ``contentOffset``.
/// Scrolling is by code or by a host (wheel and scroll bars in a window); there is no deceleration
/// or bouncing, and `animated:` arguments change the offset at once.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    // (Unchecked exclusivity on the size, insets and delegate: read at every keystroke of a text
    // view, only ever read or set whole.)
    /// The size of the content.
    @exclusivity(unchecked) open var contentSize: CGSize = .zero { didSet { if contentSize != oldValue { contentSizeDidChange() } } }
    /// Space around the content, added to the scrollable area.
    @exclusivity(unchecked) open var contentInset: UIEdgeInsets = .zero
    /// Whether the user may scroll (a host consults it); scrolling by code works regardless.
    open var isScrollEnabled = true
    /// Told when the view scrolls.
    @exclusivity(unchecked) open weak var delegate: (any UIScrollViewDelegate)?

    /// A scroll view with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// The content point shown at the view's top left (the bounds origin).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin, newValue.x.isFinite, newValue.y.isFinite else { return }
            bounds.origin = newValue
            scrollViewDidScroll()
        }
    }

    /// Sets ``contentOffset`` (at once; there are no animations).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// Scrolls as little as possible so that `rect` (content coordinates) is visible, as much
    /// of it as fits, its top left first.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard !rect.isNull else { return }
        var offset = contentOffset
        let size = bounds.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        offset.x = min(max(offset.x, -contentInset.left), max(maximumContentOffset.x, -contentInset.left))
        offset.y = min(max(offset.y, -contentInset.top), max(maximumContentOffset.y, -contentInset.top))
        contentOffset = offset
    }

    /// The largest offset that still shows content at the bottom right.
    var maximumContentOffset: CGPoint {
        CGPoint(x: contentSize.width + contentInset.right - bounds.width,
                y: contentSize.height + contentInset.bottom - bounds.height)
    }

    /// Called after the content offset changes: tells the delegate. Subclasses lay out newly
    /// shown content here.
    open func scrollViewDidScroll() {
        delegate?.scrollViewDidScroll(self)
    }

    /// Called when ``contentSize`` changes (a host updates its scroll bars).
    open func contentSizeDidChange() {}
}

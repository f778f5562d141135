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

    /// A scroll view made as `init(frame: .zero)` makes it: nothing is decoded (no nibs on Linux).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether a vertical scroll indicator shows (default true). Recorded only: the GTK host
    /// always shows a scroll bar beside a hosted scroll view.
    open var showsVerticalScrollIndicator = true
    /// Whether a horizontal scroll indicator shows (default true). Recorded only.
    open var showsHorizontalScrollIndicator = true
    /// Whether scrolling bounces past the content's edges (default true). Recorded only: there is
    /// no bouncing here.
    open var bounces = true
    /// Whether scrolling bounces vertically even when the content fits (default false). Recorded only.
    open var alwaysBounceVertical = false
    /// Whether scrolling bounces horizontally even when the content fits (default false). Recorded only.
    open var alwaysBounceHorizontal = false
    /// How far the vertical scroll indicator is inset from the view's edges (default zero).
    /// Recorded only: the GTK host's scroll bar sits beside the view.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// How far the horizontal scroll indicator is inset from the view's edges (default zero).
    /// Recorded only.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both indicators' insets (UIKit's older property): reading gives the vertical one's,
    /// setting sets both.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
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

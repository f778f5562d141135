import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A rectangle that draws itself and holds subviews: UIKit's `UIView`, enough for text views to
/// be laid out, drawn and hosted. There is no window server: a host (a GTK window, a test, an
/// image renderer) draws a hierarchy with ``drawHierarchy(in:afterScreenUpdates:)`` into the
/// current `CGContext`, and learns what to redraw through ``displayInvalidationHandler``.
///
/// Coordinates are UIKit's: y grows downwards, a view's ``frame`` is in its superview's bounds
/// coordinates, and its ``bounds`` origin is the point of its own content shown at its top left
/// (a scroll view's content offset).
///
/// Touches come from a host through ``TouchDelivery`` (the GTK host delivers the mouse):
/// ``hitTest(_:with:)`` picks the view, its gesture recognizers see the touches first, then the
/// view's `touchesBegan(_:with:)` family runs. Linux differences: there is no window server, so
/// ``window`` is nil unless the hierarchy's top is a ``UIWindow``; animations happen at once
/// (``animate(withDuration:animations:)``); nothing is ever loaded from a nib.
@preconcurrency @MainActor
open class UIView: UIResponder {
    private var _frame: CGRect
    private var _boundsOrigin: CGPoint = .zero
    private var needsLayout = true

    /// The view's superview, nil for the top of a hierarchy.
    open private(set) weak var superview: UIView?
    /// The view's subviews, back to front.
    open private(set) var subviews: [UIView] = []

    /// The colour drawn under the view's content; nil draws nothing.
    open var backgroundColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Whether the view (and its subviews) is drawn.
    open var isHidden = false { didSet { superview?.setNeedsDisplay(frame) } }
    /// The view's opacity when drawn, 0…1.
    open var alpha: CGFloat = 1 { didSet { setNeedsDisplay() } }
    /// Whether subviews are clipped to the view's bounds. Linux difference: drawing always clips
    /// a view and its subviews to its bounds; the flag is kept for ported code.
    open var clipsToBounds = false
    /// Whether the view takes clicks and drags (a host consults it).
    open var isUserInteractionEnabled = true
    /// The accent colour (a text view's caret and selection); inherited from the superview when nil.
    open var tintColor: UIColor! {
        get { _tintColor ?? superview?.tintColor ?? UIColor.systemBlue }
        set { _tintColor = newValue; setNeedsDisplay() }
    }
    private var _tintColor: UIColor?
    /// Device pixels per point; a host sets it for HiDPI screens.
    open var contentScaleFactor: CGFloat = 1
    /// How the view's content is fitted when its bounds change. Stored: OpenTextKit always calls
    /// ``draw(_:)`` again for a resized view, so every mode redraws (as `.redraw` does).
    /// `.scaleToFill` by default (``UILabel``'s is `.redraw`, as in UIKit).
    open var contentMode: ContentMode = .scaleToFill
    /// How the view resizes when its superview's bounds change, as UIKit's autoresizing mask
    /// (`[]` by default). Linux difference: stored only; OpenTextKit does not resize subviews
    /// when a superview's size changes — lay them out in ``layoutSubviews()``.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether the superview resizes the view by its ``autoresizingMask``. True by default.
    /// Stored only (see ``autoresizingMask``).
    open var autoresizesSubviews = true
    /// Whether the view fills its bounds with opaque content (a drawing hint). True by default.
    /// Recorded only: OpenTextKit always composites views.
    open var isOpaque = true
    /// A number that identifies the view (0 by default); see ``viewWithTag(_:)``.
    open var tag = 0
    /// The default spacing between the view's edges and its content (8 points each side by
    /// default, as UIKit's). No layout engine reads it here; setting it calls
    /// ``layoutMarginsDidChange()``.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { layoutMarginsDidChange() } }
    }
    /// Whether the view also keeps the superview's margins (false by default). Recorded only.
    open var preservesSuperviewLayoutMargins = false
    /// Called after ``layoutMargins`` changes; marks the view as needing layout.
    open func layoutMarginsDidChange() { setNeedsLayout() }
    /// The insets that keep content clear of bars and screen corners: always zero (a Linux
    /// window has no notch, status bar or home indicator).
    open var safeAreaInsets: UIEdgeInsets { .zero }
    /// Called when ``safeAreaInsets`` change; they never change here, so nothing calls it.
    open func safeAreaInsetsDidChange() {}

    // MARK: Traits

    /// The environment's traits: the screen's scale (``UIScreen/main``), the light appearance,
    /// the process's preferred content size category, regular size classes, left to right.
    open var traitCollection: UITraitCollection { _traitCollection }

    /// Called when ``traitCollection`` changed (a host changed the screen's scale or the
    /// content size category), with the collection before; does nothing by default. The GTK host
    /// calls it on every view of its hierarchy when the window moves to a screen of another scale.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Touches and gestures

    /// The deepest visible, interactive view under `point` (bounds coordinates): nil when the
    /// view is hidden, has ``isUserInteractionEnabled`` false, has an ``alpha`` below 0.01, or
    /// ``point(inside:with:)`` says no; otherwise the subviews are asked front to back (with the
    /// point in each one's coordinates) and the first that answers wins, else the view itself.
    /// Override to widen a hit area or to pass touches through.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { _hitTest(point, with: event) }

    /// Whether `point` (bounds coordinates) is inside the view: inside ``bounds`` by default.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The gesture recognizers attached to the view (nil when there are none, as in UIKit).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { recognizer.view = nil }
            attachedRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }
    var attachedRecognizers: [UIGestureRecognizer] = []

    /// Attaches `gestureRecognizer` (removing it from the view it was on): it sees the touches
    /// delivered to this view and its subviews before they do.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { _addGestureRecognizer(gestureRecognizer) }

    /// Detaches `gestureRecognizer` from the view.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { _removeGestureRecognizer(gestureRecognizer) }

    /// Whether `gestureRecognizer` (attached to this view or an ancestor) may begin: true by
    /// default. Asked before the recognizer's delegate.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Accessibility (UIKit's informal protocol, on views here)

    /// What the accessibility properties hold when set (nil: the view's default).
    var accessibility = AccessibilityStorage()

    /// Whether assistive technologies see the view as one element. False for plain views; true
    /// for ``UILabel``, ``UITextView`` and ``UITextField``, as in UIKit.
    open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? false }
        set { accessibility.isElement = newValue }
    }
    /// A short name for the element (a button's title). Nil by default (a ``UILabel``'s text).
    open var accessibilityLabel: String? {
        get { accessibility.label }
        set { accessibility.label = newValue }
    }
    /// The element's current value (a slider's position; a text view's or field's text).
    open var accessibilityValue: String? {
        get { accessibility.value }
        set { accessibility.value = newValue }
    }
    /// What acting on the element does ("Opens the message"). Nil by default.
    open var accessibilityHint: String? {
        get { accessibility.hint }
        set { accessibility.hint = newValue }
    }
    /// What kind of element this is. `.none` by default (a ``UILabel``'s is `.staticText`).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility.traits ?? .none }
        set { accessibility.traits = newValue }
    }
    /// The element's rect. UIKit measures it in screen coordinates; here, with no screen, it is
    /// the view's bounds in its hierarchy's top view's coordinates (what the GTK host's drawing
    /// area shows), unless set.
    open var accessibilityFrame: CGRect {
        get { accessibility.frame ?? convert(bounds, to: nil) }
        set { accessibility.frame = newValue }
    }
    /// The elements inside this container, in reading order (views or
    /// ``UIAccessibilityElement``s); nil by default.
    open var accessibilityElements: [Any]? {
        get { accessibility.elements }
        set { accessibility.elements = newValue }
    }
    /// Extra actions offered on the element (closure-based here). Nil by default.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibility.customActions }
        set { accessibility.customActions = newValue }
    }
    /// An identifier for UI tests (never spoken). Nil by default.
    open var accessibilityIdentifier: String? {
        get { accessibility.identifier }
        set { accessibility.identifier = newValue }
    }
    /// Whether the view and its subviews are hidden from assistive technologies. False by default.
    open var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue }
    }
    /// Whether assistive technologies should ignore the view's siblings. False by default;
    /// recorded only.
    open var accessibilityViewIsModal: Bool {
        get { accessibility.viewIsModal }
        set { accessibility.viewIsModal = newValue }
    }
    /// Whether the subviews are read as a group. False by default; recorded only.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibility.groupsChildren }
        set { accessibility.groupsChildren = newValue }
    }

    /// Told of every rect that needs drawing again, relative to the view's top-left corner as
    /// shown (the space ``drawHierarchy(in:afterScreenUpdates:)`` draws into when given
    /// `CGRect(origin: .zero, size: bounds.size)`; a scroll view's content offset is taken
    /// off): a host sets it on the top view of the hierarchy it shows, and
    /// ``setNeedsDisplay(_:)`` on any view below reaches it, converted. A Linux addition
    /// (UIKit's window server does this).
    public var displayInvalidationHandler: ((CGRect) -> Void)?

    /// A view with the given frame.
    public init(frame: CGRect) {
        _frame = frame
        super.init()
    }

    /// A view "decoded" from an archive. Linux has no nibs or storyboards: nothing is decoded,
    /// and the view is made as `init(frame: .zero)` makes it (never nil). It exists because
    /// subclasses written for iOS declare `required init?(coder:)`, as Swift requires of a
    /// subclass that adds its own designated initializer.
    public required init?(coder: NSCoder) {
        _frame = .zero
        super.init()
    }

    /// Called on a view loaded from a nib. Linux loads no nibs, so nothing calls it; it does
    /// nothing, and exists so that iOS overrides (which call `super`) compile.
    open func awakeFromNib() {}

    /// Called by Interface Builder to draw a designable view. Nothing calls it on Linux; it does
    /// nothing.
    open func prepareForInterfaceBuilder() {}

    /// Encodes nothing (there are no archives of views on Linux); present so that iOS overrides
    /// that call `super` compile.
    open func encode(with coder: NSCoder) {}

    /// A view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// The view's rect in its superview's bounds coordinates.
    open var frame: CGRect {
        get { _frame }
        set {
            let old = _frame
            _frame = newValue
            guard old != newValue else { return }
            if old.size != newValue.size { setNeedsLayout(); boundsSizeDidChange(from: old.size) }
            superview?.setNeedsDisplay(old.union(newValue))
        }
    }

    /// The view's own coordinate space: its size is the frame's, its origin the content point
    /// shown at the top left.
    open var bounds: CGRect {
        get { CGRect(origin: _boundsOrigin, size: _frame.size) }
        set {
            let oldSize = _frame.size
            _boundsOrigin = newValue.origin
            _frame.size = newValue.size
            if oldSize != newValue.size { setNeedsLayout(); boundsSizeDidChange(from: oldSize) }
            setNeedsDisplay()
        }
    }

    /// The frame's centre.
    open var center: CGPoint {
        get { CGPoint(x: _frame.midX, y: _frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - _frame.width / 2, y: newValue.y - _frame.height / 2) }
    }

    /// Called when the bounds' size changes (a text view re-lays its text out for a new width).
    open func boundsSizeDidChange(from oldSize: CGSize) {}

    /// The size that fits `size` best: the view's current size by default.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Tells the view's layout that its ``intrinsicContentSize`` changed: the superview is
    /// marked as needing ``layoutSubviews()``. There is no Auto Layout engine here; a superview
    /// that sizes its subviews from their intrinsic sizes does so in `layoutSubviews()`.
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size.
    open func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    /// The size the view's content needs; `noIntrinsicMetric` in both directions by default.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// "No preferred size in this direction", as in UIKit.
    public static let noIntrinsicMetric: CGFloat = -1

    /// `point` (in this view's bounds coordinates) in `view`'s; nil means the hierarchy's top.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inTop = pointInTop(point)
        return (view ?? topView).pointFromTop(inTop)
    }

    /// `point` in `view`'s bounds coordinates (nil: the hierarchy's top) in this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        pointFromTop((view ?? topView).pointInTop(point))
    }

    /// `rect` in this view's bounds coordinates in `view`'s.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// `rect` in `view`'s bounds coordinates in this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    private var topView: UIView {
        var top = self
        while let up = top.superview { top = up }
        return top
    }

    private func pointInTop(_ point: CGPoint) -> CGPoint {
        var p = point
        var view = self
        while let up = view.superview {
            p = CGPoint(x: p.x - view._boundsOrigin.x + view._frame.minX, y: p.y - view._boundsOrigin.y + view._frame.minY)
            view = up
        }
        return p
    }

    private func pointFromTop(_ point: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var view = self
        while let up = view.superview { chain.append(view); view = up }
        var p = point
        for v in chain.reversed() {
            p = CGPoint(x: p.x - v._frame.minX + v._boundsOrigin.x, y: p.y - v._frame.minY + v._boundsOrigin.y)
        }
        return p
    }

    // MARK: Hierarchy

    /// The superview: the next responder.
    open override var next: UIResponder? { superview }

    /// The window the view is in: the hierarchy's top view when that is a ``UIWindow``, else nil
    /// (hosts such as the GTK host show plain views, so this is usually nil on Linux).
    open var window: UIWindow? { topView as? UIWindow }

    /// The view itself when its ``tag`` is `tag`, else the first subview (depth first, back to
    /// front) that has it; nil when none does.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    /// Moves `view` (a subview) in front of its siblings.
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
        setNeedsDisplay(view.frame)
    }

    /// Moves `view` (a subview) behind its siblings.
    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
        setNeedsDisplay(view.frame)
    }

    /// Inserts `view` just above `siblingSubview` (on top when it is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let i = subviews.firstIndex(where: { $0 === siblingSubview }).map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: view.superview === self && (subviews.firstIndex(where: { $0 === view }) ?? i) < i ? i - 1 : i)
    }

    /// Inserts `view` just below `siblingSubview` (at the back when it is not a subview).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let i = subviews.firstIndex(where: { $0 === siblingSubview }) ?? 0
        insertSubview(view, at: view.superview === self && (subviews.firstIndex(where: { $0 === view }) ?? i) < i ? i - 1 : i)
    }

    /// Adds `view` on top of the subviews (moving it from its old superview).
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` among the subviews at `index`.
    open func insertSubview(_ view: UIView, at index: Int) {
        checkPrecondition(view !== self, "insertSubview(_:at:): a view cannot be its own subview")
        view.removeFromSuperview()
        view.dropFocus(ifInside: view)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        setNeedsDisplay(view.frame)
    }

    /// Removes the view from its superview; a first responder inside it loses the focus.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        var top = parent
        while let up = top.superview { top = up }
        top.dropFocus(ifInside: self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsDisplay(frame)
    }

    // MARK: Layout

    /// Marks the view as needing ``layoutSubviews()`` before it is next drawn.
    open func setNeedsLayout() { needsLayout = true }

    /// Runs ``layoutSubviews()`` now if the view needs it, then does the same down its subviews,
    /// as UIKit lays out the whole subtree.
    open func layoutIfNeeded() {
        layoutSelfIfNeeded()
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Runs ``layoutSubviews()`` if this view (not its subviews) needs it: what drawing does view by view.
    func layoutSelfIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// Lays out subviews; does nothing by default.
    open func layoutSubviews() {}

    // MARK: Drawing

    /// Draws the view's content in `rect` (bounds coordinates) into the current context
    /// (`UIGraphicsGetCurrentContext()`). Nothing by default; the background is drawn before it.
    open func draw(_ rect: CGRect) {}

    /// Marks the whole view as needing drawing.
    open func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks `rect` (bounds coordinates) as needing drawing: the hierarchy's top view's
    /// ``displayInvalidationHandler`` hears of it.
    open func setNeedsDisplay(_ rect: CGRect) {
        guard !rect.isNull else { return }
        var r = rect
        var view = self
        while true {
            if let handler = view.displayInvalidationHandler {
                handler(r.offsetBy(dx: -view._boundsOrigin.x, dy: -view._boundsOrigin.y))
                return
            }
            guard let up = view.superview else { return }
            r = r.offsetBy(dx: view._frame.minX - view._boundsOrigin.x, dy: view._frame.minY - view._boundsOrigin.y)
            view = up
        }
    }

    /// Draws the view and its subviews into the current context, the view's bounds scaled to
    /// `rect` (current-context coordinates). Only what falls in the context's clip is drawn by
    /// views that honour their `draw(_:)` rect. Returns false when there is no current context.
    @discardableResult
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        guard bounds.width > 0, bounds.height > 0 else { return true }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        drawTree(in: context, visible: CGRect(origin: .zero, size: bounds.size))
        context.restoreGState()
        return true
    }

    /// Draws the tree with the context's origin at the view's frame origin; `visible` is the part
    /// of the view (frame-relative) that can show.
    private func drawTree(in context: CGContext, visible: CGRect) {
        guard !isHidden, alpha > 0, !visible.isEmpty else { return }
        layoutSelfIfNeeded()
        context.saveGState()
        if alpha < 1 { context.setAlpha(alpha) }
        let boundsRect = CGRect(origin: .zero, size: bounds.size)
        context.clip(to: boundsRect)
        if let backgroundColor {
            context.setFillColor(backgroundColor)
            context.fill(visible)
        }
        context.translateBy(x: -_boundsOrigin.x, y: -_boundsOrigin.y)
        draw(visible.offsetBy(dx: _boundsOrigin.x, dy: _boundsOrigin.y))
        for subview in subviews {
            let frameInSelf = subview.frame.offsetBy(dx: -_boundsOrigin.x, dy: -_boundsOrigin.y)
            let shown = frameInSelf.intersection(visible)
            context.saveGState()
            context.translateBy(x: subview.frame.minX, y: subview.frame.minY)
            subview.drawTree(in: context, visible: shown.offsetBy(dx: -frameInSelf.minX, dy: -frameInSelf.minY))
            context.restoreGState()
        }
        context.restoreGState()
    }
}

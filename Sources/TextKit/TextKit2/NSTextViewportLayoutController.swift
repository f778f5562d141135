import TextKitGraphics
import TextKitModel

/// What a viewport layout controller asks the view that shows the text, as TextKit's
/// `NSTextViewportLayoutControllerDelegate`.
public protocol NSTextViewportLayoutControllerDelegate: AnyObject {
    /// The rect (container coordinates, y down) to lay out and show: usually the visible bounds
    /// and some overdraw.
    func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect
    /// Shows `textLayoutFragment`, one of the fragments in the viewport (typically by giving it a
    /// layer or view at its `layoutFragmentFrame`). Called once per fragment, in document order,
    /// during ``NSTextViewportLayoutController/layoutViewport()``.
    func textViewportLayoutController(_ textViewportLayoutController: NSTextViewportLayoutController,
                                      configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment)
    /// A viewport layout is about to start (the viewport bounds are already up to date).
    func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: NSTextViewportLayoutController)
    /// A viewport layout finished (``NSTextViewportLayoutController/viewportRange`` is up to date).
    func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: NSTextViewportLayoutController)
}

extension NSTextViewportLayoutControllerDelegate {
    /// Default: nothing.
    public func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: NSTextViewportLayoutController) {}
    /// Default: nothing.
    public func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: NSTextViewportLayoutController) {}
}

/// Lays out and shows the part of a TextKit 2 document that a scrolled view's viewport holds, as
/// TextKit's `NSTextViewportLayoutController`.
///
/// ``layoutViewport()`` asks the delegate for the viewport bounds, lays out the paragraphs that
/// meet them — those alone: text above and below the viewport keeps an estimated height until a
/// viewport reaches it — and hands the delegate each layout fragment there.
///
/// Laying out a paragraph replaces its estimate with its height, which moves the fragments below
/// it and never those above. A viewport that moves down therefore finds its fragments where the
/// estimates put them; one that moves up lays out text above fragments already shown, which then
/// move by the difference. A view keeps them still by scrolling by as much (`UITextView` does;
/// see ``adjustViewport(byVerticalOffset:)``). The document's first fragment is always at the top
/// of the container: there is nothing above it to estimate.
open class NSTextViewportLayoutController: NSObject {
    /// The delegate (held weakly): the view that shows the fragments.
    open weak var delegate: NSTextViewportLayoutControllerDelegate?
    /// The layout manager whose fragments this controller shows.
    open private(set) weak var textLayoutManager: NSTextLayoutManager?
    /// The bounds of the last viewport layout (`.zero` before the first).
    open private(set) var viewportBounds: CGRect = .zero
    /// The text of the fragments the last viewport layout showed (nil before the first, or when it
    /// showed none).
    open private(set) var viewportRange: NSTextRange?
    /// How many fragments the last viewport layout handed to the delegate (for tests and
    /// benchmarks: a viewport's work is the fragments it shows).
    package private(set) var lastLayoutFragmentCount = 0

    /// A controller for `textLayoutManager` (a layout manager makes its own; see
    /// `NSTextLayoutManager.textViewportLayoutController`).
    public init(textLayoutManager: NSTextLayoutManager) {
        self.textLayoutManager = textLayoutManager
        super.init()
    }

    /// Lays out the viewport: tells the delegate it will lay out, hands it each fragment that meets
    /// the viewport bounds (after the layout manager's `renderingAttributesValidator` saw it),
    /// then tells it layout is done.
    open func layoutViewport() {
        guard let manager = textLayoutManager else { return }
        viewportBounds = delegate?.viewportBounds(for: self) ?? .zero
        delegate?.textViewportLayoutControllerWillLayout(self)
        let shown = fragments(meeting: viewportBounds, in: manager)
        lastLayoutFragmentCount = shown.count
        for fragment in shown {
            manager.validateRenderingAttributes(of: fragment)
            delegate?.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
        }
        if let first = shown.first, let last = shown.last {
            viewportRange = NSTextRange(location: first.rangeInElement.location, end: last.rangeInElement.endLocation)
        } else {
            viewportRange = nil
        }
        delegate?.textViewportLayoutControllerDidLayout(self)
    }

    /// Lays the text out as far as `textLocation` and returns the y (container coordinates) where
    /// a view should put its viewport's top to show it: the top of its layout fragment.
    @discardableResult
    open func relocateViewport(to textLocation: any NSTextLocation) -> CGFloat {
        textLayoutManager?.textLayoutFragment(for: textLocation)?.layoutFragmentFrame.minY ?? 0
    }

    /// In TextKit, moves the laid-out fragments by `verticalOffset` to correct estimates above them
    /// (a view calls it when its first fragment is not where the document starts). Here
    /// estimates are corrected where they are made: the first fragment always starts at the top,
    /// and laying out text above a fragment moves it by the real difference (see the class
    /// overview). So there is nothing to move; the view scrolls instead.
    open func adjustViewport(byVerticalOffset verticalOffset: CGFloat) {}

    /// The fragments whose frames meet `bounds` vertically, in document order (laid out).
    private func fragments(meeting bounds: CGRect, in manager: NSTextLayoutManager) -> [NSTextLayoutFragment] {
        guard let container = manager.textContainer, !bounds.isNull, bounds.minY.isFinite, bounds.height.isFinite else { return [] }
        var found: [NSTextLayoutFragment] = []
        if manager.engine.textStorage?.length ?? 0 == 0 {
            manager.enumerateTextLayoutFragments(from: nil, options: [.ensuresExtraLineFragment]) { found.append($0); return false }
            return found.filter { $0.layoutFragmentFrame.minY < bounds.maxY }
        }
        manager.engine.ensureLayout(forBoundingRect: bounds, in: container)
        let glyphs = manager.engine.glyphRange(forBoundingRectWithoutAdditionalLayout: bounds, in: container)
        let start = glyphs.length > 0 ? manager.engine.characterIndexForGlyph(at: glyphs.location) : (manager.engine.textStorage?.length ?? 0)
        manager.enumerateTextLayoutFragments(from: CountableTextLocation(start), options: [.ensuresLayout, .ensuresExtraLineFragment]) { fragment in
            let frame = fragment.layoutFragmentFrame
            guard frame.minY < bounds.maxY else { return false }
            if frame.maxY > bounds.minY || (frame.height == 0 && frame.minY >= bounds.minY) { found.append(fragment) }
            return true
        }
        return found
    }
}

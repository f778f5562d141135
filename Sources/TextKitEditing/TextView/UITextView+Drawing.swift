import TextKit
import TextKitGraphics
import TextKitModel

// Layout for what is shown, the content size, focus, and drawing.
extension UITextView {
    // MARK: Layout

    /// Keeps the container's width equal to the view's (less the insets) while it tracks it.
    func updateContainerSize() {
        guard textContainer.widthTracksTextView || textContainer.heightTracksTextView else { return }
        var size = textContainer.size
        if textContainer.widthTracksTextView {
            size.width = max(bounds.width - textContainerInset.left - textContainerInset.right, 0)
        }
        if textContainer.heightTracksTextView {
            size.height = max(bounds.height - textContainerInset.top - textContainerInset.bottom, 0)
        }
        if size != textContainer.size { textContainer.size = size }
    }

    /// The visible part of the text container (container coordinates).
    var visibleContainerRect: CGRect {
        bounds.offsetBy(dx: -textContainerOrigin.x, dy: -textContainerOrigin.y)
    }

    /// ``UITextView/sizeThatFits(_:)``: lays the text out again in a probe container of the
    /// fitting width, with a second layout manager on the storage.
    func _sizeThatFits(_ size: CGSize) -> CGSize {
        let insets = textContainerInset
        let width = size.width.isFinite ? max(0, size.width) : bounds.width
        let container = textContainer
        let probeContainer = NSTextContainer(size: CGSize(width: max(0, width - insets.left - insets.right),
                                                          height: CGFloat.greatestFiniteMagnitude))
        probeContainer.lineFragmentPadding = container.lineFragmentPadding
        probeContainer.exclusionPaths = container.exclusionPaths
        probeContainer.maximumNumberOfLines = container.maximumNumberOfLines
        probeContainer.lineBreakMode = container.lineBreakMode
        let probe = NSLayoutManager()
        probe.delegate = engine.delegate
        probe.addTextContainer(probeContainer)
        textStorage.addLayoutManager(probe)
        defer { textStorage.removeLayoutManager(probe) }
        probe.ensureLayout(for: probeContainer)
        var height = probe.usedRect(for: probeContainer).maxY
        if textStorage.length == 0 { height = max(height, probe.defaultLineHeight(for: typingFont)) }
        return CGSize(width: width, height: (height + insets.top + insets.bottom).rounded(.up))
    }

    /// Lays out what the view shows and sets ``contentSize``. Under non-contiguous layout (TextKit
    /// 2): only what it shows, the height counting estimates for the rest. Otherwise the text as far
    /// as the view shows it, the height exact when all of it is laid out, else the laid-out height
    /// extended by its average height per character over the rest.
    func updateContentSize() {
        guard !isKeepingShownTextStill else { return }
        let manager = engine
        let container = textContainer
        if manager.laysOutNonContiguously {
            layOutShownTextKeepingItStill()
        } else if visibleContainerRect.height > 0 {
            manager.ensureLayout(forBoundingRect: visibleContainerRect, in: container)
        }
        // Nothing laid out or edited since the last time (a keystroke asks twice: after the edit,
        // and after showing the caret), and the size set then still in place: the same answer.
        if let basis = contentSizeBasis, basis.manager == ObjectIdentifier(manager), basis.layout == manager.layoutChangeCount,
           basis.bounds == bounds, basis.insets == textContainerInset, basis.size == contentSize { return }
        let length = textStorage.length
        let laid = manager.firstUnlaidCharacterIndex()
        let height: CGFloat
        if manager.laysOutNonContiguously {
            height = manager.estimatedTextHeight  // laid-out lines, and estimates for the rest
        } else if laid >= length {
            height = manager.usedRect(for: container).maxY
        } else if laid > 0 {
            let lastGlyph = manager.glyphIndexForCharacter(at: laid - 1)
            let laidHeight = manager.lineFragmentRect(forGlyphAt: lastGlyph, effectiveRange: nil, withoutAdditionalLayout: true).maxY
            height = laidHeight * CGFloat(length) / CGFloat(laid)
        } else {
            height = manager.defaultLineHeight(for: typingFont) * CGFloat(max(1, length / 80))
        }
        let size = CGSize(width: bounds.width,
                          height: (height + textContainerInset.top + textContainerInset.bottom).rounded(.up))
        if size != contentSize { contentSize = size }
        // (Nothing laid out: the estimate is from the typing font, which the basis does not hold.)
        contentSizeBasis = laid > 0 || length == 0
            ? (ObjectIdentifier(manager), manager.layoutChangeCount, bounds, textContainerInset, contentSize) : nil
    }

    /// Under non-contiguous layout (TextKit 2): lays out what the view shows, and when that laid
    /// out text above what it showed before (replacing estimated heights, which moved that text),
    /// scrolls by as much, so the text on screen stays where it was; again for what then comes
    /// into view, a few times at most.
    private func layOutShownTextKeepingItStill() {
        for _ in 0..<4 {
            let visible = visibleContainerRect
            guard visible.height > 0 else { return }
            let moved = engine.ensureLayoutKeepingShownText(forBoundingRect: visible, in: textContainer)
            guard moved != 0 else { return }
            isKeepingShownTextStill = true
            contentOffset.y += moved
            isKeepingShownTextStill = false
        }
    }

    // MARK: Focus

    func _becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        let editing = isEditable
        if editing, textDelegate?.textViewShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        if editing {
            clearsOnNextInsertion = clearsOnInsertion
            textDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: self)
        }
        setNeedsDisplay()
        return true
    }

    func _resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        let editing = isEditable
        if editing, textDelegate?.textViewShouldEndEditing(self) == false { return false }
        unmarkText()
        endTypingRun()
        guard super.resignFirstResponder() else { return false }
        clearsOnNextInsertion = false
        if editing {
            textDelegate?.textViewDidEndEditing(self)
            NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: self)
        }
        setNeedsDisplay()
        return true
    }

    // MARK: Drawing

    /// The selection highlight's colour: the tint at 30 % opacity.
    var selectionHighlightColor: UIColor { tintColor.withAlphaComponent(0.3) }

    func _draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let origin = textContainerOrigin
        let manager = engine
        let inContainer = rect.offsetBy(dx: -origin.x, dy: -origin.y)
        let glyphs = manager.glyphRange(forBoundingRect: inContainer, in: textContainer)
        if let textKit2 = textContainer.textLayoutManager {
            // The fragments draw their own backgrounds (a subclass may fill its frame): the
            // translucent selection goes over them.
            drawFragments(of: textKit2, in: context, rect: inContainer, origin: origin)
            drawSelection(in: context, glyphs: glyphs, origin: origin)
            drawCaret(in: context, clip: rect)
            return
        }
        manager.drawBackground(forGlyphRange: glyphs, at: origin)
        drawSelection(in: context, glyphs: glyphs, origin: origin)
        manager.drawGlyphs(forGlyphRange: glyphs, at: origin)
        drawCaret(in: context, clip: rect)
    }

    /// Under TextKit 2: the layout fragments the viewport controller finds in `rect` (container
    /// coordinates), each drawn by itself — a fragment subclass's own drawing included.
    private func drawFragments(of manager: NSTextLayoutManager, in context: CGContext, rect: CGRect, origin: CGPoint) {
        let controller = manager.textViewportLayoutController
        let painter = TextViewFragmentPainter(bounds: rect, origin: origin, context: context)
        let previous = controller.delegate  // code that drives the viewport itself gets its delegate back
        controller.delegate = painter
        withExtendedLifetime(painter) { controller.layoutViewport() }
        controller.delegate = previous
    }

    /// The selection highlight of the selected characters among `glyphs`.
    private func drawSelection(in context: CGContext, glyphs: NSRange, origin: CGPoint) {
        let manager = engine
        if selection.length > 0, isSelectable || isEditable {
            context.setFillColor(selectionHighlightColor)
            let visible = manager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil)
            let shown = NSIntersectionRange(selection, visible)
            if shown.length > 0 {
                for piece in manager.selectionRects(forCharacterRange: shown) where piece.container == containerIndex {
                    context.fill(piece.rect.offsetBy(dx: origin.x, dy: origin.y))
                }
            }
        }
    }

    /// The caret, when the view has the focus, is editable, the selection is empty and the blink
    /// is in its visible half.
    private func drawCaret(in context: CGContext, clip: CGRect) {
        guard isFirstResponder, isEditable, selection.length == 0 || markedRange != nil else {
            lastCaretRect = .null
            return
        }
        let caret = _caretRect(for: IndexedPosition(selection.upperBound))
        lastCaretRect = caret
        guard isCaretBlinkOn, caret.intersects(clip) else { return }
        context.setFillColor(tintColor)
        context.fill(caret)
    }
}

/// Draws the fragments a text view's viewport controller hands it: the controller's delegate
/// while a TextKit 2 text view draws.
private final class TextViewFragmentPainter: NSTextViewportLayoutControllerDelegate {
    let bounds: CGRect
    let origin: CGPoint
    let context: CGContext

    init(bounds: CGRect, origin: CGPoint, context: CGContext) {
        self.bounds = bounds
        self.origin = origin
        self.context = context
    }

    func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect { bounds }

    func textViewportLayoutController(_ textViewportLayoutController: NSTextViewportLayoutController,
                                      configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment) {
        let frame = textLayoutFragment.layoutFragmentFrame
        textLayoutFragment.draw(at: CGPoint(x: frame.minX + origin.x, y: frame.minY + origin.y), in: context)
    }
}

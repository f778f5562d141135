import TextKitGraphics
import TextKitModel

/// The layout manager as its engine's host: its own members answer the engine, and its delegate's
/// say goes through ``LayoutHooks``, where each delegate method the engine needs is called from.
extension NSLayoutManager: TextFlowHost {
    var reportsLayoutToPrimitives: Bool { type(of: self) != NSLayoutManager.self }

    var layoutHooks: LayoutHooks? {
        delegate.map { LayoutHooks(manager: self, delegate: $0) }
    }
}

/// The delegate's hooks during layout, for the engine: the delegate asked about the layout
/// manager it belongs to, with glyph and character indices of the whole text. Made by
/// `NSLayoutManager.layoutHooks` when the engine asks (once per paragraph laid out); holds the
/// delegate read once, a weak reference being dear to load.
struct LayoutHooks {
    /// Unowned: the layout manager owns the engine that asks; a line break setting that kept
    /// the hooks past the layout manager's life would trap rather than read freed memory.
    unowned let manager: NSLayoutManager
    let delegate: NSLayoutManagerDelegate

    func paragraphSpacingBefore(glyphAt glyph: Int, proposed: CGRect) -> CGFloat {
        delegate.layoutManager(manager, paragraphSpacingBeforeGlyphAt: glyph, withProposedLineFragmentRect: proposed)
    }

    func lineSpacingAfter(glyphAt glyph: Int, proposed: CGRect) -> CGFloat {
        delegate.layoutManager(manager, lineSpacingAfterGlyphAt: glyph, withProposedLineFragmentRect: proposed)
    }

    func paragraphSpacingAfter(glyphAt glyph: Int, proposed: CGRect) -> CGFloat {
        delegate.layoutManager(manager, paragraphSpacingAfterGlyphAt: glyph, withProposedLineFragmentRect: proposed)
    }

    func shouldSetLineFragmentRect(_ rect: inout CGRect, usedRect: inout CGRect, baselineOffset: inout CGFloat,
                                   in container: NSTextContainer, forGlyphRange glyphRange: NSRange) -> Bool {
        delegate.layoutManager(manager, shouldSetLineFragmentRect: &rect, lineFragmentUsedRect: &usedRect,
                               baselineOffset: &baselineOffset, in: container, forGlyphRange: glyphRange)
    }

    func shouldBreakLineByWord(beforeCharacterAt index: Int) -> Bool {
        delegate.layoutManager(manager, shouldBreakLineByWordBeforeCharacterAt: index)
    }

    func shouldBreakLineByHyphenating(beforeCharacterAt index: Int) -> Bool {
        delegate.layoutManager(manager, shouldBreakLineByHyphenatingBeforeCharacterAt: index)
    }

    func didCompleteLayout(for container: NSTextContainer?, atEnd: Bool) {
        delegate.layoutManager(manager, didCompleteLayoutFor: container, atEnd: atEnd)
    }

    func didInvalidateLayout() {
        delegate.layoutManagerDidInvalidateLayout(manager)
    }
}

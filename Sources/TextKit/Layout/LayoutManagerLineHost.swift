import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The layout manager as the line loop's host (TextKitTypesetting's `LineLoop`): its text
/// containers are the areas lines go in, each carved by the container's own
/// `lineFragmentRect(forProposedRect:at:writingDirection:remaining:)` (so a subclass's shape is
/// honoured), and its delegate has the say on spacing, on each line's rects and on which
/// container is full. Made per paragraph by the engine (``TextFlow``); reads the engine and the
/// layout manager, never writes them (parallel layout's workers use it too, always without a
/// delegate).
struct LayoutManagerLineHost: LineLoopHost {
    /// Not reference-counted: a host lives only inside one layout call of `flow`, and parallel
    /// layout's workers would otherwise contend for the engine's reference count.
    unowned(unsafe) let flow: TextFlow
    /// The layout manager laid out for.
    var manager: any TextFlowHost { flow.manager }
    /// The delegate's hooks, read once: the delegate is a weak reference, and loading one costs
    /// an atomic operation.
    let hooks: LayoutHooks?
    /// The paragraph's first glyph: the delegate hears glyph indices of the whole text.
    let glyphBase: GlyphIndex

    var areaCount: Int { manager.textContainers.count }

    func area(_ index: Int) -> LineArea {
        let container = manager.textContainers[index]
        return LineArea(width: container.layoutSize.width, height: container.layoutSize.height, padding: container.lineFragmentPadding,
                        maximumLines: container.maximumNumberOfLines, isSimple: container.isSimpleRectangularTextContainer,
                        lineBreakMode: container.lineBreakMode, top: flow.containerTop(index)) { [unowned(unsafe) container] proposed, character, direction, remaining in
            container.lineFragmentRect(forProposedRect: proposed, at: character, writingDirection: direction, remaining: &remaining)
        }
    }

    var hasHooks: Bool { hooks != nil }

    func lineSpacing(afterGlyph glyph: Int, proposed: CGRect) -> CGFloat {
        hooks?.lineSpacingAfter(glyphAt: (glyphBase + GlyphIndex(glyph)).rawValue, proposed: proposed) ?? .nan
    }

    func paragraphSpacing(afterGlyph glyph: Int, proposed: CGRect) -> CGFloat {
        hooks?.paragraphSpacingAfter(glyphAt: (glyphBase + GlyphIndex(glyph)).rawValue, proposed: proposed) ?? .nan
    }

    func shouldSetLineFragmentRect(_ rect: inout CGRect, usedRect: inout CGRect, baselineOffset: inout CGFloat,
                                   area: Int, glyphs: Range<Int>) -> Bool {
        guard let hooks else { return false }
        return hooks.shouldSetLineFragmentRect(&rect, usedRect: &usedRect, baselineOffset: &baselineOffset, in: manager.textContainers[area],
                                               forGlyphRange: NSRange(location: (glyphBase + GlyphIndex(glyphs.lowerBound)).rawValue, length: glyphs.count))
    }

    func didComplete(area index: Int) {
        if hooks != nil { flow.reportCompletedLayout(of: index, atEnd: false) }
    }
}

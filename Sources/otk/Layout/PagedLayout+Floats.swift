import OpenTextKit

/// Figures float: a figure that does not fit in what is left of a column does not leave that
/// space empty. The text after it fills the column, and the figure goes to the top of the next
/// column — on the same page in a multi-column layout, else at the top of the next page — as a
/// typesetter sets a float (LaTeX's `[tp]`).
///
/// A figure is a paragraph whose first line is one attachment (a Markdown image alone in its
/// paragraph); its caption is whatever the paragraph holds after a line break
/// (`![…](plot.png)\` and a line of text, in Markdown), so the caption always goes with it.
///
/// A floated figure leaves the text flow: its paragraph is taken out of the storage (recorded
/// in ``FloatedFigure/removedRange``, so that anchors found before layout can be mapped), the
/// next column's container gets an exclusion across its top as tall as the figure and a gap, and
/// the figure is drawn there, wrapped to the column's width by string drawing, so its caption
/// stays text in a PDF. Figures taller than a column never float; small gaps (under two lines of
/// the text before the figure) are left as they are.
extension PagedLayout {
    /// A figure set at the top of a column instead of in the text.
    struct FloatedFigure {
        /// The figure's paragraph (image and caption), without its paragraph separator.
        var text: NSAttributedString
        /// Where it is drawn, in page coordinates.
        var page: Int
        var rect: CGRect
        /// The characters it had in the storage before it was taken out (storage indices at the
        /// time; earlier figures were already out).
        var removedRange: NSRange
        /// The column it stands at the top of, and how far down that column it and the gap
        /// below it reach (the exclusion the column's text flows under).
        var column: ObjectIdentifier
        var columnBottom: CGFloat
    }

    /// The least space left empty at a column's foot that makes a figure float: this many lines
    /// of the text before it.
    static let floatGapInLines: CGFloat = 2

    /// Floats the figures that would leave space empty at the foot of the columns of `page`,
    /// one at a time, relaying the page out after each, until none would (a few rounds: each
    /// takes a figure out of the flow). Whether any figure floated.
    @discardableResult
    func floatFigures(onPage page: Int) -> Bool {
        var floated = false
        for _ in 0..<8 {
            guard let candidate = floatCandidate(onPage: page), float(candidate) else { break }
            floated = true
            if let last = pages[page].containers.last { layoutManager.ensureLayout(for: last) }
        }
        return floated
    }

    /// The storage index of `character` as it was before any figure was taken out: what an
    /// anchor found before layout (``DocumentMarks``) refers to. An anchor inside a floated figure
    /// maps to where the figure was.
    func currentCharacter(forOriginal character: Int) -> Int {
        // Figures were taken out one after another, each range in the indices of its time.
        var c = character
        for figure in floatedFigures {
            let range = figure.removedRange
            if c >= NSMaxRange(range) { c -= range.length } else if c > range.location { c = range.location }
        }
        return c
    }

    /// A figure that starts the column after one of `page`'s columns with room left at its foot.
    private struct Candidate {
        var paragraph: NSRange
        var next: NSTextContainer
        var nextPage: Int
        var nextOrigin: CGPoint
        var height: CGFloat
        var gap: CGFloat
    }

    private func floatCandidate(onPage page: Int) -> Candidate? {
        for container in pages[page].containers {
            let range = layoutManager.glyphRange(for: container)
            guard range.length > 0, layoutManager.isValidGlyphIndex(NSMaxRange(range)) else { continue }
            let start = layoutManager.characterIndexForGlyph(at: NSMaxRange(range))
            guard let paragraph = figureParagraph(at: start) else { continue }
            let lineHeight = layoutManager.lineFragmentRect(forGlyphAt: NSMaxRange(range) - 1, effectiveRange: nil).height
            let empty = container.size.height - layoutManager.usedRect(for: container).maxY
            guard empty >= Self.floatGapInLines * lineHeight, let (next, nextPage, origin) = column(after: container) else { continue }
            let width = max(1, next.size.width - 2 * next.lineFragmentPadding)
            let text = figureText(paragraph)
            let height = text.boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                           options: [.usesLineFragmentOrigin], context: nil).height.rounded(.up)
            let gap = lineHeight
            let top = floatBottom(in: next)
            // A figure that would not fit in a column of its own stays in the text.
            guard height > 0, top + height + gap < next.size.height * 0.95 else { continue }
            return Candidate(paragraph: paragraph, next: next, nextPage: nextPage, nextOrigin: origin, height: height, gap: gap)
        }
        return nil
    }

    /// The paragraph starting at `character` when it is a figure: its first line is one
    /// attachment.
    private func figureParagraph(at character: Int) -> NSRange? {
        guard character < storage.length else { return nil }
        let paragraph = storage.paragraphRange(for: NSRange(location: character, length: 0))
        guard paragraph.location == character, storage.attribute(.attachment, at: character, effectiveRange: nil) is NSTextAttachment
        else { return nil }
        let string = storage.string as NSString
        guard character + 1 < storage.length else { return paragraph }
        let after = string.character(at: character + 1)
        return after == 0x0A || after == 0x2028 || after == 0x2029 || after == 0x0D ? paragraph : nil
    }

    /// The figure's text as drawn: its paragraph without the separator, set as the column sets it
    /// but without space before or after (the gap below it is the float's).
    private func figureText(_ paragraph: NSRange) -> NSAttributedString {
        var range = paragraph
        let string = storage.string as NSString
        while range.length > 0, [0x0A, 0x0D, 0x2029].contains(string.character(at: NSMaxRange(range) - 1)) { range.length -= 1 }
        let text = NSMutableAttributedString(attributedString: storage.attributedSubstring(from: range))
        text.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: text.length), options: []) { value, run, _ in
            guard let style = (value as? NSParagraphStyle)?.mutableCopy() as? NSMutableParagraphStyle else { return }
            style.paragraphSpacing = 0
            style.paragraphSpacingBefore = 0
            text.addAttribute(.paragraphStyle, value: style, range: run)
        }
        return text
    }

    /// The container after `container` in the flow, with its page and origin, adding a page when
    /// `container` is the last column of the last page made.
    private func column(after container: NSTextContainer) -> (NSTextContainer, Int, CGPoint)? {
        guard let order = tracker.order[ObjectIdentifier(container)] else { return nil }
        if order + 1 >= layoutManager.textContainers.count {
            guard pages.count < Self.maximumPages else { return nil }
            addPage()
        }
        guard order + 1 < layoutManager.textContainers.count else { return nil }
        let next = layoutManager.textContainers[order + 1]
        guard let page = tracker.pageOf[ObjectIdentifier(next)],
              let column = pages[page].containers.firstIndex(where: { $0 === next }) else { return nil }
        return (next, page, pages[page].origins[column])
    }

    /// How far down `container` the figures already floated to it reach (with their gaps).
    func floatBottom(in container: NSTextContainer) -> CGFloat {
        floatedFigures.lazy.filter { $0.column == ObjectIdentifier(container) }.map(\.columnBottom).max() ?? 0
    }

    /// Takes the candidate's figure out of the text and sets it at the top of the next column.
    private func float(_ candidate: Candidate) -> Bool {
        let next = candidate.next
        let top = floatBottom(in: next)
        let padding = next.lineFragmentPadding
        let bottom = top + candidate.height + candidate.gap
        let exclusion = UIBezierPath(rect: CGRect(x: -1, y: top - 1, width: next.size.width + 2, height: bottom - top + 1))
        let text = figureText(candidate.paragraph)
        let rect = CGRect(x: candidate.nextOrigin.x + padding, y: candidate.nextOrigin.y + top,
                          width: next.size.width - 2 * padding, height: candidate.height)
        floatedFigures.append(FloatedFigure(text: text, page: candidate.nextPage, rect: rect, removedRange: candidate.paragraph,
                                            column: ObjectIdentifier(next), columnBottom: bottom))
        // Glyph indices from the figure on shift: the columns they opened are found again.
        let firstGlyph = layoutManager.glyphIndexForCharacter(at: candidate.paragraph.location)
        tracker.noSpacingBefore = tracker.noSpacingBefore.filter { $0 < firstGlyph }
        tracker.forgetLinesFrom(glyph: firstGlyph)
        next.exclusionPaths += [exclusion]
        storage.deleteCharacters(in: candidate.paragraph)
        return true
    }

    /// The figures drawn on page `index`.
    func figures(onPage index: Int) -> [FloatedFigure] {
        floatedFigures.filter { $0.page == index }
    }
}

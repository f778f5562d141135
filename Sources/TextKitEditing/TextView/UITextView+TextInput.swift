import TextKit
import TextKitGraphics
import TextKitModel

// UITextInput: positions, ranges and geometry. Positions are `IndexedPosition`s (UTF-16 offsets);
// geometry is in the view's bounds coordinates (the text container's, moved by the inset).
extension UITextView {
    // MARK: Text

    var _hasText: Bool { textStorage.length > 0 }

    func _text(in range: UITextRange) -> String? {
        guard let r = nsRange(range) else { return nil }
        return textStorage.attributedSubstring(from: r).string
    }

    func _replace(_ range: UITextRange, withText text: String) {
        guard let r = nsRange(range) else { return }
        endTypingRun()
        _ = performUserEdit(replacing: r, with: typedString(text),
                            selectionAfter: NSRange(location: r.location + text.utf16.count, length: 0), asksDelegate: false)
    }

    func _shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
        guard let r = nsRange(range) else { return false }
        return textDelegate?.textView(self, shouldChangeTextIn: r, replacementText: text) ?? true
    }

    // MARK: Selection

    var _selectedTextRange: UITextRange? {
        get { IndexedRange(selection) }
        set {
            guard let newValue, let r = nsRange(newValue) else { return }
            changeSelection(to: r, fromInputSystem: true)
        }
    }

    var _selectedRange: NSRange {
        get { selection }
        set { changeSelection(to: clamped(newValue), fromInputSystem: false) }
    }

    var _markedTextRange: UITextRange? { markedRange.map(IndexedRange.init) }

    // MARK: Positions

    var _beginningOfDocument: UITextPosition { IndexedPosition(0) }
    var _endOfDocument: UITextPosition { IndexedPosition(textStorage.length) }

    func _textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        guard let a = offset(of: fromPosition), let b = offset(of: toPosition) else { return nil }
        return IndexedRange(a, b)
    }

    func _position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let p = self.offset(of: position) else { return nil }
        let (target, overflow) = p.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= textStorage.length else { return nil }
        return IndexedPosition(target)
    }

    func _position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        guard var p = self.offset(of: position) else { return nil }
        for _ in 0..<max(offset, 0) {
            let next: Int? = switch direction {
            case .left: visualNeighbour(of: p, movingRight: false)
            case .right: visualNeighbour(of: p, movingRight: true)
            case .up: verticalNeighbour(of: p, up: true, goalX: nil).map(\.offset)
            case .down: verticalNeighbour(of: p, up: false, goalX: nil).map(\.offset)
            }
            guard let next else { return nil }
            p = next
        }
        return IndexedPosition(p)
    }

    func _compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        let a = checkedOffset(position, "compare(_:to:)"), b = checkedOffset(other, "compare(_:to:)")
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    func _offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        checkedOffset(toPosition, "offset(from:to:)") - checkedOffset(from, "offset(from:to:)")
    }

    func _position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        guard let r = nsRange(range) else { return nil }
        let rtl = paragraphIsRightToLeft(at: r.location)
        let towardsStart = switch direction {
        case .up: true
        case .down: false
        case .left: !rtl
        case .right: rtl
        }
        return IndexedPosition(towardsStart ? r.location : r.location + r.length)
    }

    func _characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        guard let other = self.position(from: position, in: direction, offset: 1) else { return nil }
        return textRange(from: position, to: other)
    }

    func _baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
        guard let p = offset(of: position) else { return .natural }
        return paragraphIsRightToLeft(at: p) ? .rightToLeft : .leftToRight
    }

    func _setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {
        guard let r = nsRange(range), isEditable else { return }
        let paragraphs = textStorage.paragraphRange(for: r)
        changeAttributes(in: paragraphs, actionName: "Writing Direction") { storage, range in
            storage.enumerateAttribute(.paragraphStyle, in: range) { value, run, _ in
                let style = ((value as? NSParagraphStyle) ?? .default).mutableCopy() as! NSMutableParagraphStyle
                style.baseWritingDirection = writingDirection
                storage.addAttribute(.paragraphStyle, value: style, range: run)
            }
        }
    }

    // MARK: Geometry

    /// Where the text container's origin is in the view.
    public var textContainerOrigin: CGPoint { CGPoint(x: textContainerInset.left, y: textContainerInset.top) }

    func _caretRect(for position: UITextPosition) -> CGRect {
        guard let p = offset(of: position) else { return .null }
        let upstream = selectionAffinity == .backward && p == selection.location + selection.length
        guard let caret = engine.caretGeometry(forCharacterAt: p, upstream: upstream), caret.container == containerIndex else {
            if engine.textContainers.count > 1 { return .null }  // in another view's container
            return CGRect(x: textContainerOrigin.x + textContainer.lineFragmentPadding, y: textContainerOrigin.y, width: 2,
                          height: (typingFont.ascender - typingFont.descender).rounded(.up))
        }
        return caret.caretRect().offsetBy(dx: textContainerOrigin.x, dy: textContainerOrigin.y)
    }

    func _firstRect(for range: UITextRange) -> CGRect {
        guard let r = nsRange(range) else { return .null }
        guard r.length > 0 else { return _caretRect(for: IndexedPosition(r.location)) }
        guard let first = engine.selectionRects(forCharacterRange: r).first(where: { $0.container == containerIndex }) else { return .null }
        return first.rect.offsetBy(dx: textContainerOrigin.x, dy: textContainerOrigin.y)
    }

    func _selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard let r = nsRange(range), r.length > 0 else { return [] }
        return engine.selectionRects(forCharacterRange: r).filter { $0.container == containerIndex }.map {
            TextSelectionRect(rect: $0.rect.offsetBy(dx: textContainerOrigin.x, dy: textContainerOrigin.y),
                              writingDirection: $0.isRightToLeft ? .rightToLeft : .leftToRight,
                              containsStart: $0.containsStart, containsEnd: $0.containsEnd)
        }
    }

    func _closestPosition(to point: CGPoint) -> UITextPosition? {
        IndexedPosition(textHit(at: point).offset)
    }

    func _closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let r = nsRange(range) else { return nil }
        let p = textHit(at: point).offset
        return IndexedPosition(min(max(p, r.location), r.location + r.length))
    }

    func _characterRange(at point: CGPoint) -> UITextRange? {
        guard textStorage.length > 0 else { return nil }
        let inContainer = CGPoint(x: point.x - textContainerOrigin.x, y: point.y - textContainerOrigin.y)
        var fraction: CGFloat = 0
        let glyph = engine.glyphIndex(for: inContainer, in: textContainer, fractionOfDistanceThroughGlyph: &fraction)
        guard engine.isValidGlyphIndex(glyph) else { return nil }  // not numberOfGlyphs: all the text's glyphs
        let used = engine.lineFragmentUsedRect(forGlyphAt: glyph, effectiveRange: nil)
        guard inContainer.y >= used.minY - 0.5, inContainer.y <= used.maxY + 0.5,
              inContainer.x >= used.minX - 0.5, inContainer.x <= used.maxX + 0.5 else { return nil }
        let character = engine.characterIndexForGlyph(at: glyph)
        let cluster = graphemeRange(containing: character)
        return IndexedRange(cluster)
    }

    func _textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]? {
        guard let p = offset(of: position), textStorage.length > 0 else { return typingAttributes }
        let at = direction == .backward ? max(p - 1, 0) : min(p, textStorage.length - 1)
        return textStorage.attributes(at: at, effectiveRange: nil)
    }

    /// The index of the view's container among its layout manager's (several text views can
    /// share one layout manager, a container each: columns, pages).
    var containerIndex: Int { engine.textContainers.firstIndex { $0 === textContainer } ?? 0 }

    // MARK: Hit testing

    /// The insertion point nearest to `point` (view coordinates) and whether it belongs to the
    /// end of the line before (a point past the end of a soft-wrapped line).
    func textHit(at point: CGPoint) -> (offset: Int, upstream: Bool) {
        let inContainer = CGPoint(x: point.x - textContainerOrigin.x, y: point.y - textContainerOrigin.y)
        return engine.insertionPoint(at: inContainer, in: textContainer) { graphemeRange(containing: $0, reusingWindow: true).upperBound }
    }

    // MARK: Conversions

    /// The UTF-16 offset of one of this view's positions (clamped to the text); nil for a
    /// position of another kind.
    func offset(of position: UITextPosition) -> Int? {
        guard let indexed = position as? IndexedPosition else { return nil }
        return min(max(indexed.offset, 0), textStorage.length)
    }

    func checkedOffset(_ position: UITextPosition, _ function: StaticString) -> Int {
        guard let p = offset(of: position) else {
            programmerError("UITextView.\(function): \(position) is not a position of a UITextView")
        }
        return p
    }

    /// The NSRange of one of this view's ranges (clamped to the text); nil for another kind.
    func nsRange(_ range: UITextRange) -> NSRange? {
        guard let indexed = range as? IndexedRange else {
            guard let a = offset(of: range.start), let b = offset(of: range.end) else { return nil }
            return NSRange(location: min(a, b), length: abs(b - a))
        }
        return clamped(indexed.range)
    }

    /// `range` moved inside the text.
    func clamped(_ range: NSRange) -> NSRange {
        let length = textStorage.length
        let start = min(max(range.location, 0), length)
        let end = min(max(range.location + max(range.length, 0), start), length)
        return NSRange(location: start, length: end - start)
    }
}

import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

// The label's text as laid out: the attributed string drawn (the label's properties filled in),
// the layout in a rect with its line limit, shrinking, and the sizes derived from it.
extension UILabel {
    static var defaultFont: UIFont { UIFont.systemFont(ofSize: 17) }

    // MARK: Setting the text

    func _setText(_ newValue: String?) {
        contentIsNil = newValue == nil
        content = NSAttributedString(string: newValue ?? "", attributes: labelAttributes)
        textLayoutChanged()
    }

    func _setAttributedText(_ newValue: NSAttributedString?) {
        contentIsNil = newValue == nil
        content = newValue.map { NSAttributedString(attributedString: $0) } ?? NSAttributedString()
        if content.length > 0 {
            let first = content.attributes(at: 0, effectiveRange: nil)
            if let font = first[.font] as? UIFont { _font = font }
            if let color = first[.foregroundColor] as? UIColor { _textColor = color }
            if let style = first[.paragraphStyle] as? NSParagraphStyle { _textAlignment = style.alignment }
        }
        textLayoutChanged()
    }

    /// The attributes plain ``text`` gets.
    var labelAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = _textAlignment
        return [.font: _font, .foregroundColor: _textColor, .paragraphStyle: style]
    }

    func applyToContent(_ key: NSAttributedString.Key, _ value: Any) {
        if content.length > 0 {
            let updated = NSMutableAttributedString(attributedString: content)
            updated.addAttribute(key, value: value, range: NSRange(location: 0, length: updated.length))
            content = updated
        }
        textLayoutChanged()
    }

    func applyAlignmentToContent() {
        if content.length > 0 {
            let updated = NSMutableAttributedString(attributedString: content)
            let whole = NSRange(location: 0, length: updated.length)
            var styles: [(NSRange, NSParagraphStyle)] = []
            updated.enumerateAttribute(.paragraphStyle, in: whole) { value, range, _ in
                let style = ((value as? NSParagraphStyle) ?? .default).mutableCopy() as! NSMutableParagraphStyle
                style.alignment = _textAlignment
                styles.append((range, style))
            }
            for (range, style) in styles { updated.addAttribute(.paragraphStyle, value: style, range: range) }
            content = updated
        }
        textLayoutChanged()
    }

    /// Something that changes the text's layout changed: redraw, and tell a layout host.
    func textLayoutChanged() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    // MARK: The string drawn

    /// The text as drawn: the label's font, colour and paragraph style where the text has none,
    /// fonts scaled by `scale`, the label's shadow, the colour of its state. `leftAligned` lays
    /// every paragraph out from the left (measuring without a width limit, where a centred line
    /// would sit at half of "unbounded").
    func displayText(scale: CGFloat = 1, leftAligned: Bool = false) -> NSAttributedString {
        let text = NSMutableAttributedString(attributedString: content)
        let whole = NSRange(location: 0, length: text.length)
        guard whole.length > 0 else { return text }
        let wrapping: NSLineBreakMode = lineBreakMode == .byCharWrapping ? .byCharWrapping : .byWordWrapping
        var changes: [(NSRange, [NSAttributedString.Key: Any])] = []
        let shadow: NSShadow? = shadowColor.map {
            let shadow = NSShadow()
            shadow.shadowOffset = shadowOffset
            shadow.shadowColor = $0
            return shadow
        }
        let stateColor: UIColor? = isHighlighted ? highlightedTextColor : nil
        text.enumerateAttributes(in: whole) { attributes, range, _ in
            var set: [NSAttributedString.Key: Any] = [:]
            let font = attributes[.font] as? UIFont ?? _font
            if attributes[.font] == nil || scale != 1 { set[.font] = scale == 1 ? font : font.withSize(font.pointSize * scale) }
            var color = stateColor ?? attributes[.foregroundColor] as? UIColor ?? _textColor
            if !isEnabled { color = color.withAlphaComponent(color.alpha * 0.5) }
            set[.foregroundColor] = color
            let style = ((attributes[.paragraphStyle] as? NSParagraphStyle) ?? labelParagraphStyle).mutableCopy() as! NSMutableParagraphStyle
            style.lineBreakMode = style.lineBreakMode == .byCharWrapping ? .byCharWrapping : wrapping
            if leftAligned { style.alignment = .left }
            set[.paragraphStyle] = style
            if let shadow, attributes[.shadow] == nil { set[.shadow] = shadow }
            changes.append((range, set))
        }
        for (range, attributes) in changes { text.addAttributes(attributes, range: range) }
        return text
    }

    private var labelParagraphStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = _textAlignment
        return style
    }

    // MARK: Layout

    /// The text laid out in `rect`: the stack's result, the font scale used, and the layout at
    /// full size when the text was shrunk (for ``baselineAdjustment``).
    struct LabelLayout {
        var result: LabelTextStack.Result
        var scale: CGFloat
        var fullSize: LabelTextStack.Result?
    }

    /// Lays the text out in `rect` on at most `lines` lines (0: any), shrinking it when
    /// ``adjustsFontSizeToFitWidth`` says. Leaves the stack holding the layout returned.
    func layOutText(in rect: CGRect, lines: Int) -> LabelLayout {
        let width: CGFloat? = rect.width > 0 && rect.width < LabelTextStack.unbounded / 2 ? rect.width : nil
        let height: CGFloat? = rect.height > 0 && rect.height < LabelTextStack.unbounded / 2 ? rect.height : nil
        let leftAligned = width == nil
        let lines = max(lines, 0)
        func layOut(scale: CGFloat) -> LabelTextStack.Result {
            stack.layOut(displayText(scale: scale, leftAligned: leftAligned), width: width, maximumLines: lines,
                         height: height, mode: lineBreakMode)
        }
        let full = layOut(scale: 1)
        let minimum = min(max(minimumScaleFactor, 0), 1)
        guard adjustsFontSizeToFitWidth, minimum > 0, minimum < 1, !fits(full, height: height) else {
            return LabelLayout(result: full, scale: 1, fullSize: nil)
        }
        // The largest scale (to 1/256) at which the text fits; the minimum when none does.
        var low = minimum, high: CGFloat = 1, best = minimum
        for _ in 0..<8 {
            let mid = (low + high) / 2
            if fits(layOut(scale: mid), height: height) {
                best = mid
                low = mid
            } else {
                high = mid
            }
        }
        return LabelLayout(result: layOut(scale: best), scale: best, fullSize: full)
    }

    /// Whether a layout shows all of the text within `height`.
    private func fits(_ result: LabelTextStack.Result, height: CGFloat?) -> Bool {
        guard result.showsAllText else { return false }
        guard let height, numberOfLines != 1 else { return true }
        return result.usedRect.maxY <= height + 0.01
    }

    func _textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard content.length > 0 else { return CGRect(origin: bounds.origin, size: .zero) }
        let used = layOutText(in: bounds, lines: numberOfLines).result.usedRect
        return CGRect(x: bounds.minX, y: bounds.minY, width: used.width, height: used.maxY)
    }

    // MARK: Sizes

    func _sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 ? size.width : LabelTextStack.unbounded
        let rect = textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: LabelTextStack.unbounded),
                            limitedToNumberOfLines: numberOfLines)
        return CGSize(width: rect.width.rounded(.up), height: rect.height.rounded(.up))
    }

    var _intrinsicContentSize: CGSize {
        var width = LabelTextStack.unbounded
        if numberOfLines != 1 {
            if preferredMaxLayoutWidth > 0 {
                width = preferredMaxLayoutWidth
            } else if bounds.width > 0 {
                width = bounds.width
            }
        }
        let rect = textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: LabelTextStack.unbounded),
                            limitedToNumberOfLines: numberOfLines)
        return CGSize(width: rect.width.rounded(.up), height: rect.height.rounded(.up))
    }
}

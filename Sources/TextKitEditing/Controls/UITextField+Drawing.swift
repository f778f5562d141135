import TextKit
import TextKitGraphics
import TextKitModel

// Drawing: the border, the placeholder, and the text when not editing (the field editor draws
// it while editing).
extension UITextField {
    func _draw(_ rect: CGRect) {
        guard UIGraphicsGetCurrentContext() != nil else { return }
        // The field editor draws the text while it shows (editing); the field draws it otherwise.
        drawBorder(in: borderRect(forBounds: bounds))
        if !hasText, let placeholder = _attributedPlaceholder, placeholder.length > 0 {
            drawPlaceholder(in: placeholderRect(forBounds: bounds))
        }
        if !isEditing, hasText {
            drawText(in: textRect(forBounds: bounds))
        }
    }

    /// The border for ``borderStyle``: a 1-point line; a bezel's top and left edges darker; a
    /// rounded rect (5-point corners) filled white with a light grey line.
    private func drawBorder(in rect: CGRect) {
        let edge = rect.insetBy(dx: 0.5, dy: 0.5)
        guard edge.width > 0, edge.height > 0 else { return }
        switch borderStyle {
        case .none:
            return
        case .line:
            stroke(UIBezierPath(rect: edge), UIColor.label)
        case .bezel:
            stroke(UIBezierPath(rect: edge), UIColor.gray)
            let shade = UIBezierPath()
            shade.move(to: CGPoint(x: edge.minX, y: edge.maxY))
            shade.addLine(to: CGPoint(x: edge.minX, y: edge.minY))
            shade.addLine(to: CGPoint(x: edge.maxX, y: edge.minY))
            stroke(shade, UIColor.darkGray)
        case .roundedRect:
            let path = UIBezierPath(roundedRect: edge, cornerRadius: 5)
            UIColor.systemBackground.setFill()
            path.fill()
            stroke(path, UIColor(white: 0.8, alpha: 1))
        }
    }

    private func stroke(_ path: UIBezierPath, _ color: UIColor) {
        path.lineWidth = 1
        color.setStroke()
        path.stroke()
    }

    /// The placeholder with the field's font, alignment and the placeholder colour where it has none.
    func placeholderForDisplay(_ placeholder: NSAttributedString) -> NSAttributedString {
        let text = NSMutableAttributedString(attributedString: placeholder)
        let whole = NSRange(location: 0, length: text.length)
        var changes: [(NSRange, [NSAttributedString.Key: Any])] = []
        let alignment = textAlignment
        text.enumerateAttributes(in: whole) { attributes, range, _ in
            var set: [NSAttributedString.Key: Any] = [:]
            if attributes[.font] == nil { set[.font] = _font }
            if attributes[.foregroundColor] == nil { set[.foregroundColor] = UIColor.placeholderText }
            if attributes[.paragraphStyle] == nil {
                let style = NSMutableParagraphStyle()
                style.alignment = alignment
                set[.paragraphStyle] = style
            }
            if !set.isEmpty { changes.append((range, set)) }
        }
        for (range, attributes) in changes { text.addAttributes(attributes, range: range) }
        return text
    }

    func _drawPlaceholder(in rect: CGRect) {
        guard let placeholder = attributedPlaceholder, placeholder.length > 0, rect.width > 0 else { return }
        // One line's height (the first line of the placeholder measured alone), centred.
        let lineHeight = placeholder.boundingRect(with: CGSize(width: rect.width, height: 0), options: [], context: nil)
            .height.rounded(.up)
        let line = CGRect(x: rect.minX, y: rect.minY + ((rect.height - lineHeight) / 2).rounded(.down),
                          width: rect.width, height: lineHeight)
        placeholder.draw(with: line, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
    }

    func _drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), hasText else { return }
        let editor = fieldEditor!
        prepareEditorLayout(forWidth: rect.width)
        let manager = editor.engine
        let glyphs = manager.glyphRange(for: editor.textContainer)
        let origin = CGPoint(x: rect.minX, y: rect.minY + ((rect.height - editorLineHeight) / 2).rounded(.down))
        context.saveGState()
        context.clip(to: rect)
        manager.drawBackground(forGlyphRange: glyphs, at: origin)
        manager.drawGlyphs(forGlyphRange: glyphs, at: origin)
        context.restoreGState()
    }
}

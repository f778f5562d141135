extension RTFReader {
    /// The colour at a colour table index (0 and unknown indices: none, i.e. the default).
    /// Cocoa's `\expandedcolortbl` entry wins over the 8-bit `\colortbl` one when present.
    func color(_ index: Int32) -> UIColor? {
        guard index > 0 else { return nil }
        let i = Int(index)
        if i < expandedColors.count, let c = expandedColors[i] { return c }
        return i < colors.count ? colors[i] : nil
    }

    /// The attributes of text in character state `c`.
    mutating func characterAttributes(for c: RTFCharState) -> [NSAttributedString.Key: Any] {
        var attrs: [NSAttributedString.Key: Any] = [:]
        let number = c.font >= 0 ? c.font : defaultFont
        var points = CGFloat(c.halfPoints) / 2
        attrs[.font] = fontResolver.font(entry: fonts[number], size: points, bold: c.bold, italic: c.italic)
        if let fg = color(c.foreground) { attrs[.foregroundColor] = fg }
        if let bg = color(c.background) { attrs[.backgroundColor] = bg }
        if c.underline != 0 {
            attrs[.underlineStyle] = c.underline
            if let uc = color(c.underlineColor) { attrs[.underlineColor] = uc }
        }
        if c.strike != 0 {
            attrs[.strikethroughStyle] = c.strike
            if let sc = color(c.strikeColor) { attrs[.strikethroughColor] = sc }
        }
        if c.shiftHalfPoints != 0 {
            attrs[.baselineOffset] = CGFloat(c.shiftHalfPoints) / 2
        } else if c.superSub != 0 {
            // Word's \super/\sub: a raised or lowered, smaller glyph. We raise by a third of the size.
            points = (points / 3).rounded()
            attrs[.baselineOffset] = c.superSub > 0 ? points : -points
        }
        if c.kernTwips != 0 { attrs[.kern] = CGFloat(c.kernTwips) / 20 }
        if c.strokeWidth != 0 {
            attrs[.strokeWidth] = CGFloat(c.strokeWidth) / 20
            if let sc = color(c.strokeColor) { attrs[.strokeColor] = sc }
        } else if c.outline {
            attrs[.strokeWidth] = CGFloat(3)
            if let sc = color(c.strokeColor) { attrs[.strokeColor] = sc }
        }
        if c.shadow {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: CGFloat(c.shadowX) / 20, height: CGFloat(c.shadowY) / 20)
            shadow.shadowBlurRadius = CGFloat(max(0, c.shadowRadius)) / 20
            shadow.shadowColor = color(c.shadowColor)
            attrs[.shadow] = shadow
        }
        if c.link >= 0, Int(c.link) < links.count { attrs[.link] = links[Int(c.link)] }
        return attrs
    }

    /// The paragraph style of paragraph state `p` (nil when nothing was set after `\pard`).
    mutating func paragraphStyle(for p: RTFParaState) -> NSParagraphStyle? {
        guard !p.isPristine else { return nil }
        if let known = paraCache[p] { return known }
        let style = NSMutableParagraphStyle()
        style.alignment = switch p.alignment {
        case 0: .left
        case 1: .center
        case 2: .right
        case 3: .justified
        default: .natural
        }
        // Sums and negations of parameters in 64 bits: \li2147483647\fi2147483647 must not overflow.
        // (Huge lengths are the layout's to clamp: see LayoutNumber in TextKitTypesetting.)
        func pt(_ twips: Int64) -> CGFloat { CGFloat(twips) / 20 }
        func pt(_ twips: Int32) -> CGFloat { pt(Int64(twips)) }
        style.headIndent = max(0, pt(p.left))
        style.firstLineHeadIndent = max(0, pt(Int64(p.left) + Int64(p.firstLine)))
        style.tailIndent = p.right != 0 ? -pt(Int64(p.right)) : 0
        style.paragraphSpacingBefore = max(0, pt(p.before))
        style.paragraphSpacing = max(0, pt(p.after))
        if p.lineSpacingRule != 0 {
            if p.lineMultiple {
                if p.lineSpacingRule > 0 { style.lineHeightMultiple = CGFloat(p.lineSpacingRule) / 240 }
            } else if p.lineSpacingRule > 0 {
                style.minimumLineHeight = pt(p.lineSpacingRule)
            } else {
                style.minimumLineHeight = pt(-Int64(p.lineSpacingRule))
                style.maximumLineHeight = pt(-Int64(p.lineSpacingRule))
            }
        }
        if p.minimumLine > 0 { style.minimumLineHeight = pt(p.minimumLine) }
        if p.maximumLine > 0 { style.maximumLineHeight = pt(p.maximumLine) }
        if p.leading != 0 { style.lineSpacing = max(0, pt(p.leading)) }
        style.tabStops = p.tabs.sorted { $0.position < $1.position }.map { tab in
            switch tab.kind {
            case 1: NSTextTab(textAlignment: .center, location: pt(tab.position))
            case 2: NSTextTab(textAlignment: .right, location: pt(tab.position))
            case 3: NSTextTab(textAlignment: .right, location: pt(tab.position),
                              options: [.columnTerminators: RTFReader.decimalTerminators])
            default: NSTextTab(textAlignment: .left, location: pt(tab.position))
            }
        }
        style.baseWritingDirection = p.direction == 1 ? .rightToLeft : p.direction == 0 ? .leftToRight : .natural
        let result = style.copy() as! NSParagraphStyle  // swiftlint:disable:this force_cast — copy() of a paragraph style is one
        paraCache[p] = result
        return result
    }

    /// The column terminators of a decimal tab (`\tqdec`): the full stop and the comma, so that
    /// both English and continental numbers align.
    static let decimalTerminators = CharacterSet(charactersIn: ".,")
}

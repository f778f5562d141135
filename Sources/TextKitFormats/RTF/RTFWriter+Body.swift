extension RTFWriter {
    /// Paragraphs: a `\pard` line when the style changes, then the runs.
    mutating func writeBody(_ string: NSAttributedString, range: NSRange) {
        // Unknown to start with, so the first run states font, size and colour (`\f0\fs24\cf0`), as Cocoa does.
        var char = CharState(font: -1, halfPoints: -1, foreground: -1)
        var lastStyle: NSParagraphStyle?
        var first = true
        var location = range.location
        let end = range.location + range.length
        var previousWasCR = false
        while location < end {
            let paragraph = string.paragraphRange(for: NSRange(location: location, length: 0))
            let paragraphEnd = min(end, paragraph.location + paragraph.length)
            let style = string.attribute(.paragraphStyle, at: location, effectiveRange: nil) as? NSParagraphStyle
            if first || !Self.sameStyle(style, lastStyle) {
                let direction: String
                switch style?.baseWritingDirection ?? .natural {
                case .rightToLeft: direction = "\\rtlpar"
                case .leftToRight: direction = "\\ltrpar"
                case .natural: direction = "\\pardirnatural"
                }
                emit("\\pard" + Self.paragraphWords(style) + direction + "\\partightenfactor0\n")
                lastStyle = style
                first = false
            }
            string.enumerateAttributes(in: NSRange(location: location, length: paragraphEnd - location), options: []) { attrs, run, _ in
                writeRun(string, attrs, run, state: &char, previousWasCR: &previousWasCR)
            }
            location = max(paragraphEnd, location + 1)
        }
        if !first { emit("\n") }
    }

    static func sameStyle(_ a: NSParagraphStyle?, _ b: NSParagraphStyle?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x.isEqual(y)
        default: return false
        }
    }

    /// The paragraph control words of `style` (none for nil).
    static func paragraphWords(_ style: NSParagraphStyle?) -> String {
        guard let s = style else { return "" }
        func twips(_ v: CGFloat) -> Int { Int(saturating: (v * 20).rounded()) }
        var w = ""
        for tab in s.tabStops {
            switch tab.alignment {
            case .center: w += "\\tqc"
            case .right: w += tab.columnTerminators != nil ? "\\tqdec" : "\\tqr"
            default: break
            }
            w += "\\tx\(twips(tab.location))"
        }
        if s.headIndent != 0 { w += "\\li\(twips(s.headIndent))" }
        if s.firstLineHeadIndent != s.headIndent { w += "\\fi\(twips(s.firstLineHeadIndent - s.headIndent))" }
        if s.tailIndent < 0 { w += "\\ri\(twips(-s.tailIndent))" }
        if s.paragraphSpacingBefore != 0 { w += "\\sb\(twips(s.paragraphSpacingBefore))" }
        if s.paragraphSpacing != 0 { w += "\\sa\(twips(s.paragraphSpacing))" }
        if s.lineHeightMultiple > 0 {
            w += "\\sl\(Int(saturating: (s.lineHeightMultiple * 240).rounded()))\\slmult1"
            if s.minimumLineHeight > 0 { w += "\\slminimum\(twips(s.minimumLineHeight))" }
            if s.maximumLineHeight > 0 { w += "\\slmaximum\(twips(s.maximumLineHeight))" }
        } else if s.minimumLineHeight > 0 && s.minimumLineHeight == s.maximumLineHeight {
            w += "\\sl-\(twips(s.minimumLineHeight))\\slmult0"
        } else {
            if s.minimumLineHeight > 0 { w += "\\sl\(twips(s.minimumLineHeight))\\slmult0" }
            if s.maximumLineHeight > 0 { w += "\\slmaximum\(twips(s.maximumLineHeight))" }
        }
        if s.lineSpacing > 0 { w += "\\slleading\(twips(s.lineSpacing))" }
        switch s.alignment {
        case .left: w += "\\ql"
        case .center: w += "\\qc"
        case .right: w += "\\qr"
        case .justified: w += "\\qj"
        case .natural: break
        }
        return w
    }

    /// One attribute run: formatting changes, then the text (a link as a HYPERLINK field).
    mutating func writeRun(_ string: NSAttributedString, _ attrs: [NSAttributedString.Key: Any], _ run: NSRange,
                           state: inout CharState, previousWasCR: inout Bool) {
        let wanted = charState(for: attrs)
        var link: String?
        if let url = attrs[.link] as? URL { link = url.absoluteString } else if let s = attrs[.link] as? String { link = s }
        let saved = state
        if let link {
            emit("{\\field{\\*\\fldinst{HYPERLINK \"")
            emitText(link.replacingOccurrences(of: "\\", with: "\\\\"), escapeOnly: true)
            emit("\"}}{\\fldrslt ")
        }
        let words = changes(from: state, to: wanted)
        if !words.isEmpty { emit(words + " ") }
        state = wanted
        let units = string.attributedSubstring(from: run).string.utf16
        var index = 0
        for unit in units {
            defer { index += 1 }
            if unit == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = unit == 0x0D
            switch unit {
            case 0x0A, 0x0D, 0x2029: emit("\\par\n")  // not Cocoa's "\\" + LF: pandoc reads that as a line break
            case 0x2028: emit("\\line ")
            case 0x0C: emit("\\page ")
            case UInt16(NSTextAttachment.character):
                if let attachment = attrs[.attachment] as? NSTextAttachment { writeAttachment(attachment) } else { emitUnit(unit) }
            default: emitUnit(unit)
            }
        }
        if link != nil {
            emit("}}")
            state = saved
        }
    }

    /// The formatting state an attribute dictionary asks for.
    mutating func charState(for attrs: [NSAttributedString.Key: Any]) -> CharState {
        var c = CharState()
        let spec = fontSpec(for: attrs[.font] as? UIFont)
        c.font = spec.index
        c.bold = spec.bold
        c.italic = spec.italic
        c.halfPoints = spec.halfPoints
        c.foreground = knownColor(attrs[.foregroundColor])
        c.background = knownColor(attrs[.backgroundColor])
        c.underline = (Self.number(attrs[.underlineStyle]).map { Int(saturating: $0) }) ?? 0
        if c.underline != 0 { c.underlineColor = knownColor(attrs[.underlineColor]) }
        c.strike = (Self.number(attrs[.strikethroughStyle]).map { Int(saturating: $0) }) ?? 0
        if c.strike != 0 { c.strikeColor = knownColor(attrs[.strikethroughColor]) }
        if let b = Self.number(attrs[.baselineOffset]) { c.shiftHalfPoints = Int(saturating: (b * 2).rounded()) }
        if let k = Self.number(attrs[.kern]) { c.kernTwips = Int(saturating: (k * 20).rounded()) }
        if let s = Self.number(attrs[.strokeWidth]), s != 0 {
            c.strokeWidth = Int(saturating: (s * 20).rounded())
            c.strokeColor = knownColor(attrs[.strokeColor])
        }
        if let shadow = attrs[.shadow] as? NSShadow {
            c.shadow = ShadowSpec(x: Int(saturating: (shadow.shadowOffset.width * 20).rounded()), y: Int(saturating: (shadow.shadowOffset.height * 20).rounded()),
                                  radius: Int(saturating: (shadow.shadowBlurRadius * 20).rounded()), color: knownColor(shadow.shadowColor))
        }
        return c
    }

    /// The control words that turn formatting `a` into `b`.
    func changes(from a: CharState, to b: CharState) -> String {
        var w = ""
        if a.font != b.font { w += "\\f\(b.font)" }
        if a.bold != b.bold { w += b.bold ? "\\b" : "\\b0" }
        if a.italic != b.italic { w += b.italic ? "\\i" : "\\i0" }
        if a.halfPoints != b.halfPoints { w += "\\fs\(b.halfPoints)" }
        if a.foreground != b.foreground { w += "\\cf\(b.foreground)" }
        if a.background != b.background { w += "\\cb\(b.background)" }
        if a.underline != b.underline { w += Self.underlineWord(b.underline) }
        if a.underlineColor != b.underlineColor { w += "\\ulc\(b.underlineColor)" }
        if a.strike != b.strike {
            switch b.strike {
            case 0: w += "\\strike0\\striked0"
            case NSUnderlineStyle.single.rawValue: w += "\\striked0\\strike"
            case NSUnderlineStyle.double.rawValue: w += "\\strike0\\striked1"
            default: w += "\\striked0\\strike\\strikestyle\(b.strike)"
            }
        }
        if a.strikeColor != b.strikeColor { w += "\\strikec\(b.strikeColor)" }
        if a.shiftHalfPoints != b.shiftHalfPoints {
            w += b.shiftHalfPoints >= 0 ? "\\up\(b.shiftHalfPoints)" : "\\dn\(-b.shiftHalfPoints)"
        }
        if a.kernTwips != b.kernTwips { w += "\\expnd\(Int(saturating: (Double(b.kernTwips) / 5).rounded()))\\expndtw\(b.kernTwips)" }
        if a.strokeWidth != b.strokeWidth { w += "\\outl0\\strokewidth\(b.strokeWidth)" }
        if a.strokeColor != b.strokeColor { w += "\\strokec\(b.strokeColor)" }
        if a.shadow != b.shadow {
            if let s = b.shadow {
                w += "\\shad\\shadx\(s.x)\\shady\(s.y)\\shadr\(s.radius)\\shadc\(s.color)"
            } else {
                w += "\\shad0"
            }
        }
        return w
    }

    /// The RTF underline word for an `NSUnderlineStyle` raw value.
    static func underlineWord(_ raw: Int) -> String {
        guard raw != 0 else { return "\\ulnone" }
        let line = raw & 0xFF, pattern = raw & 0xF00, byWord = raw & 0x8000 != 0
        let thick = line == NSUnderlineStyle.thick.rawValue
        if line == NSUnderlineStyle.double.rawValue { return "\\uldb" }
        switch pattern {
        case NSUnderlineStyle.patternDot.rawValue: return thick ? "\\ulthd" : "\\uld"
        case NSUnderlineStyle.patternDash.rawValue: return thick ? "\\ulthdash" : "\\uldash"
        case NSUnderlineStyle.patternDashDot.rawValue: return thick ? "\\ulthdashd" : "\\uldashd"
        case NSUnderlineStyle.patternDashDotDot.rawValue: return thick ? "\\ulthdashdd" : "\\uldashdd"
        default: break
        }
        if thick { return "\\ulth" }
        return byWord ? "\\ulw" : "\\ul"
    }

    /// A picture (RTF) or a package file (RTFD) for an attachment; nothing when it has no data.
    mutating func writeAttachment(_ attachment: NSTextAttachment) {
        var data = attachment.contents
        var type = attachment.fileType
        if data == nil, let png = attachment.image?.pngData() { data = png; type = "public.png" }
        // Without data there is nothing to embed; the character stays, so offsets do not shift.
        guard let data else { emit("\\uc0\\u65532 "); return }
        var size = attachment.bounds.size
        if attachment.bounds == .zero, let image = attachment.image ?? (type == "public.png" ? UIImage(data: data) : nil) {
            size = image.size
        }
        func twips(_ v: CGFloat) -> Int { Int(saturating: (v * 20).rounded()) }
        if packageAttachments {
            var name = "Attachment.\(RTFD.fileExtension(forType: type))"
            var n = 1
            while attachmentNames.contains(name) { name = "Attachment \(n).\(RTFD.fileExtension(forType: type))"; n += 1 }
            attachmentNames.insert(name)
            attachmentFiles.append((name, data))
            emit("{{\\NeXTGraphic ")
            emitText(name, escapeOnly: true)
            emit(" \\width\(twips(size.width)) \\height\(twips(size.height)) \\noorient}\\'ac}")
            return
        }
        let blip: String
        switch type {
        case "public.png": blip = "\\pngblip"
        case "public.jpeg": blip = "\\jpegblip"
        default: emit("\\uc0\\u65532 "); return  // RTF cannot embed other files (RTFD can): keep the character
        }
        let image = type == "public.png" ? (attachment.image ?? UIImage(data: data)) : nil
        let pixelWidth = image?.cgImage?.width ?? Int(saturating: size.width), pixelHeight = image?.cgImage?.height ?? Int(saturating: size.height)
        emit("{\\pict\(blip)\\picw\(pixelWidth)\\pich\(pixelHeight)\\picwgoal\(twips(size.width))\\pichgoal\(twips(size.height))\n")
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        output.reserveCapacity(output.count + data.count * 2 + data.count / 64 + 4)
        var column = 0
        for byte in data {
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0xF)])
            column += 2
            if column == 128 { output.append(0x0A); column = 0 }
        }
        emit("}")
    }
}

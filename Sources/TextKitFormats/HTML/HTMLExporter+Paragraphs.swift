/// Paragraphs: a `<p>` each, inside the `<ul>`/`<ol>` and `<li>` of their text lists.
extension HTMLExporter {
    /// Writes one paragraph: `contents` (without its separator) in the paragraph style at
    /// `styleAt`. An empty paragraph holds a `<br>` in the attributes of its separator
    /// (`terminator`), so that it keeps its line in browsers and in the importer.
    mutating func writeParagraph(_ contents: NSRange, styleAt: Int, terminator: Int?) {
        let style = string.attribute(.paragraphStyle, at: styleAt, effectiveRange: nil) as? NSParagraphStyle
        var units = string._utf16(in: contents)
        var textStart = contents.location
        let lists = style?.textLists ?? []
        if !lists.isEmpty {
            let marker = Self.markerLength(units)
            enterLists(lists, newItem: marker > 0)
            units.removeFirst(marker)
            textStart += marker
        } else {
            closeLists(keeping: 0)
        }
        output.markup("<p")
        if HTMLParagraphCSS.isRightToLeft(style, units) { output.markup(" dir=\"rtl\"") }
        // A browser's line is never shorter than its block's font (the "strut"), a text view's
        // only as tall as the fonts on it: the paragraph states the font most of its text is in.
        paragraphFont = units.isEmpty
            ? Self.mostUsedFont(string, range: NSRange(location: terminator ?? styleAt, length: 1))
            : Self.mostUsedFont(string, range: NSRange(location: textStart, length: units.count))
        var css = HTMLParagraphCSS.declarations(style, listLevels: lists.count,
                                                preservesWhiteSpace: HTMLParagraphCSS.needsPreservedWhiteSpace(units))
        if units.contains(0x09) { css += HTMLParagraphCSS.tabSize(style) }
        css += HTMLRunCSS.fontDeclarations(paragraphFont, relativeTo: bodyFont)
        output.markup(" style=\"")
        output.attribute(css.joined(separator: ";"))
        output.markup("\">")
        if units.isEmpty {
            let attributes = terminator.map { string.attributes(at: $0, effectiveRange: nil) } ?? [:]
            writeRun(attributes, units: [0x0A])
        } else {
            let range = NSRange(location: textStart, length: contents.location + contents.length - textStart)
            string._forEachAttributeRun(in: range) { attributes, run in
                writeRun(attributes, units: units[(run.location - textStart)..<(run.location - textStart + run.length)])
                return true
            }
        }
        closeRun()
        output.markup("</p>\n")
    }

    /// The length of a list item's marker at the start of its text, "\t" marker "\t" as the
    /// importers write it (0 when there is none: the paragraph continues the item before).
    static func markerLength(_ units: [UInt16]) -> Int {
        guard units.first == 0x09 else { return 0 }
        for i in 1..<min(units.count, 24) where units[i] == 0x09 {
            return i > 1 ? i + 1 : 0
        }
        return 0
    }

    /// Opens and closes `<ul>`/`<ol>` and `<li>` so that the lists open are `lists`: lists the
    /// paragraph shares with the one before stay open; a paragraph with a marker begins a new
    /// item of its innermost list, one without continues the open item.
    mutating func enterLists(_ lists: [NSTextList], newItem: Bool) {
        var shared = 0
        while shared < min(lists.count, openLists.count), openLists[shared].list === lists[shared] { shared += 1 }
        closeLists(keeping: shared)
        if shared == lists.count, newItem, openLists[shared - 1].itemOpen {
            output.markup("</li>\n")
            openLists[shared - 1].itemOpen = false
        }
        for list in lists[shared...] {
            if let last = openLists.indices.last, !openLists[last].itemOpen {
                output.markup("<li>")
                openLists[last].itemOpen = true
            }
            output.markup(Self.listTag(list, depth: openLists.count))
            openLists.append((list, false))
        }
        if !openLists[openLists.count - 1].itemOpen {
            output.markup("<li>")
            openLists[openLists.count - 1].itemOpen = true
        }
    }

    /// Closes the lists open beyond the first `keeping`.
    mutating func closeLists(keeping: Int) {
        while openLists.count > keeping {
            let open = openLists.removeLast()
            if open.itemOpen { output.markup("</li>") }
            output.markup(open.list.markerFormat == .decimal || Self.orderedListStyle(open.list) != nil ? "</ol>\n" : "</ul>\n")
        }
    }

    /// `<ul>` for bullets (disc, circle or square), `<ol>` with `start` for numbers; `depth` is
    /// the number of lists around it. `margin:0`: the paragraphs' spacing is all there is, as
    /// in the text (browsers put 1 em above and below a list).
    static func listTag(_ list: NSTextList, depth: Int) -> String {
        let start = list.startingItemNumber == 1 ? "" : " start=\"\(list.startingItemNumber)\""
        if list.markerFormat == .decimal { return "<ol\(start) style=\"margin:0\">\n" }
        if let type = orderedListStyle(list) { return "<ol\(start) style=\"margin:0;list-style-type:\(type)\">\n" }
        // Browsers and the importer draw disc, circle, then square by depth: only a different
        // bullet is stated; other markers (hyphen, diamond…) are the depth's bullet.
        let bullets: [NSTextList.MarkerFormat] = [.disc, .circle, .square]
        guard bullets.contains(list.markerFormat), list.markerFormat != bullets[min(depth, 2)] else {
            return "<ul style=\"margin:0\">\n"
        }
        return "<ul style=\"margin:0;list-style-type:\(list.markerFormat.rawValue.dropFirst().dropLast())\">\n"
    }

    /// CSS's counter style for NSTextList's numbered formats other than decimal.
    static func orderedListStyle(_ list: NSTextList) -> String? {
        let styles: [NSTextList.MarkerFormat: String] = [
            .lowercaseAlpha: "lower-alpha", .uppercaseAlpha: "upper-alpha", .lowercaseLatin: "lower-latin",
            .uppercaseLatin: "upper-latin", .lowercaseRoman: "lower-roman", .uppercaseRoman: "upper-roman",
        ]
        return styles[list.markerFormat]
    }
}

/// The CSS of a paragraph style, as the importer reads it back and browsers show it.
///
/// Spacing before and after is `padding-top`/`padding-bottom`, not margins: CSS collapses the
/// vertical margins of adjacent blocks, TextKit adds the spacing of both paragraphs. Indents
/// are logical (`margin-inline-start`/`-end`, `text-indent`), as TextKit's head and tail are.
enum HTMLParagraphCSS {
    /// The declarations of `style` (`margin:0` at least, which every `<p>` needs against the
    /// browser's and the importer's default margins), in `listLevels` lists.
    static func declarations(_ style: NSParagraphStyle?, listLevels: Int, preservesWhiteSpace: Bool) -> [String] {
        var css = ["margin:0"]
        if let s = style {
            switch s.alignment {
            case .left: css.append("text-align:left")
            case .right: css.append("text-align:right")
            case .center: css.append("text-align:center")
            case .justified: css.append("text-align:justify")
            case .natural: break
            }
            // In a list the importer puts the text 36 points a level in from the block's indent,
            // and the first line (the marker's) at it: in a style of that shape the block's
            // indent is the first line's; in another (the Markdown importer's, with other
            // indents) it is what is left of the head indent after 36 points a level.
            let lists = CGFloat(listLevels)
            let start = listLevels == 0 ? s.headIndent
                : abs(s.headIndent - s.firstLineHeadIndent - 36 * lists) < 0.01 ? s.firstLineHeadIndent
                : max(0, s.headIndent - 36 * lists)
            if start > 0 { css.append("margin-inline-start:" + HTMLOutput.px(start)) }
            if s.tailIndent < 0 { css.append("margin-inline-end:" + HTMLOutput.px(-s.tailIndent)) }
            if listLevels == 0, s.firstLineHeadIndent != s.headIndent {
                css.append("text-indent:" + HTMLOutput.px(s.firstLineHeadIndent - s.headIndent))
            }
            if s.paragraphSpacingBefore > 0 { css.append("padding-top:" + HTMLOutput.px(s.paragraphSpacingBefore)) }
            if s.paragraphSpacing > 0 { css.append("padding-bottom:" + HTMLOutput.px(s.paragraphSpacing)) }
            if s.lineHeightMultiple > 0 {
                css.append("line-height:" + HTMLOutput.number(s.lineHeightMultiple))
            } else if s.minimumLineHeight > 0 {
                // Exact in CSS: the same as TextKit's when the maximum is the minimum, or when
                // the fonts' own line height is not taller.
                css.append("line-height:" + HTMLOutput.px(s.minimumLineHeight))
            }
        }
        if preservesWhiteSpace { css.append("white-space:pre-wrap") }
        return css
    }

    /// `tab-size` for a paragraph with tabs: the interval of evenly spaced tab stops (the
    /// default style's are every 28 points), else the default tab interval, else the 28 points
    /// the layout uses past the last stop. CSS has no other tab stops.
    static func tabSize(_ style: NSParagraphStyle?) -> [String] {
        let stops = (style ?? .default).tabStops.map(\.location)
        var interval = style?.defaultTabInterval ?? 0
        if let first = stops.first, first > 0,
           stops.enumerated().allSatisfy({ abs($0.element - first * CGFloat($0.offset + 1)) < 0.01 }) {
            interval = first
        }
        return ["tab-size:" + HTMLOutput.px(interval > 0 ? interval : 28)]
    }

    /// Whether HTML would collapse the paragraph's white space: tabs, runs of spaces, spaces at
    /// its start or end.
    static func needsPreservedWhiteSpace(_ units: [UInt16]) -> Bool {
        guard let first = units.first, let last = units.last else { return false }
        if first == 0x20 || last == 0x20 { return true }
        var previous: UInt16 = 0
        for u in units {
            if u == 0x09 || (u == 0x20 && previous == 0x20) { return true }
            previous = u
        }
        return false
    }

    /// Whether the paragraph runs right to left: its style says so, or its direction is natural
    /// and its first strong character (a letter) is of Hebrew, Arabic or another right-to-left
    /// script.
    static func isRightToLeft(_ style: NSParagraphStyle?, _ units: [UInt16]) -> Bool {
        switch style?.baseWritingDirection ?? .natural {
        case .rightToLeft: return true
        case .leftToRight: return false
        case .natural:
            for scalar in String(decoding: units.prefix(4096), as: UTF16.self).unicodeScalars {
                let v = scalar.value
                if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFE).contains(v)
                    || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v) {
                    return true
                }
                if scalar.properties.isAlphabetic { return false }
            }
            return false
        }
    }
}

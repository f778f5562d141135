extension RTFReader {
    /// Acts on a control word in the current destination.
    mutating func handleWord(_ name: String, _ parameter: Int32?) {
        let star = starPending
        starPending = false
        if state.destination == .skip { return }
        guard let word = RTFWord.table[name] else {
            if star { state.destination = .skip }
            return
        }
        if handleDestinationWord(word, parameter) { return }
        if star { state.destination = .skip; return }
        let p = parameter ?? 1
        if word == .u { appendUnicode(parameter ?? 0); return }
        if word == .uc { state.unicodeSkip = Int(max(0, min(parameter ?? 1, 10))); return }
        switch state.destination {
        case .text: break
        case .fontTable: handleFontTableWord(word, parameter); return
        case .colorTable, .expandedColorTable: handleColorWord(word, parameter); return
        case .picture: handlePictureWord(word, parameter); return
        case .nextGraphic:
            if word == .width { nextGraphicSize.width = p } else if word == .height { nextGraphicSize.height = p }
            return
        case .infoTime:
            switch word {
            case .yr: timeParts[0] = p
            case .mo: timeParts[1] = p
            case .dy: timeParts[2] = p
            case .hr: timeParts[3] = p
            case .min: timeParts[4] = p
            case .sec: timeParts[5] = p
            default: break
            }
            return
        case .infoText, .fieldInstruction:
            if word == .u { appendUnicode(p) }
            return
        case .container, .skip:
            return
        }
        if handleDocumentWord(word, parameter) { return }
        if handleCharacterWord(word, parameter) { charDirty = true; return }
        handleParagraphWord(word, parameter)
    }

    /// Destination words, valid in any destination but `.skip`. True when handled.
    private mutating func handleDestinationWord(_ word: RTFWord, _ parameter: Int32?) -> Bool {
        switch word {
        case .fonttbl: state.destination = .fontTable; pendingFont = RTFFontEntry(); pendingFontNumber = -1; destinationText = []
        case .colortbl: state.destination = .colorTable; colors = []; pendingColor = (0, 0, 0, false)
        case .expandedcolortbl: state.destination = .expandedColorTable; expandedColors = []; pendingExpanded = (0, [])
        case .info, .upr, .object: state.destination = .container
        case .title: startInfo(.title)
        case .subject: startInfo(.subject)
        case .author: startInfo(.author)
        case .keywords: startInfo(.keywords)
        case .doccomm: startInfo(.comment)
        case .company: startInfo(.company)
        case .copyright: startInfo(.copyright)
        case .creatim: state.destination = .infoTime(.creationTime); timeParts = [0, 1, 1, 0, 0, 0]
        case .revtim: state.destination = .infoTime(.modificationTime); timeParts = [0, 1, 1, 0, 0, 0]
        case .pict:
            guard state.destination == .text else { state.destination = .skip; return true }
            state.destination = .picture
            picture = RTFPicture()
        case .shppict, .listtext, .pntext, .ud, .result, .shprslt:
            if state.destination == .container { state.destination = .text }
        case .nonshppict, .stylesheet, .header, .headerl, .headerr, .headerf, .footer, .footerl, .footerr, .footerf,
             .footnote, .annotation, .listtable, .listoverridetable, .revtbl, .objdata, .xe, .tc, .atnid, .atnauthor,
             .pn, .pntxta, .pntxtb, .template, .filetbl, .shp, .shpinst, .background, .generator, .docvar, .userprops,
             .operator, .txe, .bkmkstart, .bkmkend, .pgdsctbl, .rsidtbl, .themedata, .colorschememapping,
             .latentstyles, .datastore, .xmlnstbl, .mmathPr:
            state.destination = .skip
        case .field:
            guard state.destination == .text else { return false }
            fields.append((depth: stack.count, instruction: [], link: -1))
        case .fldinst:
            guard !fields.isEmpty else { state.destination = .skip; return true }
            state.destination = .fieldInstruction
            destinationText = []
        case .fldrslt:
            guard let field = fields.last else { return true }
            state.destination = .text
            if field.link >= 0 { state.char.link = field.link; charDirty = true }
        case .NeXTGraphic:
            guard state.destination == .text else { state.destination = .skip; return true }
            state.destination = .nextGraphic
            destinationText = []
            nextGraphicSize = (0, 0)
        default:
            return false
        }
        return true
    }

    private mutating func startInfo(_ field: DocumentInfoField) {
        state.destination = .infoText(field)
        destinationText = []
    }

    /// Words that set document attributes. True when handled.
    private mutating func handleDocumentWord(_ word: RTFWord, _ parameter: Int32?) -> Bool {
        let p = parameter ?? 0
        func points(_ twips: Int32) -> CGFloat { CGFloat(twips) / 20 }
        switch word {
        case .rtf, .ansi: break
        case .mac: documentCodePage = 10000
        case .pc: documentCodePage = 437
        case .pca: documentCodePage = 850
        case .ansicpg: if p > 0, RTFCodePage.encoding(for: Int(p)) != nil { documentCodePage = Int(p) }
        case .deff: defaultFont = p; charDirty = true
        case .deftab: if p > 0 { documentAttributes[.defaultTabInterval] = points(p) }
        case .paperw, .paperh:
            var size = documentAttributes[.paperSize] as? CGSize ?? CGSize(width: 612, height: 792)
            if word == .paperw { size.width = points(p) } else { size.height = points(p) }
            documentAttributes[.paperSize] = size
        case .margl, .margr, .margt, .margb:
            var m = documentAttributes[.paperMargin] as? UIEdgeInsets ?? UIEdgeInsets(top: 72, left: 90, bottom: 72, right: 90)
            switch word {
            case .margl: m.left = points(p)
            case .margr: m.right = points(p)
            case .margt: m.top = points(p)
            default: m.bottom = points(p)
            }
            documentAttributes[.paperMargin] = m
        case .vieww, .viewh:
            var size = documentAttributes[.viewSize] as? CGSize ?? .zero
            if word == .vieww { size.width = points(p) } else { size.height = points(p) }
            documentAttributes[.viewSize] = size
        case .viewscale: documentAttributes[.viewZoom] = CGFloat(p)
        case .viewkind: documentAttributes[.viewMode] = p == 1 ? 1 : 0
        case .readonlydoc: documentAttributes[.readOnly] = Int(parameter ?? 1)
        case .hyphauto:
            if (parameter ?? 1) != 0 { if documentAttributes[.hyphenationFactor] == nil { documentAttributes[.hyphenationFactor] = Float(1) } }
            else { documentAttributes[.hyphenationFactor] = Float(0) }
        case .hyphfactor: documentAttributes[.hyphenationFactor] = Float(max(0, min(p, 100))) / 100
        case .par, .sect, .row, .nestrow: endParagraph()
        case .line, .lbr: appendUnit(0x2028)
        case .tab, .cell, .nestcell: appendUnit(0x09)
        case .page: appendUnit(0x0C)
        case .emdash: appendUnit(0x2014)
        case .endash: appendUnit(0x2013)
        case .emspace: appendUnit(0x2003)
        case .enspace: appendUnit(0x2002)
        case .qmspace: appendUnit(0x2005)
        case .bullet: appendUnit(0x2022)
        case .lquote: appendUnit(0x2018)
        case .rquote: appendUnit(0x2019)
        case .ldblquote: appendUnit(0x201C)
        case .rdblquote: appendUnit(0x201D)
        case .zwj: appendUnit(0x200D)
        case .zwnj: appendUnit(0x200C)
        case .ltrmark: appendUnit(0x200E)
        case .rtlmark: appendUnit(0x200F)
        default: return false
        }
        return true
    }

    /// `\uN`: a UTF-16 unit (negative values are the unit minus 65536); then skip the fallback.
    mutating func appendUnicode(_ value: Int32) {
        let unit: UInt16
        if value >= 0 && value <= 0xFFFF { unit = UInt16(value) }
        else if value < 0 && value >= -32768 { unit = UInt16(Int(value) + 65536) }
        else { unit = 0xFFFD }  // out of range: a replacement character, and go on
        appendUnit(unit)
        skipCount = state.unicodeSkip
    }

    /// Control symbols: `\~ \- \_ \{ \} \\ \*` and `\` before a line end (a paragraph).
    mutating func handleSymbol(_ c: UInt8) {
        if state.destination == .skip { return }
        switch c {
        case 0x2A: starPending = true; return  // \*
        case 0x7E: appendUnit(0x00A0)  // \~
        case 0x2D: appendUnit(0x00AD)  // \-
        case 0x5F: appendUnit(0x2011)  // \_
        case 0x7B, 0x7D, 0x5C:
            if state.destination == .picture { return }
            let one = [c]
            one.withUnsafeBufferPointer { handleText($0) }
        case 0x0A, 0x0D: if state.destination == .text { endParagraph() }
        case 0x09: appendUnit(0x09)
        default: break
        }
        starPending = false
    }
}

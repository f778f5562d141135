extension RTFReader {
    /// Character formatting words. True when handled.
    mutating func handleCharacterWord(_ word: RTFWord, _ parameter: Int32?) -> Bool {
        let on = (parameter ?? 1) != 0
        let p = parameter ?? 0
        func underline(_ style: NSUnderlineStyle) { state.char.underline = on ? style.rawValue : 0 }
        switch word {
        case .plain:
            state.char = RTFCharState(link: state.char.link)
        case .f: state.char.font = p
        case .fs: state.char.halfPoints = p > 0 ? min(p, 3_276) : 24
        case .b: state.char.bold = on
        case .i: state.char.italic = on
        case .ul: underline(.single)
        case .ulnone: state.char.underline = 0
        case .uld: underline([.single, .patternDot])
        case .uldash, .ulldash: underline([.single, .patternDash])
        case .uldashd: underline([.single, .patternDashDot])
        case .uldashdd: underline([.single, .patternDashDotDot])
        case .uldb, .ululdbwave: underline(.double)
        case .ulth, .ulhwave: underline(.thick)
        case .ulthd: underline([.thick, .patternDot])
        case .ulthdash, .ulthldash: underline([.thick, .patternDash])
        case .ulthdashd: underline([.thick, .patternDashDot])
        case .ulthdashdd: underline([.thick, .patternDashDotDot])
        case .ulw: underline([.single, .byWord])
        case .ulwave: underline(.single)
        case .ulc: state.char.underlineColor = p
        case .strike: state.char.strike = on ? NSUnderlineStyle.single.rawValue : 0
        case .striked: state.char.strike = on ? NSUnderlineStyle.double.rawValue : 0
        case .strikestyle: if state.char.strike != 0 || p != 0 { state.char.strike = Int(p) }
        case .strikec: state.char.strikeColor = p
        case .cf: state.char.foreground = p
        case .cb, .highlight, .chcbpat: state.char.background = p
        case .super: state.char.superSub = on ? 1 : 0
        case .sub: state.char.superSub = on ? -1 : 0
        case .nosupersub: state.char.superSub = 0
        case .up: state.char.shiftHalfPoints = parameter ?? 6
        case .dn: state.char.shiftHalfPoints = Int32(clamping: -Int64(parameter ?? 6))  // -Int32.min overflows
        case .expnd: state.char.kernTwips = Int32(clamping: Int64(p) * 5)  // quarter points
        case .expndtw: state.char.kernTwips = p
        case .outl: state.char.outline = on
        case .strokewidth: state.char.strokeWidth = p
        case .strokec: state.char.strokeColor = p
        case .shad: state.char.shadow = on
        case .shadx: state.char.shadowX = p
        case .shady: state.char.shadowY = p
        case .shadr: state.char.shadowRadius = p
        case .shadc: state.char.shadowColor = p
        case .shado: break
        case .v: state.char.hidden = on
        default: return false
        }
        return true
    }

    /// Paragraph formatting words.
    mutating func handleParagraphWord(_ word: RTFWord, _ parameter: Int32?) {
        let p = parameter ?? 0
        switch word {
        case .pard: state.para = RTFParaState()
        case .ql: state.para.alignment = 0
        case .qc: state.para.alignment = 1
        case .qr: state.para.alignment = 2
        case .qj, .qd: state.para.alignment = 3
        case .qnatural: state.para.alignment = 4
        case .li, .lin: state.para.left = p
        case .ri, .rin: state.para.right = p
        case .fi: state.para.firstLine = p
        case .sb: state.para.before = p
        case .sa: state.para.after = p
        case .sl: state.para.lineSpacingRule = p
        case .slmult: state.para.lineMultiple = (parameter ?? 1) != 0
        case .slleading: state.para.leading = p
        case .slmaximum: state.para.maximumLine = p
        case .slminimum: state.para.minimumLine = p
        case .tqr: state.para.pendingTabKind = 2
        case .tqc: state.para.pendingTabKind = 1
        case .tqdec: state.para.pendingTabKind = 3
        case .tx, .tb:
            if state.para.tabs.count < 256 {
                state.para.tabs.append(RTFTab(position: max(0, p), kind: word == .tb ? 0 : state.para.pendingTabKind))
            }
            state.para.pendingTabKind = 0
        case .rtlpar: state.para.direction = 1
        case .ltrpar: state.para.direction = 0
        case .pardirnatural: state.para.direction = -1
        default: break
        }
    }

    mutating func handleFontTableWord(_ word: RTFWord, _ parameter: Int32?) {
        let p = parameter ?? 0
        switch word {
        case .f:
            if !destinationText.isEmpty || pendingFontNumber >= 0 { endTableEntry() }
            pendingFontNumber = p
        case .fnil: pendingFont.family = 0
        case .froman: pendingFont.family = 1
        case .fswiss: pendingFont.family = 2
        case .fmodern: pendingFont.family = 3
        case .fscript: pendingFont.family = 4
        case .fdecor: pendingFont.family = 5
        case .ftech: pendingFont.family = 6
        case .fbidi: pendingFont.family = 7
        case .fcharset:
            pendingFont.charset = p
            if pendingFont.codePage == nil || pendingFont.codePage == RTFCodePage.codePage(forCharset: 0) {
                pendingFont.codePage = RTFCodePage.codePage(forCharset: Int(p))
            }
        case .cpg: if RTFCodePage.encoding(for: Int(p)) != nil { pendingFont.codePage = Int(p) }
        case .fprq: pendingFont.pitch = p
        default: break
        }
    }

    mutating func handleColorWord(_ word: RTFWord, _ parameter: Int32?) {
        let p = max(0, parameter ?? 0)
        switch word {
        case .red: pendingColor.r = min(p, 255); pendingColor.any = true
        case .green: pendingColor.g = min(p, 255); pendingColor.any = true
        case .blue: pendingColor.b = min(p, 255); pendingColor.any = true
        case .csgray: pendingExpanded.space = 1
        case .cssrgb, .csgenericrgb: pendingExpanded.space = 2
        case .c: if pendingExpanded.components.count < 8 { pendingExpanded.components.append(min(p, 100_000)) }
        default: break
        }
    }

    /// `;` in a font or colour table.
    mutating func endTableEntry() {
        switch state.destination {
        case .fontTable:
            if pendingFontNumber >= 0 {
                var entry = pendingFont
                entry.name = String(decoding: destinationText, as: UTF16.self).trimmingCharacters(in: .whitespaces)
                fonts[pendingFontNumber] = entry
            }
            pendingFont = RTFFontEntry()
            pendingFontNumber = -1
            destinationText = []
        case .colorTable:
            if colors.count < 32_768 {
                colors.append(pendingColor.any
                    ? UIColor(red: CGFloat(pendingColor.r) / 255, green: CGFloat(pendingColor.g) / 255,
                              blue: CGFloat(pendingColor.b) / 255, alpha: 1)
                    : nil)
            }
            pendingColor = (0, 0, 0, false)
        case .expandedColorTable:
            let c = pendingExpanded.components.map { CGFloat($0) / 100_000 }
            var color: UIColor?
            if pendingExpanded.space == 1, c.count >= 1 {
                color = UIColor(white: c[0], alpha: c.count >= 2 ? c[1] : 1)
            } else if pendingExpanded.space == 2, c.count >= 3 {
                color = UIColor(red: c[0], green: c[1], blue: c[2], alpha: c.count >= 4 ? c[3] : 1)
            }
            if expandedColors.count < 32_768 { expandedColors.append(color) }
            pendingExpanded = (0, [])
        default:
            break
        }
    }

    mutating func handlePictureWord(_ word: RTFWord, _ parameter: Int32?) {
        let p = parameter ?? 0
        switch word {
        case .pngblip: picture.type = "public.png"
        case .jpegblip: picture.type = "public.jpeg"
        case .emfblip: picture.type = "com.microsoft.emf"
        case .wmetafile: picture.type = "com.microsoft.wmf"
        case .macpict: picture.type = "com.apple.pict"
        case .dibitmap, .wbitmap: picture.type = "com.microsoft.bmp"
        case .picw: picture.widthPixels = p
        case .pich: picture.heightPixels = p
        case .picwgoal: picture.goalWidth = p
        case .pichgoal: picture.goalHeight = p
        case .picscalex: picture.scaleX = p
        case .picscaley: picture.scaleY = p
        default: break
        }
    }

    mutating func addHexDigit(_ b: UInt8) {
        let v: UInt8
        switch b {
        case 0x30...0x39: v = b - 0x30
        case 0x61...0x66: v = b - 0x61 + 10
        case 0x41...0x46: v = b - 0x41 + 10
        default: return
        }
        if let hi = picture.pendingNibble {
            picture.data.append(hi << 4 | v)
            picture.pendingNibble = nil
        } else {
            picture.pendingNibble = v
        }
    }
}

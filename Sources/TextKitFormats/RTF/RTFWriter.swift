/// Writes an attributed string as RTF in the dialect Cocoa's TextEdit writes:
///
///     {\rtf1\ansi\ansicpg1252\cocoartf2822
///     \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 DejaVu Sans;}
///     {\colortbl;\red255\green0\blue0;}
///     {\*\expandedcolortbl;;\cssrgb\c100000\c0\c0;}
///     \pard\tx560\tx1120…\pardirnatural\partightenfactor0
///
///     \f0\fs24 \cf0 Hello\
///     }
///
/// Fonts are written by family name with `\b`/`\i` when the family's bold/italic faces give the same
/// font back, else by PostScript name. Colours go into both tables (`\expandedcolortbl` keeps
/// 5 digits and alpha). Characters outside ASCII are `\'hh` in code page 1252 or `\uc0\uN`
/// (a surrogate pair as two `\u`). Links become `HYPERLINK` fields; attachments with data become
/// `\pict\pngblip` pictures (RTF) or `\NeXTGraphic` files (RTFD).
struct RTFWriter {
    /// For RTFD: attachment files to write beside `TXT.rtf` (name → data).
    var attachmentFiles: [(name: String, data: Data)] = []
    let packageAttachments: Bool

    var output: [UInt8] = []
    private var fontNames: [String] = []
    private var fontFamilies: [Int8] = []
    private var fontIndex: [String: Int] = [:]
    private var fontSpecs: [UIFont: FontSpec] = [:]
    private var colors: [UIColor] = []
    private var colorIndex: [UIColor: Int] = [:]
    var attachmentNames: Set<String> = []

    /// How a font is written: table index, bold, italic, half-points.
    struct FontSpec: Equatable {
        var index: Int
        var bold: Bool
        var italic: Bool
        var halfPoints: Int
    }

    /// The character formatting written so far (what a reader's state is).
    struct CharState: Equatable {
        var font = -1
        var halfPoints = 24
        var bold = false
        var italic = false
        var underline = 0
        var underlineColor = 0
        var strike = 0
        var strikeColor = 0
        var foreground = 0
        var background = 0
        var shiftHalfPoints = 0
        var kernTwips = 0
        var strokeWidth = 0
        var strokeColor = 0
        var shadow: ShadowSpec?
    }

    struct ShadowSpec: Equatable {
        var x: Int, y: Int, radius: Int, color: Int
    }

    init(packageAttachments: Bool) {
        self.packageAttachments = packageAttachments
    }

    /// The RTF bytes of `string[range]` with document attributes `document`.
    mutating func write(_ string: NSAttributedString, range: NSRange,
                        document: [NSAttributedString.DocumentAttributeKey: Any]) -> Data {
        // First pass: the font and colour tables.
        string.enumerateAttributes(in: range, options: []) { attrs, _, _ in
            _ = fontSpec(for: attrs[.font] as? UIFont)
            for key in [NSAttributedString.Key.foregroundColor, .backgroundColor, .underlineColor, .strikethroughColor, .strokeColor] {
                if let c = attrs[key] as? UIColor { _ = colorNumber(c) }
            }
            if let shadow = attrs[.shadow] as? NSShadow, let c = shadow.shadowColor as? UIColor { _ = colorNumber(c) }
        }
        writeHeader(document)
        writeBody(string, range: range)
        emit("}\n")
        return Data(output)
    }

    // MARK: Header

    private mutating func writeHeader(_ document: [NSAttributedString.DocumentAttributeKey: Any]) {
        emit("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n\\cocoatextscaling0\\cocoaplatform0{\\fonttbl")
        if fontNames.isEmpty { _ = fontSpec(for: nil) }
        for (i, name) in fontNames.enumerated() {
            let family = ["\\fnil", "\\froman", "\\fswiss", "\\fmodern"][Int(fontFamilies[i])]
            emit("\\f\(i)\(family)\\fcharset0 ")
            emitText(name, escapeOnly: true)
            emit(";")
        }
        emit("}\n{\\colortbl;")
        for c in colors {
            func byte(_ v: CGFloat) -> Int { Int(saturating: (min(max(v, 0), 1) * 255).rounded()) }
            emit("\\red\(byte(c.red))\\green\(byte(c.green))\\blue\(byte(c.blue));")
        }
        emit("}\n{\\*\\expandedcolortbl;")
        for c in colors {
            func component(_ v: CGFloat) -> Int { Int(saturating: (v * 100_000).rounded()) }
            emit("\\cssrgb\\c\(component(c.red))\\c\(component(c.green))\\c\(component(c.blue))")
            if c.alpha < 1 { emit("\\c\(component(c.alpha))") }
            emit(";")
        }
        emit("}\n")
        writeDocumentAttributes(document)
    }

    private mutating func writeDocumentAttributes(_ d: [NSAttributedString.DocumentAttributeKey: Any]) {
        func twips(_ v: CGFloat) -> Int { Int(saturating: (v * 20).rounded()) }
        var line = ""
        if let size = d[.paperSize] as? CGSize { line += "\\paperw\(twips(size.width))\\paperh\(twips(size.height))" }
        if let m = d[.paperMargin] as? UIEdgeInsets {
            line += "\\margl\(twips(m.left))\\margr\(twips(m.right))\\margt\(twips(m.top))\\margb\(twips(m.bottom))"
        }
        if let size = d[.viewSize] as? CGSize { line += "\\vieww\(twips(size.width))\\viewh\(twips(size.height))" }
        if let mode = Self.number(d[.viewMode]) { line += "\\viewkind\(Int(mode))" }
        if let zoom = Self.number(d[.viewZoom]) { line += "\\viewscale\(Int(saturating: zoom.rounded()))" }
        if let readOnly = Self.number(d[.readOnly]), readOnly > 0 { line += "\\readonlydoc1" }
        if let tab = Self.number(d[.defaultTabInterval]), tab > 0 { line += "\\deftab\(twips(CGFloat(tab)))" }
        if let h = Self.number(d[.hyphenationFactor]) {
            line += h > 0 ? "\\hyphauto1\\hyphfactor\(Int(saturating: (h * 100).rounded()))" : "\\hyphauto0"
        }
        if !line.isEmpty { emit(line + "\n") }
        var info = ""
        let fields: [(NSAttributedString.DocumentAttributeKey, String)] = [
            (.title, "\\title"), (.subject, "\\subject"), (.author, "\\author"), (.comment, "\\doccomm"),
            (.company, "\\*\\company"), (.copyright, "\\*\\copyright"),
        ]
        let hasTimes = d[.creationTime] is Date || d[.modificationTime] is Date
        guard fields.contains(where: { d[$0.0] is String }) || d[.keywords] != nil || hasTimes else { return }
        emit("{\\info\n")
        for (key, word) in fields {
            if let s = d[key] as? String { emit("{\(word) "); emitText(s, escapeOnly: false); emit("}\n") }
        }
        if let keywords = d[.keywords] as? [String] {
            emit("{\\keywords "); emitText(keywords.joined(separator: ", "), escapeOnly: false); emit("}\n")
        }
        for (key, word) in [(NSAttributedString.DocumentAttributeKey.creationTime, "creatim"), (.modificationTime, "revtim")] {
            guard let date = d[key] as? Date else { continue }
            let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone.current, from: date)
            info = "{\\\(word)\\yr\(c.year ?? 2000)\\mo\(c.month ?? 1)\\dy\(c.day ?? 1)\\hr\(c.hour ?? 0)\\min\(c.minute ?? 0)\\sec\(c.second ?? 0)}\n"
            emit(info)
        }
        emit("}\n")
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let i as any BinaryInteger: return Double(i)
        case let f as any BinaryFloatingPoint: return Double(f)
        default: return nil
        }
    }

    // MARK: Tables

    /// The table entry and flags for a font (the system font at 12 points when nil).
    mutating func fontSpec(for font: UIFont?) -> FontSpec {
        let font = font ?? UIFont.systemFont(ofSize: 12)
        if let known = fontSpecs[font] { return known }
        let traits = font.fontDescriptor.symbolicTraits
        let bold = traits.contains(.traitBold), italic = traits.contains(.traitItalic)
        // The family name when the reader's resolution of family + \b/\i gives this face back.
        let byFamily = RTFFontResolver.resolve(name: font.familyName, familyClass: 0, size: font.pointSize, bold: bold, italic: italic)
        let name = byFamily.face === font.face && byFamily.syntheticTraits == font.syntheticTraits ? font.familyName : font.fontName
        let index: Int
        if let known = fontIndex[name] { index = known } else {
            index = fontNames.count
            fontNames.append(name)
            fontFamilies.append(Self.familyClass(of: font))
            fontIndex[name] = index
        }
        let spec = FontSpec(index: index, bold: bold, italic: italic, halfPoints: max(1, Int(saturating: (font.pointSize * 2).rounded())))
        fontSpecs[font] = spec
        return spec
    }

    /// `\froman` (1), `\fswiss` (2) or `\fmodern` (3) for a font: from the face's OS/2 family class,
    /// else its name ("Serif" without "Sans"), as Cocoa classes Helvetica `\fswiss`.
    static func familyClass(of font: UIFont) -> Int8 {
        if font.face.isFixedPitch { return 3 }
        if (1...7).contains(font.face.familyClass) { return 1 }
        if font.face.familyClass == 8 { return 2 }
        let name = font.familyName.lowercased()
        if name.contains("mono") { return 3 }
        if name.contains("serif") && !name.contains("sans") { return 1 }
        return 2
    }

    /// The colour table number of `color` (1-based; 0 is "auto").
    mutating func colorNumber(_ color: UIColor) -> Int {
        if let known = colorIndex[color] { return known }
        colors.append(color)
        colorIndex[color] = colors.count
        return colors.count
    }

    func knownColor(_ value: Any?) -> Int {
        guard let c = value as? UIColor else { return 0 }
        return colorIndex[c] ?? 0
    }

    // MARK: Output

    mutating func emit(_ s: String) {
        output.append(contentsOf: s.utf8)
    }

    /// Text with `\ { }` escaped and non-ASCII as `\'hh` (1252) or `\uc0\uN `; with `escapeOnly`
    /// (font names) the same, as font tables allow.
    mutating func emitText(_ s: String, escapeOnly: Bool) {
        for unit in s.utf16 { emitUnit(unit) }
    }

    mutating func emitUnit(_ unit: UInt16) {
        switch unit {
        case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
        case 0x7B: output.append(contentsOf: [0x5C, 0x7B])
        case 0x7D: output.append(contentsOf: [0x5C, 0x7D])
        case 0x09: emit("\\tab ")
        case 0x20...0x7E: output.append(UInt8(unit))
        case 0x00A0: emit("\\~")
        case 0x00AD: emit("\\-")
        case 0x2011: emit("\\_")
        default:
            if let b = RTFCodePage.windows1252Bytes[unit] {
                emit("\\'" + String(b, radix: 16))
            } else {
                emit("\\uc0\\u\(Int(Int16(bitPattern: unit))) ")
            }
        }
    }
}

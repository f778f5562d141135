import Testing
import ModelTestSupport
@testable import TextKitFormats

/// The HTML writer's promise: what it writes, the HTML importer reads back to the same
/// attributes. Random attributed strings (seeded; the seed of a failing string is printed, and
/// `OTK_HTML_SEED=<seed>` replays that one string first; `OTK_HTML_ITERATIONS` sets how many) go through
/// `data(from:documentAttributes: [.documentType: .html])` and
/// `init(data:options: [.documentType: .html])`, and are compared character by character.
///
/// "The same", precisely (``HTMLRoundTrip/difference(_:_:)``):
/// - the text is equal, after the characters HTML cannot carry become U+FFFD (C0 controls other
///   than tab and line feed, lone surrogates, U+FFFE, U+FFFF);
/// - every character has the same attributes, except a paragraph separator after text, which
///   takes those of the character before it (HTML has no element for a line feed's font);
/// - fonts: the same PostScript name and bold/italic traits, sizes within 0.01 point;
/// - colours (foreground, background): each of red, green, blue and alpha within 1/255;
/// - underline and strikethrough: the same style (the generator uses single lines);
/// - baseline offsets within 0.01 point (none is 0);
/// - links: the same URL string; a link's missing colour is the link colour the text view
///   draws it in, its missing underline a single one (the writer states both);
/// - attachments: the same data and type identifier (or both without data);
/// - paragraph styles: the same alignment, and head, first-line and tail indents, spacing
///   before and after, line height multiple and minimum line height within 0.01.
@Suite("HTML export: round trip through the importer")
struct HTMLRoundTripTests {
    /// Strings per run (`OTK_HTML_ITERATIONS` sets another number).
    static let iterations = ProcessInfo.processInfo.environment["OTK_HTML_ITERATIONS"].flatMap { Int($0) } ?? 500

    @Test("Random attributed strings come back from HTML with the same text and attributes")
    func randomStrings() throws {
        var seeds = (0..<UInt64(Self.iterations)).map { 0x48544D4C_0000_0000 + $0 }
        if let replay = ProcessInfo.processInfo.environment["OTK_HTML_SEED"].flatMap({ UInt64($0) }) { seeds.insert(replay, at: 0) }
        var failures = 0
        for seed in seeds {
            var generator = HTMLRandomText(seed: seed)
            let original = generator.attributedString()
            let html = try original.data(from: NSRange(location: 0, length: original.length),
                                         documentAttributes: [.documentType: NSAttributedString.DocumentType.html])
            let (read, _) = try readHTML(html)
            if let difference = HTMLRoundTrip.difference(original, read) {
                failures += 1
                Issue.record("seed \(seed) (OTK_HTML_SEED=\(seed)): \(difference)\n\(String(decoding: html, as: UTF8.self))")
                if failures >= 3 { break }
            }
        }
    }

    @Test("The same holds for HTML written in ISO Latin 1 (numeric references) and UTF-16 (a byte order mark)")
    func otherEncodings() throws {
        for (n, encoding) in [String.Encoding.isoLatin1, .utf16, .ascii, .windowsCP1252].enumerated() {
            for i in 0..<20 {
                let seed = 0x454E_0000 + UInt64(n * 100 + i)
                var generator = HTMLRandomText(seed: seed)
                let original = generator.attributedString()
                let html = try original.data(from: NSRange(location: 0, length: original.length),
                                             documentAttributes: [.documentType: NSAttributedString.DocumentType.html,
                                                                  .characterEncoding: encoding.rawValue])
                let (read, attributes) = try readHTML(html)
                #expect(attributes[.characterEncoding] as? UInt == encoding.rawValue || encoding == .utf16,
                        "seed \(seed): read as \(String(describing: attributes[.characterEncoding]))")
                if let difference = HTMLRoundTrip.difference(original, read) {
                    Issue.record("seed \(seed), encoding \(encoding): \(difference)")
                    return
                }
            }
        }
    }
}

/// The comparison the round trip promises (see ``HTMLRoundTripTests``).
enum HTMLRoundTrip {
    /// Nil when `read` is the same as `original`, else the first difference.
    static func difference(_ original: NSAttributedString, _ read: NSAttributedString) -> String? {
        let expectedUnits = carried(original._utf16(in: NSRange(location: 0, length: original.length)))
        let units = Array(read.string.utf16)
        guard units == expectedUnits else {
            let at = (0..<min(units.count, expectedUnits.count)).first { units[$0] != expectedUnits[$0] } ?? min(units.count, expectedUnits.count)
            return "text differs at \(at): read \(units.count) units \(debug(read.string)), expected \(expectedUnits.count) \(debug(original.string))"
        }
        for i in 0..<units.count {
            var source = i
            // A separator after text has the attributes of the character before it.
            if (units[i] == 0x0A), i > 0, units[i - 1] != 0x0A { source = i - 1 }
            let a = original.attributes(at: source, effectiveRange: nil), b = read.attributes(at: source, effectiveRange: nil)
            if let d = characterDifference(a, b) { return "character \(source) (\(debug(original.attributedSubstring(from: NSRange(location: source, length: 1)).string))): \(d)" }
            let pa = original.attributes(at: i, effectiveRange: nil)[.paragraphStyle] as? NSParagraphStyle ?? .default
            let pb = read.attributes(at: i, effectiveRange: nil)[.paragraphStyle] as? NSParagraphStyle ?? .default
            if let d = paragraphDifference(pa, pb) { return "paragraph style at \(i): \(d)" }
        }
        return nil
    }

    /// The units as HTML carries them: controls but tab and line feed, lone surrogates and
    /// U+FFFE/U+FFFF become U+FFFD.
    static func carried(_ units: [UInt16]) -> [UInt16] {
        units.indices.map { i in
            let u = units[i]
            switch u {
            case 0x09, 0x0A: return u
            case 0x00...0x1F, 0xFFFE, 0xFFFF: return 0xFFFD
            case 0xD800...0xDBFF: return i + 1 < units.count && UTF16.isTrailSurrogate(units[i + 1]) ? u : 0xFFFD
            case 0xDC00...0xDFFF: return i > 0 && UTF16.isLeadSurrogate(units[i - 1]) ? u : 0xFFFD
            default: return u
            }
        }
    }

    static func debug(_ s: String) -> String { String(reflecting: String(s.prefix(200))) }

    static func characterDifference(_ a: [NSAttributedString.Key: Any], _ b: [NSAttributedString.Key: Any]) -> String? {
        let known: Set<NSAttributedString.Key> = [.font, .foregroundColor, .backgroundColor, .underlineStyle, .strikethroughStyle,
                                                 .baselineOffset, .link, .attachment, .paragraphStyle]
        if let extra = b.keys.first(where: { !known.contains($0) }) { return "unexpected attribute \(extra.rawValue)" }
        let fa = a[.font] as? UIFont ?? HTMLExporter.defaultFont, fb = b[.font] as? UIFont
        guard let fb, fa.fontName == fb.fontName, abs(fa.pointSize - fb.pointSize) <= 0.01,
              fa.fontDescriptor.symbolicTraits.intersection([.traitBold, .traitItalic])
                == fb.fontDescriptor.symbolicTraits.intersection([.traitBold, .traitItalic]) else {
            return "font \(fa.fontName) \(fa.pointSize) read as \(fb.map { "\($0.fontName) \($0.pointSize)" } ?? "none")"
        }
        let link = HTMLRunCSS.link(a[.link])
        if link != HTMLRunCSS.link(b[.link]) { return "link \(String(describing: link)) read as \(String(describing: b[.link]))" }
        let color = a[.foregroundColor] as? UIColor ?? (link != nil ? UIColor.link : nil)
        if !sameColor(color, b[.foregroundColor] as? UIColor) { return "colour \(String(describing: rgba(color))) read as \(String(describing: rgba(b[.foregroundColor] as? UIColor)))" }
        if !sameColor(a[.backgroundColor] as? UIColor, b[.backgroundColor] as? UIColor) { return "background differs" }
        let underline = a[.underlineStyle] as? Int ?? (link != nil ? 1 : 0)
        if underline != (b[.underlineStyle] as? Int ?? 0) { return "underline \(underline) read as \(String(describing: b[.underlineStyle]))" }
        if (a[.strikethroughStyle] as? Int ?? 0) != (b[.strikethroughStyle] as? Int ?? 0) { return "strikethrough differs" }
        let offset = a[.baselineOffset] as? CGFloat ?? 0, readOffset = b[.baselineOffset] as? CGFloat ?? 0
        if abs(offset - readOffset) > 0.01 { return "baseline offset \(offset) read as \(readOffset)" }
        let ta = a[.attachment] as? NSTextAttachment, tb = b[.attachment] as? NSTextAttachment
        if (ta == nil) != (tb == nil) || ta?.contents != tb?.contents || ta?.fileType != tb?.fileType {
            return "attachment \(String(describing: ta?.fileType)) \(ta?.contents?.count ?? -1) bytes read as \(String(describing: tb?.fileType)) \(tb?.contents?.count ?? -1) bytes"
        }
        return nil
    }

    static func sameColor(_ a: UIColor?, _ b: UIColor?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        func components(_ c: UIColor) -> [CGFloat] {
            var r: CGFloat = 0, g: CGFloat = 0, bl: CGFloat = 0, al: CGFloat = 0
            c.getRed(&r, green: &g, blue: &bl, alpha: &al)
            return [r, g, bl, al]
        }
        return zip(components(a), components(b)).allSatisfy { abs($0 - $1) <= 1.0 / 255 + 1e-9 }
    }

    static func paragraphDifference(_ a: NSParagraphStyle, _ b: NSParagraphStyle) -> String? {
        if a.alignment != b.alignment { return "alignment \(a.alignment.rawValue) read as \(b.alignment.rawValue)" }
        let names = ["headIndent", "firstLineHeadIndent", "tailIndent", "paragraphSpacingBefore", "paragraphSpacing",
                     "lineHeightMultiple", "minimumLineHeight"]
        let va = [a.headIndent, a.firstLineHeadIndent, a.tailIndent, a.paragraphSpacingBefore, a.paragraphSpacing, a.lineHeightMultiple, a.minimumLineHeight]
        let vb = [b.headIndent, b.firstLineHeadIndent, b.tailIndent, b.paragraphSpacingBefore, b.paragraphSpacing, b.lineHeightMultiple, b.minimumLineHeight]
        for i in names.indices where abs(va[i] - vb[i]) > 0.01 {
            return "\(names[i]) \(va[i]) read as \(vb[i])"
        }
        return nil
    }
}

/// Seeded random attributed strings for the round trip: paragraphs of words (markup-like,
/// entity-like, quotes, non-BMP, combining marks, tabs and runs of spaces, control
/// characters), empty paragraphs and a final separator, runs with fonts of the test font
/// configuration, sizes, bold and italic, colours, underline and strikethrough, links, baseline
/// offsets and attachments, and paragraph styles with every alignment, indents, spacing and
/// line heights.
struct HTMLRandomText {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Liberation Sans", "Liberation Serif",
                           "Liberation Mono", "Linux Libertine O", "Nimbus Roman", "Nimbus Sans", "C059"]
    static let words = ["plain", "text", "&amp;", "<b>bold?</b>", "a<b", "x > y", "&lt;", "&#169;", "&", "\"quoted\"", "'single'",
                        "it's", "caf\u{E9}", "e\u{301}", "\u{1F600}", "\u{1D11E}", "\u{6771}\u{4EAC}", "\u{A0}nbsp\u{A0}",
                        "\u{2028}", "\u{85}", "\u{FFFC}", "]]>", "<!--", "-->", "<script>alert(1)</script>", "\u{FEFF}",
                        "\u{200D}", "\u{1}", "\u{0}", "\u{C}", "\u{7F}", "%20", "\\", "{", "}", ";", ":", "="]
    /// Link targets, given as URLs (and, for the last two, as strings).
    static let links = ["https://example.com/a?b=1&c=%22x%22", "mailto:someone@example.org", "https://example.net/",
                        "https://example.org/path#frag", "relative/page.html"]
    static let png: Data = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).image { _ in }.pngData() ?? Data()

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func hundredths(_ range: ClosedRange<Int>) -> CGFloat { CGFloat(int(range)) / 100 }

    mutating func attributedString() -> NSAttributedString {
        let result = NSMutableAttributedString()
        let paragraphs = int(0...6)
        for p in 0..<paragraphs {
            let start = result.length
            if !chance(0.15) {
                for _ in 0..<int(1...5) { result.append(run()) }
            }
            if p < paragraphs - 1 || chance(0.3) {
                result.append(NSAttributedString(string: "\n", attributes: characterAttributes()))
            }
            let range = NSRange(location: start, length: result.length - start)
            if range.length > 0 { result.addAttribute(.paragraphStyle, value: paragraphStyle(), range: range) }
        }
        return result
    }

    mutating func run() -> NSAttributedString {
        var attributes = characterAttributes()
        if chance(0.1) {
            let attachment: NSTextAttachment
            switch int(0...2) {
            case 0: attachment = NSTextAttachment(data: Self.png, ofType: "public.png")
            case 1: attachment = NSTextAttachment(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]), ofType: "public.jpeg")
            default: attachment = NSTextAttachment(data: nil, ofType: nil)
            }
            attributes[.attachment] = attachment
            return NSAttributedString(string: "\u{FFFC}", attributes: attributes)
        }
        var text = ""
        for i in 0..<int(1...4) {
            if i > 0 || chance(0.2) { text += [" ", " ", " ", "  ", "\t", " \t "][int(0...5)] }
            text += Self.words[int(0...Self.words.count - 1)]
        }
        if chance(0.15) { text += " " }
        let string = NSMutableAttributedString(string: text, attributes: attributes)
        if chance(0.05) {
            // Lone surrogates, as a text storage may hold them: half of a pair deleted (a trail
            // first, a lead before "x").
            string.replaceCharacters(in: NSRange(location: 0, length: 0), with: "\u{1F600}")
            string.deleteCharacters(in: NSRange(location: 0, length: 1))
            string.replaceCharacters(in: NSRange(location: string.length, length: 0), with: "\u{1F600}x")
            string.deleteCharacters(in: NSRange(location: string.length - 2, length: 1))
        }
        return string
    }

    mutating func characterAttributes() -> [NSAttributedString.Key: Any] {
        var a: [NSAttributedString.Key: Any] = [:]
        let size = chance(0.5) ? 12 : hundredths(600...4800)
        var font = UIFont(name: Self.families[int(0...Self.families.count - 1)], size: size)!
        var traits = font.fontDescriptor.symbolicTraits
        if chance(0.3) { traits.insert(.traitBold) }
        if chance(0.3) { traits.insert(.traitItalic) }
        if let descriptor = font.fontDescriptor.withSymbolicTraits(traits) { font = UIFont(descriptor: descriptor, size: size) }
        a[.font] = font
        func color() -> UIColor {
            UIColor(red: CGFloat(int(0...255)) / 255, green: CGFloat(int(0...255)) / 255, blue: CGFloat(int(0...255)) / 255,
                    alpha: chance(0.2) ? hundredths(0...100) : 1)
        }
        if chance(0.4) { a[.foregroundColor] = color() }
        if chance(0.2) { a[.backgroundColor] = color() }
        if chance(0.2) { a[.underlineStyle] = NSUnderlineStyle.single.rawValue }
        if chance(0.15) { a[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }
        if chance(0.15) {
            let i = int(0...Self.links.count - 1)
            a[.link] = i < 3 ? URL(string: Self.links[i])! as Any : Self.links[i]
        }
        if chance(0.15) { a[.baselineOffset] = hundredths(-800...800) }
        return a
    }

    mutating func paragraphStyle() -> NSParagraphStyle {
        let p = NSMutableParagraphStyle()
        p.alignment = [.natural, .left, .right, .center, .justified][int(0...4)]
        if chance(0.4) { p.headIndent = hundredths(0...7200) }
        if chance(0.4) { p.firstLineHeadIndent = hundredths(0...7200) } else { p.firstLineHeadIndent = p.headIndent }
        if chance(0.3) { p.tailIndent = -hundredths(0...7200) }
        if chance(0.4) { p.paragraphSpacingBefore = hundredths(0...2400) }
        if chance(0.4) { p.paragraphSpacing = hundredths(0...2400) }
        if chance(0.2) { p.lineHeightMultiple = hundredths(50...300) } else if chance(0.2) { p.minimumLineHeight = hundredths(100...4000) }
        return p
    }
}

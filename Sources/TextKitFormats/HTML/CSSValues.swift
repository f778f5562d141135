/// CSS values the HTML reader understands: colours and lengths.
///
/// Lengths are in points with CSS's ratios, as WebKit's importer has them on Apple platforms
/// (one CSS pixel is one point): `px` as is, `pt` × 4/3, `pc` × 16, `in` × 96, `cm` × 96/2.54,
/// `mm` × 96/25.4, `em` of the element's font size, `rem` of the base font size, `%` of a
/// reference (the font size for `font-size`).
enum CSSValues {
    /// A colour: a name (the sixteen HTML colours and common CSS ones), `#rgb`, `#rgba`,
    /// `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with numbers or percentages, or `transparent`.
    static func color(_ text: String) -> UIColor? {
        let t = text.trimmingWhitespaceAndNewlines().lowercased()
        if t.hasPrefix("#") { return hexColor(t.dropFirst()) }
        if t.hasPrefix("rgb") { return functionalColor(t) }
        if t == "transparent" { return UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
        guard let rgb = namedColors[t] else {
            // HTML's legacy colour attributes also accept hex digits without the "#".
            if t.count == 6, t.allSatisfy(\.isHexDigit) { return hexColor(Substring(t)) }
            return nil
        }
        return UIColor(red: CGFloat(rgb >> 16) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255,
                       blue: CGFloat(rgb & 0xFF) / 255, alpha: 1)
    }

    private static func hexColor(_ hex: Substring) -> UIColor? {
        guard hex.allSatisfy(\.isHexDigit), [3, 4, 6, 8].contains(hex.count) else { return nil }
        let digits = hex.count <= 4 ? hex.flatMap { [$0, $0] } : Array(hex)
        var components: [CGFloat] = []
        var i = 0
        while i + 1 < digits.count {
            components.append(CGFloat(Int(String(digits[i...i + 1]), radix: 16) ?? 0) / 255)
            i += 2
        }
        return UIColor(red: components[0], green: components[1], blue: components[2], alpha: components.count > 3 ? components[3] : 1)
    }

    private static func functionalColor(_ t: String) -> UIColor? {
        guard let open = t.firstIndex(of: "("), let close = t.lastIndex(of: ")"), open < close else { return nil }
        let parts = t[t.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var values: [CGFloat] = []
        for (i, part) in parts.enumerated() {
            let isPercent = part.hasSuffix("%")
            guard let n = Double(isPercent ? part.dropLast() : part), n.isFinite else { return nil }
            let scale: Double = i == 3 ? (isPercent ? 100 : 1) : (isPercent ? 100 : 255)
            values.append(CGFloat(min(max(n / scale, 0), 1)))
        }
        return UIColor(red: values[0], green: values[1], blue: values[2], alpha: values.count > 3 ? values[3] : 1)
    }

    /// A length in points, or nil when `text` is not one. `em` is relative to `fontSize`,
    /// `rem` to `rootFontSize`, `%` to `percentOf`. A unitless 0 is 0; other unitless numbers are
    /// taken as pixels (as in quirks mode).
    static func length(_ text: String, fontSize: CGFloat, rootFontSize: CGFloat, percentOf: CGFloat) -> CGFloat? {
        let t = text.trimmingWhitespaceAndNewlines().lowercased()
        for (unit, kind) in lengthUnits where t.hasSuffix(unit) {
            let factor: CGFloat
            switch kind {
            case .rootFontSize: factor = rootFontSize
            case .fontSize: factor = fontSize
            case .percent: factor = percentOf / 100
            case .fixed(let f): factor = f
            }
            guard let n = Double(t.dropLast(unit.count)), n.isFinite else { return nil }
            return clamp(CGFloat(n) * factor)
        }
        guard let n = Double(t), n.isFinite else { return nil }
        return clamp(CGFloat(n))
    }

    private enum LengthUnit {
        case rootFontSize, fontSize, percent
        case fixed(CGFloat)
    }

    /// The units of ``length(_:fontSize:rootFontSize:percentOf:)`` in the order they are tried
    /// ("rem" before "em").
    private static let lengthUnits: [(String, LengthUnit)] = [
        ("rem", .rootFontSize), ("em", .fontSize), ("px", .fixed(1)), ("pt", .fixed(4.0 / 3)), ("pc", .fixed(16)),
        ("in", .fixed(96)), ("cm", .fixed(96 / 2.54)), ("mm", .fixed(96 / 25.4)), ("%", .percent),
    ]

    /// Lengths are kept within ±10,000 points: beyond that they only make layout absurd.
    static func clamp(_ value: CGFloat) -> CGFloat { min(max(value, -10_000), 10_000) }

    /// The size for a CSS `font-size` keyword, from the parent's size and the base size
    /// (`medium`): the keyword scale of CSS Fonts 4 (3/5, 3/4, 8/9, 1, 6/5, 3/2, 2, 3), rounded to
    /// whole points with a floor of 9 as WebKit does; `larger`/`smaller` × or ÷ 1.2.
    static func fontSizeKeyword(_ keyword: String, parent: CGFloat, base: CGFloat) -> CGFloat? {
        let scale: [String: CGFloat] = ["xx-small": 3.0 / 5, "x-small": 3.0 / 4, "small": 8.0 / 9, "medium": 1,
                                        "large": 6.0 / 5, "x-large": 3.0 / 2, "xx-large": 2, "xxx-large": 3]
        if let s = scale[keyword] { return max(9, (base * s).rounded()) }
        if keyword == "larger" { return parent * 1.2 }
        if keyword == "smaller" { return parent / 1.2 }
        return nil
    }

    /// The keyword for HTML's `<font size>`: 1 … 7, or relative "+1"/"-2" from 3.
    static func legacyFontSizeKeyword(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let n = Int(t.hasPrefix("+") ? String(t.dropFirst()) : t) else { return nil }
        let size = min(max(t.hasPrefix("+") || t.hasPrefix("-") ? 3 + n : n, 1), 7)
        return ["x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"][size - 1]
    }

    /// The named colours: HTML's sixteen and the CSS names most used in documents.
    static let namedColors: [String: UInt32] = [
        "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF,
        "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF,
        "green": 0x008000, "lime": 0x00FF00, "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080,
        "blue": 0x0000FF, "teal": 0x008080, "aqua": 0x00FFFF, "cyan": 0x00FFFF, "orange": 0xFFA500,
        "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3,
        "dimgray": 0x696969, "dimgrey": 0x696969, "gainsboro": 0xDCDCDC, "whitesmoke": 0xF5F5F5,
        "darkred": 0x8B0000, "brown": 0xA52A2A, "firebrick": 0xB22222, "crimson": 0xDC143C, "tomato": 0xFF6347,
        "coral": 0xFF7F50, "salmon": 0xFA8072, "pink": 0xFFC0CB, "hotpink": 0xFF69B4, "gold": 0xFFD700,
        "khaki": 0xF0E68C, "beige": 0xF5F5DC, "ivory": 0xFFFFF0, "wheat": 0xF5DEB3, "tan": 0xD2B48C,
        "chocolate": 0xD2691E, "sienna": 0xA0522D, "darkorange": 0xFF8C00, "orangered": 0xFF4500,
        "darkgreen": 0x006400, "forestgreen": 0x228B22, "seagreen": 0x2E8B57, "limegreen": 0x32CD32,
        "lightgreen": 0x90EE90, "darkblue": 0x00008B, "mediumblue": 0x0000CD, "royalblue": 0x4169E1,
        "steelblue": 0x4682B4, "skyblue": 0x87CEEB, "lightblue": 0xADD8E6, "dodgerblue": 0x1E90FF,
        "deepskyblue": 0x00BFFF, "cornflowerblue": 0x6495ED, "indigo": 0x4B0082, "violet": 0xEE82EE,
        "orchid": 0xDA70D6, "plum": 0xDDA0DD, "lavender": 0xE6E6FA, "turquoise": 0x40E0D0,
        "darkcyan": 0x008B8B, "lightyellow": 0xFFFFE0, "slategray": 0x708090, "slategrey": 0x708090,
        "rebeccapurple": 0x663399,
    ]
}

/// A tab stop, as UIKit's `NSTextTab`: where a tab character moves the pen, and how the text after it
/// aligns there. Compared by value.
open class NSTextTab: NSObject, NSCopying, @unchecked Sendable {  // immutable
    /// Keys of the `options` dictionary.
    public struct OptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A `CharacterSet`: the characters that end the column (for decimal tabs, the decimal separator).
        public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
    }

    /// How the text after the tab aligns on ``location``: `.left` starts there, `.right` ends there,
    /// `.center` is centred on it; with column terminators, `.right`/`.natural` align the terminator.
    public let alignment: NSTextAlignment
    /// The tab stop, in points from the line fragment's start (the container's leading edge plus padding).
    public let location: CGFloat
    /// Options such as ``OptionKey/columnTerminators``.
    public let options: [OptionKey: Any]

    /// A tab stop at `loc` points from the line fragment's start, aligning the text after the tab as `alignment` says.
    public init(textAlignment alignment: NSTextAlignment, location loc: CGFloat, options: [OptionKey: Any] = [:]) {
        self.alignment = alignment
        self.location = loc
        self.options = options
    }

    /// The characters that end a decimal-aligned column in `aLocale`: its decimal separator (the
    /// current locale's when nil).
    open class func columnTerminators(for aLocale: Locale?) -> CharacterSet {
        let separator = (aLocale ?? Locale.current).decimalSeparator ?? "."
        return CharacterSet(charactersIn: separator)
    }

    /// The column terminators given in ``options``, if any.
    public var columnTerminators: CharacterSet? { options[.columnTerminators] as? CharacterSet }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSTextTab else { return false }
        return alignment == other.alignment && location == other.location
            && options.count == other.options.count
            && options.allSatisfy { key, value in other.options[key].map { _attributeValuesEqual(value, $0) } ?? false }
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(alignment)
        h.combine(location)
        h.combine(options.count)
        return h.finalize()
    }

    open override var description: String { "NSTextTab(\(alignment), \(location))" }
}

/// A list that a paragraph belongs to, as AppKit/UIKit's `NSTextList`: the marker drawn before each
/// item. Compared by identity, as Apple's (two lists with equal formats are different lists).
open class NSTextList: NSObject, @unchecked Sendable {  // mutated only by its creator before use
    /// A marker format such as "{disc}" or "({decimal})": the text around a `{keyword}` is kept.
    public struct MarkerFormat: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// A box, "▪" (U+25AA).
        public static let box = MarkerFormat("{box}")
        /// A check mark, "✓".
        public static let check = MarkerFormat("{check}")
        /// A hollow circle, "◦".
        public static let circle = MarkerFormat("{circle}")
        /// A diamond, "◆".
        public static let diamond = MarkerFormat("{diamond}")
        /// A bullet, "•".
        public static let disc = MarkerFormat("{disc}")
        /// A hyphen, "⁃".
        public static let hyphen = MarkerFormat("{hyphen}")
        /// A small white square, "▫" (U+25AB).
        public static let square = MarkerFormat("{square}")
        /// The item number in lowercase hexadecimal: "a" for 10.
        public static let lowercaseHexadecimal = MarkerFormat("{lower-hexadecimal}")
        /// The item number in uppercase hexadecimal: "A" for 10.
        public static let uppercaseHexadecimal = MarkerFormat("{upper-hexadecimal}")
        /// The item number in octal: "10" for 8.
        public static let octal = MarkerFormat("{octal}")
        /// Lowercase letters: "a" … "z", then "aa".
        public static let lowercaseAlpha = MarkerFormat("{lower-alpha}")
        /// Uppercase letters: "A" … "Z", then "AA".
        public static let uppercaseAlpha = MarkerFormat("{upper-alpha}")
        /// The same as ``lowercaseAlpha``.
        public static let lowercaseLatin = MarkerFormat("{lower-latin}")
        /// The same as ``uppercaseAlpha``.
        public static let uppercaseLatin = MarkerFormat("{upper-latin}")
        /// Lowercase Roman numerals: "iv" for 4.
        public static let lowercaseRoman = MarkerFormat("{lower-roman}")
        /// Uppercase Roman numerals: "IV" for 4.
        public static let uppercaseRoman = MarkerFormat("{upper-roman}")
        /// Decimal numbers: "1", "2" ….
        public static let decimal = MarkerFormat("{decimal}")
    }

    /// `Options` raw value 1: prepend the enclosing list's marker.
    public static let prependEnclosingMarker = 1

    /// The format of each item's marker, such as `{disc}` or `({decimal})`.
    public let markerFormat: MarkerFormat
    /// The options the list was made with: ``prependEnclosingMarker`` or 0.
    public let listOptions: Int
    /// The number of the first item (default 1).
    open var startingItemNumber = 1

    /// A list whose items are marked as `format` says; `mask` is 0 or ``prependEnclosingMarker``.
    public init(markerFormat format: MarkerFormat, options mask: Int = 0) {
        markerFormat = format
        listOptions = mask
    }

    /// The marker for item `itemNum`, e.g. "•" for `{disc}`, "iv" for `{lower-roman}` and 4.
    open func marker(forItemNumber itemNum: Int) -> String {
        let format = markerFormat.rawValue
        guard let open = format.firstIndex(of: "{"), let close = format[open...].firstIndex(of: "}") else { return format }
        let keyword = String(format[format.index(after: open)..<close])
        let body: String
        switch keyword {
        case "box": body = "\u{25AA}"
        case "check": body = "\u{2713}"
        case "circle": body = "\u{25E6}"
        case "diamond": body = "\u{25C6}"
        case "disc": body = "\u{2022}"
        case "hyphen": body = "\u{2043}"
        case "square": body = "\u{25AB}"
        case "lower-hexadecimal": body = String(itemNum, radix: 16)
        case "upper-hexadecimal": body = String(itemNum, radix: 16).uppercased()
        case "octal": body = String(itemNum, radix: 8)
        case "lower-alpha", "lower-latin": body = Self.alphabetic(itemNum)
        case "upper-alpha", "upper-latin": body = Self.alphabetic(itemNum).uppercased()
        case "lower-roman": body = Self.roman(itemNum)
        case "upper-roman": body = Self.roman(itemNum).uppercased()
        default: body = String(itemNum)
        }
        return String(format[..<open]) + body + String(format[format.index(after: close)...])
    }

    private static func alphabetic(_ n: Int) -> String {
        guard n > 0 else { return String(n) }
        var n = n, s = ""
        while n > 0 {
            n -= 1
            s = String(UnicodeScalar(UInt8(97 + n % 26))) + s
            n /= 26
        }
        return s
    }

    private static func roman(_ n: Int) -> String {
        guard n > 0, n < 4000 else { return String(n) }
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var n = n, s = ""
        for (value, letters) in table { while n >= value { s += letters; n -= value } }
        return s
    }
}

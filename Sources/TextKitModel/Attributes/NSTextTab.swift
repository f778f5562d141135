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
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let box = MarkerFormat("{box}")
        public static let check = MarkerFormat("{check}")
        public static let circle = MarkerFormat("{circle}")
        public static let diamond = MarkerFormat("{diamond}")
        public static let disc = MarkerFormat("{disc}")
        public static let hyphen = MarkerFormat("{hyphen}")
        public static let square = MarkerFormat("{square}")
        public static let lowercaseHexadecimal = MarkerFormat("{lower-hexadecimal}")
        public static let uppercaseHexadecimal = MarkerFormat("{upper-hexadecimal}")
        public static let octal = MarkerFormat("{octal}")
        public static let lowercaseAlpha = MarkerFormat("{lower-alpha}")
        public static let uppercaseAlpha = MarkerFormat("{upper-alpha}")
        public static let lowercaseLatin = MarkerFormat("{lower-latin}")
        public static let uppercaseLatin = MarkerFormat("{upper-latin}")
        public static let lowercaseRoman = MarkerFormat("{lower-roman}")
        public static let uppercaseRoman = MarkerFormat("{upper-roman}")
        public static let decimal = MarkerFormat("{decimal}")
    }

    /// `Options` raw value 1: prepend the enclosing list's marker.
    public static let prependEnclosingMarker = 1

    public let markerFormat: MarkerFormat
    public let listOptions: Int
    /// The number of the first item (default 1).
    open var startingItemNumber = 1

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

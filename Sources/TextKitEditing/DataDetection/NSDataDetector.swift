import TextKitModel  // Foundation

/// Finds links, phone numbers and dates in text, with the API of Foundation's `NSDataDetector`.
///
/// ```swift
/// let detector = try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
/// for match in detector.matches(in: text, options: [], range: NSRange(text.startIndex..., in: text)) {
///     print(match.range, match.url!)
/// }
/// ```
///
/// Foundation on Linux has no `NSDataDetector`; this one is OpenTextKit's own, and it is not a
/// subclass of `NSRegularExpression` (it has no `pattern`, templates or replacement methods).
/// What it finds:
/// - ``NSTextCheckingResult/CheckingType/link``: URLs with any scheme ("https://…", "file:///…"),
///   hosts without one whose top-level domain is real ("www.apple.com", "apple.com/path",
///   "bücher.de"; the URL gets "http://" and the host's ASCII form), and e-mail addresses as
///   `mailto:` URLs. Trailing punctuation is left out and balanced brackets stay
///   ("…/wiki/Swift_(programming_language)"); a URL in brackets or quotes ends before the closing
///   one. Top-level domains come from Debian's public suffix list (package `publicsuffix`); without
///   it, the original generic domains and any two-letter code count. A bare "name.ext" whose last
///   label is also a common file extension ("setup.sh", "main.py") is not a link.
/// - ``NSTextCheckingResult/CheckingType/phoneNumber``: international numbers with "+" and
///   national groupings ("(408) 996-1010", "020 7946 0958", "555-0199"); ``NSTextCheckingResult/phoneNumber``
///   is the matched text.
/// - ``NSTextCheckingResult/CheckingType/date``: ISO dates and date-times, "11/25/2026" (month
///   first in US and POSIX locales), "25.11.2026", "November 25, 2026", "25 Nov 2026", "today",
///   "tomorrow", "next Friday", with an optional time ("at 3pm"); English names, a year required.
///   A date without a time is at noon in the current time zone.
/// - ``NSTextCheckingResult/CheckingType/address`` and
///   ``NSTextCheckingResult/CheckingType/transitInformation`` are accepted and never found.
///
/// Matches never overlap: the one that starts first wins, then the longer one. Ranges are UTF-16
/// `NSRange`s. A detector is immutable and may be used from several threads at once.
open class NSDataDetector: NSObject, @unchecked Sendable {
    /// The types the detector was made with, as given.
    public let checkingTypes: NSTextCheckingTypes
    /// A fixed "now" for relative dates (tests); nil for the moment of each search.
    let referenceDate: Date?
    /// How much text around the search range `.withTransparentBounds` lets the detector read, in
    /// UTF-16 units on each side.
    static let transparentBoundsContext = 512

    /// The types a data detector can be asked for.
    static let detectableTypes: NSTextCheckingResult.CheckingType = [.date, .address, .link, .phoneNumber, .transitInformation]

    /// A detector of the given types, a mask of ``NSTextCheckingResult/CheckingType`` raw values
    /// (other bits, such as those of `NSTextCheckingAllTypes`, are ignored).
    ///
    /// - Throws: an `NSError` in `NSCocoaErrorDomain` with code 2048 when the mask holds none of
    ///   the data detector types (as Apple's does).
    public init(types checkingTypes: NSTextCheckingTypes) throws {
        try Self.check(checkingTypes)
        self.checkingTypes = checkingTypes
        self.referenceDate = nil
        super.init()
    }

    init(types checkingTypes: NSTextCheckingTypes, referenceDate: Date) throws {
        try Self.check(checkingTypes)
        self.checkingTypes = checkingTypes
        self.referenceDate = referenceDate
        super.init()
    }

    private static func check(_ types: NSTextCheckingTypes) throws {
        guard types & detectableTypes.rawValue != 0 else {
            throw NSError(domain: NSCocoaErrorDomain, code: 2048, userInfo: [
                NSLocalizedDescriptionKey: "The value “\(types)” is invalid.",
                "NSInvalidValue": types,
            ])
        }
    }

    // MARK: Matching

    /// Calls `block` with each match in `range` of `string`, in order, until it sets its last
    /// argument's `pointee` to true. With `.reportCompletion` the block is called once more at the
    /// end with no result and `.completed` (unless it stopped the enumeration). With `.anchored`
    /// only matches that follow one another from the start of the range are reported.
    /// `.withTransparentBounds` lets the detector read up to 512 UTF-16 units around the range, so
    /// that a match is not cut where the range cuts the text (it is still reported only when it
    /// lies inside the range); `.reportProgress` and `.withoutAnchoringBounds` change nothing.
    ///
    /// - Precondition: `range` lies inside the string's UTF-16 length.
    open func enumerateMatches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange,
                               using block: (NSTextCheckingResult?, NSRegularExpression.MatchingFlags,
                                             UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop = ObjCBool(false)
        for result in detect(in: string, options: options, range: range) {
            block(result, [], &stop)
            if stop.boolValue { return }
        }
        if options.contains(.reportCompletion) { block(nil, .completed, &stop) }
    }

    /// Every match in `range` of `string`, in order.
    ///
    /// - Precondition: `range` lies inside the string's UTF-16 length.
    open func matches(in string: String, options: NSRegularExpression.MatchingOptions = [],
                      range: NSRange) -> [NSTextCheckingResult] {
        detect(in: string, options: options, range: range)
    }

    /// The number of matches in `range` of `string`.
    open func numberOfMatches(in string: String, options: NSRegularExpression.MatchingOptions = [],
                              range: NSRange) -> Int {
        detect(in: string, options: options, range: range).count
    }

    /// The first match in `range` of `string`, or nil.
    open func firstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [],
                         range: NSRange) -> NSTextCheckingResult? {
        detect(in: string, options: options, range: range).first
    }

    /// The range of the first match in `range` of `string`, or `{NSNotFound, 0}`.
    open func rangeOfFirstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [],
                                range: NSRange) -> NSRange {
        firstMatch(in: string, options: options, range: range)?.range ?? NSRange(location: NSNotFound, length: 0)
    }

    // MARK: Detection

    private func detect(in string: String, options: NSRegularExpression.MatchingOptions,
                        range: NSRange) -> [NSTextCheckingResult] {
        let utf16 = string.utf16
        let count = utf16.count
        precondition(range.location >= 0 && range.length >= 0 && range.location <= count && range.length <= count - range.location,
                     "NSDataDetector: range {\(range.location), \(range.length)} out of bounds; string length \(count)")
        let context = options.contains(.withTransparentBounds) ? Self.transparentBoundsContext : 0
        let lower = max(0, range.location - context)
        let upper = min(count, range.location + range.length + context)
        let start = utf16.index(utf16.startIndex, offsetBy: lower)
        let end = utf16.index(start, offsetBy: upper - lower)
        let units = Array(utf16[start..<end])
        let text = DetectionText(units: units, bounds: 0..<units.count)
        let detection = DataDetection(types: NSTextCheckingResult.CheckingType(rawValue: checkingTypes),
                                      dates: DateScanner(now: referenceDate ?? Date()))
        var items = detection.items(in: text, inside: (range.location - lower)..<(range.location + range.length - lower))
        if options.contains(.anchored) {
            var next = range.location - lower
            items = Array(items.prefix { item in
                defer { next = item.range.upperBound }
                return item.range.lowerBound == next
            })
        }
        return items.map { item in
            let nsRange = NSRange(location: item.range.lowerBound + lower, length: item.range.count)
            switch item.kind {
            case .link(let url):
                return .linkCheckingResult(range: nsRange, url: url)
            case .phoneNumber(let number):
                return .phoneNumberCheckingResult(range: nsRange, phoneNumber: number)
            case .date(let date, let timeZone):
                return .dateCheckingResult(range: nsRange, date: date, timeZone: timeZone, duration: 0)
            }
        }
    }
}

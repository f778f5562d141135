import TextKitModel  // Foundation

/// Something found in text by ``NSDataDetector``: its kind, its UTF-16 range, and what it means
/// (the URL of a link, the number of a phone number, the date of a date).
///
/// Foundation on Linux declares a class of this name that describes regular-expression matches
/// only (it has no `url`, `phoneNumber` or `date`); a file that imports OpenTextKit beside
/// Foundation gets this one, and Foundation's stays reachable as `Foundation.NSTextCheckingResult`
/// (the one `NSRegularExpression` returns). Results are immutable. Subclasses may override the
/// properties, as on Apple platforms, to carry types of their own (``CheckingType/allCustomTypes``).
open class NSTextCheckingResult: NSObject, NSCopying, @unchecked Sendable {
    private let storedType: CheckingType
    private let storedRanges: [NSRange]
    private let details: Details

    /// What a result says besides its type and ranges; only the fields of its type are set.
    struct Details {
        var url: URL?
        var phoneNumber: String?
        var date: Date?
        var timeZone: TimeZone?
        var duration: TimeInterval = 0
        var components: [NSTextCheckingKey: String]?
        var replacementString: String?
    }

    /// An empty result: no type, and the range `{NSNotFound, 0}`. For subclasses, which override
    /// ``resultType`` and ``range``.
    public override init() {
        storedType = []
        storedRanges = [NSRange(location: NSNotFound, length: 0)]
        details = Details()
        super.init()
    }

    init(type: CheckingType, range: NSRange, details: Details) {
        storedType = type
        storedRanges = [range]
        self.details = details
        super.init()
    }

    /// The kind of the result: ``CheckingType/link``, ``CheckingType/phoneNumber``, ``CheckingType/date`` …
    open var resultType: CheckingType { storedType }
    /// The range of the result in the text, in UTF-16 code units.
    open var range: NSRange { storedRanges[0] }
    /// The number of ranges: 1 (data detector results have no capture groups).
    open var numberOfRanges: Int { storedRanges.count }

    /// The range at `index`; index 0 is ``range``. Traps for an index at or past ``numberOfRanges``,
    /// as Apple's raises.
    open func range(at index: Int) -> NSRange {
        precondition(index >= 0 && index < storedRanges.count,
                     "NSTextCheckingResult.range(at: \(index)): index out of bounds (\(storedRanges.count) ranges)")
        return storedRanges[index]
    }

    /// The range of a named capture group: `{NSNotFound, 0}`, since data detector results have none.
    open func range(withName name: String) -> NSRange { NSRange(location: NSNotFound, length: 0) }

    /// A copy of the result with every range moved by `offset` UTF-16 units (for text that was
    /// searched as a substring of a larger text).
    open func adjustingRanges(offset: Int) -> NSTextCheckingResult {
        let moved = storedRanges.map { range in
            range.location == NSNotFound ? range : NSRange(location: range.location + offset, length: range.length)
        }
        precondition(moved.allSatisfy { $0.location == NSNotFound || $0.location >= 0 },
                     "NSTextCheckingResult.adjustingRanges(offset: \(offset)) moves a range before the start")
        return NSTextCheckingResult(type: storedType, ranges: moved, details: details)
    }

    private init(type: CheckingType, ranges: [NSRange], details: Details) {
        storedType = type
        storedRanges = ranges
        self.details = details
        super.init()
    }

    /// The URL of a ``CheckingType/link`` result: as written when the text has a scheme, with
    /// `http://` before a host written without one, and `mailto:` before an e-mail address.
    /// Internationalized host names are in their ASCII (punycode) form and other non-ASCII
    /// characters are percent-encoded, so the URL is always a valid one.
    open var url: URL? { details.url }
    /// The phone number of a ``CheckingType/phoneNumber`` result: the matched text, as Apple gives it.
    open var phoneNumber: String? { details.phoneNumber }
    /// The date of a ``CheckingType/date`` result. A date written without a time of day is at noon.
    open var date: Date? { details.date }
    /// The time zone of a ``CheckingType/date`` result: the one written in the text
    /// ("2026-11-25T14:30:00+01:00"), else the current time zone.
    open var timeZone: TimeZone? { details.timeZone }
    /// The duration of a ``CheckingType/date`` result: 0 (ranges such as "3–5 pm" are not detected).
    open var duration: TimeInterval { details.duration }
    /// The components of a ``CheckingType/transitInformation`` result (``NSTextCheckingKey/airline``,
    /// ``NSTextCheckingKey/flight``).
    open var components: [NSTextCheckingKey: String]? {
        storedType == .transitInformation ? details.components : nil
    }
    /// The components of an ``CheckingType/address`` result (``NSTextCheckingKey/street``,
    /// ``NSTextCheckingKey/city`` …).
    open var addressComponents: [NSTextCheckingKey: String]? {
        storedType == .address ? details.components : nil
    }
    /// The replacement of a ``CheckingType/replacement``, ``CheckingType/correction``,
    /// ``CheckingType/dash`` or ``CheckingType/quote`` result.
    open var replacementString: String? { details.replacementString }
    /// Other possible corrections: nil (autocorrection is not part of OpenTextKit).
    open var alternativeStrings: [String]? { nil }

    public func copy(with zone: NSZone? = nil) -> Any { self }  // immutable

    open override var description: String {
        let value: String = if let url = details.url {
            url.absoluteString
        } else if let phoneNumber = details.phoneNumber {
            phoneNumber
        } else if let date = details.date {
            "\(date)"
        } else {
            details.replacementString ?? ""
        }
        return "<NSTextCheckingResult type=\(storedType.rawValue)>{\(range.location), \(range.length)}{\(value)}"
    }

    // MARK: Making results

    /// A ``CheckingType/link`` result.
    open class func linkCheckingResult(range: NSRange, url: URL) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .link, range: range, details: Details(url: url))
    }

    /// A ``CheckingType/phoneNumber`` result.
    open class func phoneNumberCheckingResult(range: NSRange, phoneNumber: String) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .phoneNumber, range: range, details: Details(phoneNumber: phoneNumber))
    }

    /// A ``CheckingType/date`` result with the current time zone and no duration.
    open class func dateCheckingResult(range: NSRange, date: Date) -> NSTextCheckingResult {
        dateCheckingResult(range: range, date: date, timeZone: .current, duration: 0)
    }

    /// A ``CheckingType/date`` result.
    open class func dateCheckingResult(range: NSRange, date: Date, timeZone: TimeZone,
                                       duration: TimeInterval) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .date, range: range,
                             details: Details(date: date, timeZone: timeZone, duration: duration))
    }

    /// An ``CheckingType/address`` result.
    open class func addressCheckingResult(range: NSRange,
                                          components: [NSTextCheckingKey: String]) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .address, range: range, details: Details(components: components))
    }

    /// A ``CheckingType/transitInformation`` result.
    open class func transitInformationCheckingResult(range: NSRange,
                                                     components: [NSTextCheckingKey: String]) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .transitInformation, range: range, details: Details(components: components))
    }

    /// A ``CheckingType/spelling`` result: a misspelled word.
    open class func spellCheckingResult(range: NSRange) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .spelling, range: range, details: Details())
    }

    /// A ``CheckingType/replacement`` result.
    open class func replacementCheckingResult(range: NSRange, replacementString: String) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .replacement, range: range, details: Details(replacementString: replacementString))
    }

    /// A ``CheckingType/correction`` result.
    open class func correctionCheckingResult(range: NSRange, replacementString: String) -> NSTextCheckingResult {
        NSTextCheckingResult(type: .correction, range: range, details: Details(replacementString: replacementString))
    }
}

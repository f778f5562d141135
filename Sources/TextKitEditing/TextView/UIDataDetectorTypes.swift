/// What a text view detects in its text and turns into links (`UITextView.dataDetectorTypes`).
/// Raw values are UIKit's.
public struct UIDataDetectorTypes: OptionSet, Sendable, Hashable {
    /// UIKit's bits.
    public let rawValue: UInt
    /// Types from UIKit's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Phone numbers, as `tel:` links.
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    /// URLs and e-mail addresses.
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    /// Postal addresses (never found on Linux: ``NSDataDetector`` has no address detector).
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    /// Dates and times, as `x-apple-data-detectors:` calendar links carrying the date.
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    /// Parcel tracking numbers (never found on Linux).
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    /// Flight numbers (never found on Linux).
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    /// Lookup suggestions (never found on Linux).
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    /// Nothing.
    public static let none: UIDataDetectorTypes = []
    /// Everything.
    public static let all = UIDataDetectorTypes(rawValue: UInt.max)

    /// The detector types these ask ``NSDataDetector`` for.
    var checkingTypes: NSTextCheckingResult.CheckingType {
        var types: NSTextCheckingResult.CheckingType = []
        if contains(.link) { types.insert(.link) }
        if contains(.phoneNumber) { types.insert(.phoneNumber) }
        if contains(.calendarEvent) { types.insert(.date) }
        return types
    }
}

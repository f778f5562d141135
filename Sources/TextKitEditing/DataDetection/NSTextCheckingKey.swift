import TextKitModel  // Foundation

/// A key of the component dictionaries of address and transit results
/// (``NSTextCheckingResult/addressComponents`` and ``NSTextCheckingResult/components``), with
/// Apple's raw values. ``NSDataDetector`` finds neither kind on Linux; results made with
/// ``NSTextCheckingResult/addressCheckingResult(range:components:)`` carry them.
public struct NSTextCheckingKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A key with the given raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A person's name in an address.
    public static let name = NSTextCheckingKey("Name")
    /// A job title in an address.
    public static let jobTitle = NSTextCheckingKey("JobTitle")
    /// An organization in an address.
    public static let organization = NSTextCheckingKey("Organization")
    /// The street of an address.
    public static let street = NSTextCheckingKey("Street")
    /// The city of an address.
    public static let city = NSTextCheckingKey("City")
    /// The state or province of an address.
    public static let state = NSTextCheckingKey("State")
    /// The postal code of an address.
    public static let zip = NSTextCheckingKey("ZIP")
    /// The country of an address.
    public static let country = NSTextCheckingKey("Country")
    /// A phone number in an address.
    public static let phone = NSTextCheckingKey("Phone")
    /// The airline of a flight.
    public static let airline = NSTextCheckingKey("Airline")
    /// The flight number of a flight.
    public static let flight = NSTextCheckingKey("Flight")
}

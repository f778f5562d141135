import TextKitModel  // Foundation

/// A bit mask of ``NSTextCheckingResult/CheckingType`` raw values, as ``NSDataDetector/init(types:)`` takes it.
public typealias NSTextCheckingTypes = UInt64

/// Every checking type the system reserves: the low 32 bits.
public let NSTextCheckingAllSystemTypes: NSTextCheckingTypes = 0xFFFF_FFFF
/// The checking types left to clients (subclasses of ``NSTextCheckingResult``): the high 32 bits.
public let NSTextCheckingAllCustomTypes: NSTextCheckingTypes = 0xFFFF_FFFF << 32
/// Every checking type, the system's and the clients'.
public let NSTextCheckingAllTypes: NSTextCheckingTypes = NSTextCheckingAllSystemTypes | NSTextCheckingAllCustomTypes

extension NSTextCheckingResult {
    /// The kinds of text checking, with Apple's raw values: a detector is made with a mask of them,
    /// and each result says which one it is (``NSTextCheckingResult/resultType``).
    ///
    /// ``NSDataDetector`` finds ``link``, ``phoneNumber`` and ``date``; it accepts ``address`` and
    /// ``transitInformation`` (as Apple's does) and finds none of them. The other types belong to
    /// spell and grammar checking and to regular expressions, and only label results made with the
    /// class's factory methods.
    public struct CheckingType: OptionSet, Hashable, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }

        /// Language identification.
        public static let orthography = CheckingType(rawValue: 1 << 0)
        /// Spell checking.
        public static let spelling = CheckingType(rawValue: 1 << 1)
        /// Grammar checking.
        public static let grammar = CheckingType(rawValue: 1 << 2)
        /// Dates and times (found by ``NSDataDetector``; see ``NSDataDetector`` for the forms).
        public static let date = CheckingType(rawValue: 1 << 3)
        /// Postal addresses (accepted by ``NSDataDetector``, never found on Linux).
        public static let address = CheckingType(rawValue: 1 << 4)
        /// URLs and e-mail addresses (found by ``NSDataDetector``; e-mail addresses as `mailto:` URLs).
        public static let link = CheckingType(rawValue: 1 << 5)
        /// Smart quotes.
        public static let quote = CheckingType(rawValue: 1 << 6)
        /// Smart dashes.
        public static let dash = CheckingType(rawValue: 1 << 7)
        /// Fixed replacements, such as the copyright symbol for "(c)".
        public static let replacement = CheckingType(rawValue: 1 << 8)
        /// Autocorrection.
        public static let correction = CheckingType(rawValue: 1 << 9)
        /// Regular expression matches.
        public static let regularExpression = CheckingType(rawValue: 1 << 10)
        /// Telephone numbers (found by ``NSDataDetector``).
        public static let phoneNumber = CheckingType(rawValue: 1 << 11)
        /// Transit information such as flight numbers (accepted by ``NSDataDetector``, never found on Linux).
        public static let transitInformation = CheckingType(rawValue: 1 << 12)

        /// Every type the system reserves (the low 32 bits).
        public static let allSystemTypes = CheckingType(rawValue: NSTextCheckingAllSystemTypes)
        /// The types left to clients (the high 32 bits).
        public static let allCustomTypes = CheckingType(rawValue: NSTextCheckingAllCustomTypes)
        /// Every type.
        public static let allTypes = CheckingType(rawValue: NSTextCheckingAllTypes)
    }
}

import TextKitModel  // Foundation

/// One detection pass over a text: runs the scanners the requested types need, settles overlaps
/// and keeps the requested types.
///
/// Links are always scanned (a phone number or date inside a URL is part of the link), and dates
/// whenever phone numbers are (so that "2026-11-25" is never a phone number).
struct DataDetection {
    let types: NSTextCheckingResult.CheckingType
    let domains: TopLevelDomains
    let dates: DateScanner

    init(types: NSTextCheckingResult.CheckingType, domains: TopLevelDomains = .shared, dates: DateScanner = DateScanner()) {
        self.types = types
        self.domains = domains
        self.dates = dates
    }

    /// The items of the requested types that lie inside `range`, in order. `text.bounds` may be
    /// wider than `range` (transparent bounds).
    func items(in text: DetectionText, inside range: Range<Int>) -> [DetectedItem] {
        guard !types.isDisjoint(with: [.link, .phoneNumber, .date]), !text.bounds.isEmpty else { return [] }
        var found = SchemeLinkScanner.scan(text)
        found += EmailScanner.scan(text, domains: domains)
        found += HostLinkScanner.scan(text, domains: domains)
        if !types.isDisjoint(with: [.date, .phoneNumber]) { found += dates.scan(text) }
        if types.contains(.phoneNumber) { found += PhoneNumberScanner.scan(text) }
        return DetectedItem.settled(found).filter { item in
            types.contains(item.type) && item.range.lowerBound >= range.lowerBound && item.range.upperBound <= range.upperBound
        }
    }
}

import TextKitModel  // Foundation

/// One thing a scanner found, before overlaps are settled.
struct DetectedItem {
    /// What was found.
    enum Kind {
        case link(URL)
        case phoneNumber(String)
        case date(Date, TimeZone)
    }

    /// UTF-16 offsets in the scanned text.
    var range: Range<Int>
    var kind: Kind
    /// Which scanner found it; a lower rank wins when two items start at the same offset and
    /// have the same length (a date over the phone number "2026-11-25" is the date).
    var rank: Rank

    /// The scanners in the order they win ties.
    enum Rank: Int, Comparable {
        case schemeLink, email, hostLink, date, phoneNumber
        static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
    }

    /// The checking type the item is reported as.
    var type: NSTextCheckingResult.CheckingType {
        switch kind {
        case .link: .link
        case .phoneNumber: .phoneNumber
        case .date: .date
        }
    }

    /// The items that stay when overlaps are settled: the one that starts first, then the longer,
    /// then the lower rank; an item that overlaps one kept is dropped. A link therefore keeps the
    /// phone numbers and dates in its path, and an e-mail address keeps its domain.
    static func settled(_ items: [DetectedItem]) -> [DetectedItem] {
        let ordered = items.sorted { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
            if a.range.count != b.range.count { return a.range.count > b.range.count }
            return a.rank < b.rank
        }
        var kept: [DetectedItem] = []
        var end = Int.min
        for item in ordered where item.range.lowerBound >= end {
            kept.append(item)
            end = item.range.upperBound
        }
        return kept
    }
}

import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

/// The matches of `types` in the whole of `text`.
func detect(_ text: String, _ types: NSTextCheckingResult.CheckingType = .link,
            now: Date? = nil) -> [NSTextCheckingResult] {
    let detector = if let now {
        try! NSDataDetector(types: types.rawValue, referenceDate: now)  // swiftlint:disable:this force_try — valid types
    } else {
        try! NSDataDetector(types: types.rawValue)  // swiftlint:disable:this force_try — valid types
    }
    return detector.matches(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count))
}

/// The matched text of each match.
func matchedTexts(_ text: String, _ types: NSTextCheckingResult.CheckingType = .link) -> [String] {
    detect(text, types).map { (text as NSString).substring(with: $0.range) }
}

/// The URL of each link.
func linkURLs(_ text: String) -> [String] {
    detect(text, .link).compactMap { $0.url?.absoluteString }
}

/// The text with each link between bars, as "see |https://swift.org|.".
func barred(_ text: String, _ types: NSTextCheckingResult.CheckingType = .link,
            keep: (NSTextCheckingResult, String) -> Bool = { _, _ in true }) -> String {
    let ns = text as NSString
    var out = ""
    var offset = 0
    for match in detect(text, types) where keep(match, ns.substring(with: match.range)) {
        out += ns.substring(with: NSRange(location: offset, length: match.range.location - offset))
        out += "|" + ns.substring(with: match.range) + "|"
        offset = NSMaxRange(match.range)
    }
    return out + ns.substring(from: offset)
}

/// A fixed calendar moment for date tests: Wednesday 2026-11-25 09:00 in the current time zone.
let referenceNow: Date = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    return calendar.date(from: DateComponents(year: 2026, month: 11, day: 25, hour: 9))!
}()

/// The date of `year-month-day hour:minute:second` in the current time zone.
func localDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

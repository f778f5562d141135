import TextKitModel  // Foundation: Calendar, Date, TimeZone

/// Finds dates, in English and numeric forms:
/// - ISO 8601: "2026-11-25", "2026/11/25", and "2026-11-25T14:30", "…T14:30:05Z", "…T14:30+01:00";
/// - numeric: "11/25/2026", "11/25/26" and "11-25-2026" (month first where the locale writes it
///   so — the United States and the POSIX locale — else day first; the order that makes a valid
///   date wins when only one does), "25.11.2026" (always day first);
/// - written: "November 25, 2026", "Nov. 25 2026", "25 November 2026", "25th of Nov, 2026",
///   each optionally after a weekday ("Wednesday, November 25, 2026"); a year is required;
/// - relative to the moment of detection: "today", "tomorrow", "yesterday", "next Friday" (the
///   first Friday after today), "this Friday" (today if a Friday, else the next), "last Friday"
///   (the last Friday before today).
/// Any of them may be followed by a time: " at 3pm", " 3:30 PM", ", 15:30", " 9:05:30 a.m.".
///
/// The date is in the current time zone (or the one an ISO date gives) at the time written, else
/// at noon. Not detected: dates without a year ("November 25"), month names in other languages,
/// times alone, durations and ranges.
struct DateScanner {
    let calendar: Calendar
    let now: Date
    /// Whether "11/25/2026" is month first.
    let monthFirst: Bool

    init(now: Date = Date(), timeZone: TimeZone = .current, locale: Locale = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.now = now
        let region = locale.region?.identifier
        self.monthFirst = region == nil || region == "US" || locale.identifier.hasPrefix("en_US")
            || locale.identifier == "POSIX" || locale.identifier.isEmpty
    }

    /// A date read from the text, before it is checked and made a `Date`.
    struct Reading {
        var end: Int
        var year: Int
        var month: Int
        var day: Int
        var hour = 12
        var minute = 0
        var second = 0
        var timeZone: TimeZone?
        /// An ISO date followed by "T": it is a date only if a time follows.
        var needsTime = false
    }

    func scan(_ text: DetectionText) -> [DetectedItem] {
        var items: [DetectedItem] = []
        var offset = text.bounds.lowerBound
        while offset < text.bounds.upperBound {
            let u = text.units[offset]
            guard DetectionCharacter.isAlphanumeric(u), isBoundary(before: offset, in: text) else {
                offset += 1
                continue
            }
            if var reading = read(at: offset, in: text) {
                readTime(after: &reading, in: text)
                if !reading.needsTime, let date = makeDate(reading) {
                    items.append(DetectedItem(range: offset..<reading.end,
                                              kind: .date(date, reading.timeZone ?? calendar.timeZone), rank: .date))
                    offset = reading.end
                    continue
                }
            }
            offset += 1
            while offset < text.bounds.upperBound, DetectionCharacter.isAlphanumeric(text.units[offset]) { offset += 1 }
        }
        return items
    }

    func isBoundary(before offset: Int, in text: DetectionText) -> Bool {
        guard let (before, _) = text.scalar(before: offset) else { return true }
        if before.isASCII {
            let u = UInt16(before.value)
            return !DetectionCharacter.isAlphanumeric(u) && !"./-:+_@#$%&=".utf16.contains(u)
        }
        return !DetectionCharacter.isNonASCIILabel(before)
    }

    /// Whether nothing that would continue a token follows `offset`.
    func isBoundary(after offset: Int, in text: DetectionText) -> Bool {
        guard let u = text.unit(offset) else { return true }
        if text.isWordCharacter(at: offset) { return false }
        if "./-:".utf16.contains(u), let next = text.unit(offset + 1), DetectionCharacter.isDigit(next) { return false }
        return true
    }

    func read(at offset: Int, in text: DetectionText) -> Reading? {
        if DetectionCharacter.isDigit(text.units[offset]) {
            return readNumeric(at: offset, in: text) ?? readDayFirst(at: offset, in: text)
        }
        guard let (word, end) = DateWord.read(in: text, at: offset) else { return nil }
        switch word {
        case .month:
            return readMonthFirst(at: offset, in: text)
        case .weekday:
            // "Wednesday, November 25, 2026": the weekday, an optional "." or ",", a space, a date.
            var k = end
            if text.has(".", at: k) { k += 1 }
            if text.has(",", at: k) { k += 1 }
            guard let afterSpace = spaces(at: k, in: text) else { return nil }
            return readMonthFirst(at: afterSpace, in: text) ?? readDayFirst(at: afterSpace, in: text)
        case .relativeDay(let days):
            guard let day = calendar.date(byAdding: .day, value: days, to: now) else { return nil }
            return reading(of: day, end: end)
        case .weekdayQualifier(let qualifier):
            guard let afterSpace = spaces(at: end, in: text), let (next, wordEnd) = DateWord.read(in: text, at: afterSpace),
                  case .weekday(let weekday) = next, let day = self.day(weekday, qualifier) else { return nil }
            return reading(of: day, end: wordEnd)
        }
    }

    // MARK: Forms

    /// "2026-11-25", "2026/11/25", "11/25/2026", "25.11.2026", "11-25-26".
    func readNumeric(at offset: Int, in text: DetectionText) -> Reading? {
        guard let first = number(at: offset, in: text), let separator = text.unit(first.end),
              separator == 0x2D || separator == 0x2F || separator == 0x2E,  // - / .
              let second = number(at: first.end + 1, in: text), second.digits <= 2, text.unit(second.end) == separator,
              let third = number(at: second.end + 1, in: text) else { return nil }
        if first.digits == 4, third.digits <= 2, separator != 0x2E {
            // ISO: "2026-11-25T14:30" goes on with a time.
            let needsTime = text.has("T", at: third.end) && text.unit(third.end + 1).map(DetectionCharacter.isDigit) == true
            guard needsTime || isBoundary(after: third.end, in: text) else { return nil }
            return Reading(end: third.end, year: first.value, month: second.value, day: third.value, needsTime: needsTime)
        }
        guard isBoundary(after: third.end, in: text) else { return nil }
        guard first.digits <= 2, third.digits == 4 || (third.digits == 2 && separator == 0x2F) else { return nil }
        let year = third.digits == 4 ? third.value : twoDigitYear(third.value)
        var monthFirst = self.monthFirst && separator != 0x2E
        if first.value > 12, second.value <= 12 { monthFirst = false }
        if second.value > 12, first.value <= 12, separator != 0x2E { monthFirst = true }
        return monthFirst
            ? Reading(end: third.end, year: year, month: first.value, day: second.value)
            : Reading(end: third.end, year: year, month: second.value, day: first.value)
    }

    /// "November 25, 2026", "Nov. 25 2026", "November 25th, 2026".
    func readMonthFirst(at offset: Int, in text: DetectionText) -> Reading? {
        guard let (word, end) = DateWord.read(in: text, at: offset), case .month(let month) = word else { return nil }
        var k = end
        if text.has(".", at: k) { k += 1 }
        guard let dayStart = spaces(at: k, in: text), let day = number(at: dayStart, in: text), day.digits <= 2 else {
            return nil
        }
        k = ordinalEnd(after: day.end, in: text)
        if text.has(",", at: k) { k += 1 }
        guard let yearStart = spaces(at: k, in: text), let year = number(at: yearStart, in: text), year.digits == 4,
              isBoundary(after: year.end, in: text) else { return nil }
        return Reading(end: year.end, year: year.value, month: month, day: day.value)
    }

    /// "25 November 2026", "25th of Nov, 2026", "25 Nov. 2026".
    func readDayFirst(at offset: Int, in text: DetectionText) -> Reading? {
        guard let day = number(at: offset, in: text), day.digits <= 2 else { return nil }
        var k = ordinalEnd(after: day.end, in: text)
        guard var monthStart = spaces(at: k, in: text) else { return nil }
        if text.matchesASCII("of", at: monthStart), let afterOf = spaces(at: monthStart + 2, in: text) { monthStart = afterOf }
        guard let (word, end) = DateWord.read(in: text, at: monthStart), case .month(let month) = word else { return nil }
        k = end
        if text.has(".", at: k) { k += 1 }
        if text.has(",", at: k) { k += 1 }
        guard let yearStart = spaces(at: k, in: text), let year = number(at: yearStart, in: text), year.digits == 4,
              isBoundary(after: year.end, in: text) else { return nil }
        return Reading(end: year.end, year: year.value, month: month, day: day.value)
    }

    /// Reads a time after a date into `reading`: ISO's "T14:30:05Z", or " at 3pm", " 3:30 PM",
    /// ", 15:30". Leaves `reading` alone when no time follows.
    func readTime(after reading: inout Reading, in text: DetectionText) {
        var k = reading.end
        if text.has("T", at: k) {
            guard var time = clock(at: k + 1, in: text, requireMinutes: true), !time.hasMeridiem else { return }
            if let (zone, zoneEnd) = zoneOffset(at: time.end, in: text) {
                time.end = zoneEnd
                reading.timeZone = zone
            }
            guard isBoundary(after: time.end, in: text) else { return }
            (reading.hour, reading.minute, reading.second, reading.end) = (time.hour, time.minute, time.second, time.end)
            reading.needsTime = false
            return
        }
        if text.has(",", at: k) { k += 1 }
        guard var start = spaces(at: k, in: text) else { return }
        var sawAt = false
        if text.matchesASCII("at", at: start) || text.has("@", at: start) {
            guard let afterAt = spaces(at: start + (text.has("@", at: start) ? 1 : 2), in: text) else { return }
            start = afterAt
            sawAt = true
        }
        guard let time = clock(at: start, in: text, requireMinutes: false),
              time.hasMeridiem || time.hasMinutes, sawAt || time.hasMinutes || time.hasMeridiem,
              isBoundary(after: time.end, in: text) else { return }
        (reading.hour, reading.minute, reading.second, reading.end) = (time.hour, time.minute, time.second, time.end)
    }

    /// A time of day as read.
    struct Clock {
        var hour: Int
        var minute = 0
        var second = 0
        var hasMinutes = false
        var hasMeridiem = false
        var end: Int
    }

    /// "3pm", "3 PM", "3:30 p.m.", "15:30", "09:05:30".
    func clock(at offset: Int, in text: DetectionText, requireMinutes: Bool) -> Clock? {
        guard let hour = number(at: offset, in: text), hour.digits <= 2 else { return nil }
        var clock = Clock(hour: hour.value, end: hour.end)
        if text.has(":", at: hour.end), let minute = number(at: hour.end + 1, in: text), minute.digits == 2, minute.value < 60 {
            clock.minute = minute.value
            clock.hasMinutes = true
            clock.end = minute.end
            if text.has(":", at: minute.end), let second = number(at: minute.end + 1, in: text), second.digits == 2,
               second.value < 60 {
                clock.second = second.value
                clock.end = second.end
                // Fractions of a second ("…:05.250") are read and dropped.
                if text.has(".", at: clock.end), let fraction = number(at: clock.end + 1, in: text) { clock.end = fraction.end }
            }
        }
        if requireMinutes && !clock.hasMinutes { return nil }
        var k = clock.end
        if text.has(" ", at: k) { k += 1 }
        let meridiem: (isPM: Bool, length: Int)? =
            if text.matchesASCII("a.m.", at: k) { (false, 4) }
            else if text.matchesASCII("p.m.", at: k) { (true, 4) }
            else if text.matchesASCII("am", at: k), !text.isWordCharacter(at: k + 2) { (false, 2) }
            else if text.matchesASCII("pm", at: k), !text.isWordCharacter(at: k + 2) { (true, 2) }
            else { nil }
        if let meridiem {
            guard (1...12).contains(clock.hour) else { return nil }
            clock.hour = clock.hour % 12 + (meridiem.isPM ? 12 : 0)
            clock.hasMeridiem = true
            clock.end = k + meridiem.length
        }
        guard clock.hour < 24 else { return nil }
        return clock
    }

    /// "Z", "+01:00", "-0500", "+01" after an ISO time.
    func zoneOffset(at offset: Int, in text: DetectionText) -> (TimeZone, Int)? {
        if text.has("Z", at: offset) { return (TimeZone(secondsFromGMT: 0)!, offset + 1) }
        guard let sign = text.unit(offset), sign == 0x2B || sign == 0x2D,
              let hours = number(at: offset + 1, in: text), hours.digits == 2 || hours.digits == 4 else { return nil }
        var (h, m, end) = (hours.value, 0, hours.end)
        if hours.digits == 4 {
            (h, m) = (hours.value / 100, hours.value % 100)
        } else if text.has(":", at: end), let minutes = number(at: end + 1, in: text), minutes.digits == 2 {
            (m, end) = (minutes.value, minutes.end)
        }
        guard h <= 14, m < 60, let zone = TimeZone(secondsFromGMT: (sign == 0x2B ? 1 : -1) * (h * 3600 + m * 60)) else {
            return nil
        }
        return (zone, end)
    }

    // MARK: Pieces

    /// The ASCII digits at `offset` (at most 6) and their value.
    func number(at offset: Int, in text: DetectionText) -> (value: Int, digits: Int, end: Int)? {
        var k = offset
        var value = 0
        while let u = text.unit(k), DetectionCharacter.isDigit(u) {
            if k - offset >= 6 { return nil }
            value = value * 10 + Int(u - 0x30)
            k += 1
        }
        return k > offset ? (value, k - offset, k) : nil
    }

    /// The offset after one or more spaces (or no-break spaces) at `offset`, or nil when none.
    func spaces(at offset: Int, in text: DetectionText) -> Int? {
        var k = offset
        while let u = text.unit(k), u == 0x20 || u == 0xA0, k - offset < 4 { k += 1 }
        return k > offset ? k : nil
    }

    /// After "st", "nd", "rd" or "th" following a day number, else `offset`.
    func ordinalEnd(after offset: Int, in text: DetectionText) -> Int {
        for suffix: StaticString in ["st", "nd", "rd", "th"] where text.matchesASCII(suffix, at: offset) {
            if !text.isWordCharacter(at: offset + 2) { return offset + 2 }
        }
        return offset
    }

    func twoDigitYear(_ value: Int) -> Int {
        let century = calendar.component(.year, from: now) / 100 * 100
        let year = century + value
        return year > calendar.component(.year, from: now) + 20 ? year - 100 : year
    }

    /// The day a weekday qualified by next, this or last names, counted from today.
    func day(_ weekday: Int, _ qualifier: DateWord.Qualifier) -> Date? {
        let today = calendar.component(.weekday, from: now)
        var delta = (weekday - today + 7) % 7
        switch qualifier {
        case .next: if delta == 0 { delta = 7 }
        case .this: break
        case .last: delta = delta == 0 ? -7 : delta - 7
        }
        return calendar.date(byAdding: .day, value: delta, to: now)
    }

    func reading(of day: Date, end: Int) -> Reading {
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return Reading(end: end, year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The `Date` of a reading, or nil when it names no real day (February 30) or the year is out
    /// of range (before 1000 or after 9999).
    func makeDate(_ reading: Reading) -> Date? {
        guard (1000...9999).contains(reading.year), (1...12).contains(reading.month), reading.day >= 1,
              reading.day <= Self.daysIn(month: reading.month, year: reading.year) else { return nil }
        var calendar = self.calendar
        if let zone = reading.timeZone { calendar.timeZone = zone }
        let parts = DateComponents(year: reading.year, month: reading.month, day: reading.day,
                                   hour: reading.hour, minute: reading.minute, second: reading.second)
        return calendar.date(from: parts)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

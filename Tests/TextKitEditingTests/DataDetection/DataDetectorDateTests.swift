import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

@Suite("NSDataDetector dates")
struct DataDetectorDateTests {
    @Test("Written and numeric dates, at noon in the current time zone", arguments: [
        ("2026-11-25", 2026, 11, 25), ("2026/11/25", 2026, 11, 25), ("25 November 2026", 2026, 11, 25),
        ("November 25, 2026", 2026, 11, 25), ("Nov. 25 2026", 2026, 11, 25), ("November 25th, 2026", 2026, 11, 25),
        ("25th of November, 2026", 2026, 11, 25), ("Wednesday, November 25, 2026", 2026, 11, 25),
        ("Wed 25 Nov 2026", 2026, 11, 25), ("11/25/2026", 2026, 11, 25), ("25/11/2026", 2026, 11, 25),
        ("25.11.2026", 2026, 11, 25), ("2/29/2028", 2028, 2, 29), ("1 Jan 1999", 1999, 1, 1), ("12/31/26", 2026, 12, 31),
    ])
    func dates(text: String, year: Int, month: Int, day: Int) {
        let sentence = "Due \(text)."
        let matches = detect(sentence, .date)
        #expect(matches.count == 1, "\(text): \(matchedTexts(sentence, .date))")
        #expect(matches.first?.range == NSRange(location: 4, length: text.utf16.count))
        #expect(matches.first?.date == localDate(year, month, day))
        #expect(matches.first?.timeZone == TimeZone.current)
        #expect(matches.first?.duration == 0)
        #expect(matches.first?.resultType == .date)
    }

    @Test("Month-first numeric dates follow the locale; an impossible order gives way")
    func numericOrder() {
        let us = DateScanner(now: referenceNow, locale: Locale(identifier: "en_US"))
        let gb = DateScanner(now: referenceNow, locale: Locale(identifier: "en_GB"))
        #expect(us.monthFirst && !gb.monthFirst)
        let units = Array("03/04/2026".utf16)
        let text = DetectionText(units: units, bounds: 0..<units.count)
        #expect(us.read(at: 0, in: text).map { [$0.month, $0.day] } == [3, 4])
        #expect(gb.read(at: 0, in: text).map { [$0.month, $0.day] } == [4, 3])
    }

    @Test("Times after a date", arguments: [
        ("November 25, 2026 at 3pm", 15, 0, 0), ("2026-11-25 14:30", 14, 30, 0), ("25 Nov 2026, 9:05:30 a.m.", 9, 5, 30),
        ("11/25/2026 12 AM", 0, 0, 0), ("tomorrow at 7:45 PM", 19, 45, 0),
    ])
    func times(text: String, hour: Int, minute: Int, second: Int) {
        let matches = detect(text, .date, now: referenceNow)
        #expect(matches.count == 1 && matches.first?.range == NSRange(location: 0, length: text.utf16.count),
                "\(text): \(matchedTexts(text, .date))")
        let day = text.hasPrefix("tomorrow") ? 26 : 25
        #expect(matches.first?.date == localDate(2026, 11, day, hour, minute, second))
    }

    @Test("ISO date-times with a zone")
    func isoZones() {
        let match = detect("at 2026-11-25T14:30:00Z sharp", .date).first
        #expect(match?.date == Date(timeIntervalSince1970: 1_795_617_000))
        #expect(match?.timeZone?.secondsFromGMT() == 0)
        #expect(match?.range == NSRange(location: 3, length: 20))
        let plusOne = detect("2026-11-25T15:30+01:00", .date).first
        #expect(plusOne?.date == Date(timeIntervalSince1970: 1_795_617_000))
        #expect(plusOne?.timeZone?.secondsFromGMT() == 3600)
    }

    @Test("Relative dates count from the moment of detection (here Wednesday 25 November 2026)")
    func relative() {
        let cases: [(String, Int, Int)] = [
            ("today", 11, 25), ("Tomorrow", 11, 26), ("yesterday", 11, 24), ("next Friday", 11, 27),
            ("this Wednesday", 11, 25), ("next Wednesday", 12, 2), ("last Wednesday", 11, 18), ("last Monday", 11, 23),
        ]
        for (text, month, day) in cases {
            let matches = detect("See you \(text).", .date, now: referenceNow)
            #expect(matches.map(\.range) == [NSRange(location: 8, length: text.utf16.count)], "\(text)")
            #expect(matches.first?.date == localDate(2026, month, day), "\(text)")
        }
    }

    @Test("Not dates", arguments: [
        "November 25", "2026-13-01", "2026-02-30", "31/31/2026", "Feb 29, 2027", "version 1.2.3", "12:30",
        "May I help?", "the 25th", "2026", "1.2.2026.5", "v2026-11-25", "0000-01-01", "next week", "Nov 2026",
    ])
    func notDates(text: String) {
        #expect(detect(text, .date, now: referenceNow).isEmpty, "found \(matchedTexts(text, .date)) in \(text)")
    }
}
